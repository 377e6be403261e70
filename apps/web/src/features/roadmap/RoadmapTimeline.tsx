import { type ProgressTracking, type Timeframe, todayMarker } from '@meridian/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { DependencyLines } from './DependencyLines';
import { EpicRow } from './EpicRow';
import { MilestonesSection } from './MilestonesSection';
import shared from './Roadmap.module.css';
import { RoadmapPopover, useRoadmapPopover } from './RoadmapPopover';
import styles from './RoadmapTimeline.module.css';
import type { RoadmapEpic, RoadmapMilestone } from './roadmapApi';
import type { RoadmapRow } from './roadmapRows';
import { TimelineHeader } from './TimelineHeader';
import { DETAILS_WIDTH, type EditDates, gridStyle, MIN_CELL, type TimelineScale } from './timelineLayout';

export type { EditDates } from './timelineLayout';

export interface RoadmapTimelineProps {
  groupPath: string;
  tf: Timeframe;
  today: string;
  rows: RoadmapRow<RoadmapEpic>[];
  /** null when milestones are hidden. */
  milestones: RoadmapMilestone[] | null;
  showLabels: boolean;
  showProgress: boolean;
  progressTracking: ProgressTracking;
  filtered: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onReachEnd: () => void;
  onToggle: (epic: RoadmapEpic) => void;
  onLabelClick: (title: string) => void;
  blockersOf: (id: string) => readonly string[] | undefined;
  onEditDates: (epic: RoadmapEpic, dates: EditDates) => void;
}

/**
 * The timeline: a sticky header of the timeframe's columns, the Milestones section, and one row per
 * epic (virtualized; the details column sticks to the left so both scroll together), with the
 * current-day indicator and dependency lines.
 */
export function RoadmapTimeline(props: RoadmapTimelineProps) {
  const { tf, today, rows, milestones, showLabels, hasMore, isLoadingMore, onReachEnd, blockersOf } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const [viewportWidth, setViewportWidth] = useState(1000);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [moreBelow, setMoreBelow] = useState(false);
  const { popover, showPopover, hidePopover } = useRoadmapPopover();

  const cellCount = tf.cells.length;
  const cellWidth = Math.max(MIN_CELL[tf.preset], Math.floor((viewportWidth - DETAILS_WIDTH) / cellCount));
  const timelineWidth = cellWidth * cellCount;
  const totalWidth = DETAILS_WIDTH + timelineWidth;
  const rowHeight = showLabels ? 76 : 56;
  const marker = todayMarker(tf, today);
  const todayX = marker ? (marker.cellIndex + marker.offset) * cellWidth : null;
  // One object for the memoized header, milestones and rows: they re-render only when the scale changes.
  const scale = useMemo<TimelineScale>(
    () => ({ tf, cellWidth, timelineWidth, todayX }),
    [tf, cellWidth, timelineWidth, todayX],
  );

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewportWidth(el.clientWidth));
    observer.observe(el);
    setViewportWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  // On a new timeframe, scroll so that today sits in the first third of the visible timeline.
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    const key = `${tf.start}/${tf.preset}/${cellWidth}`;
    if (!el || scrolledFor.current === key) return;
    scrolledFor.current = key;
    el.scrollLeft = todayX === null ? 0 : Math.max(0, todayX - (el.clientWidth - DETAILS_WIDTH) / 3);
  }, [tf.start, tf.preset, cellWidth, todayX]);

  useLayoutEffect(() => {
    const next = rowsRef.current?.offsetTop ?? 0;
    if (next !== scrollMargin) setScrollMargin(next);
  });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    // Rows above and below the visible ones: enough to scroll without blanks, and the DOM holds at most
    // about twice the visible rows (11–12 at 1400×900 → ≤ 20 rendered).
    overscan: 4,
    scrollMargin,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row height changes
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && !isLoadingMore && lastIndex >= rows.length - 4) onReachEnd();
  }, [hasMore, isLoadingMore, lastIndex, rows.length, onReachEnd]);

  const updateShadow = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    setMoreBelow(el.scrollTop + el.clientHeight < el.scrollHeight - 2);
  }, []);
  useEffect(() => {
    updateShadow();
  });

  const grid = gridStyle(cellWidth);

  return (
    <div className={styles.timelineWrap}>
      <div
        className={styles.scroller}
        ref={scrollerRef}
        onScroll={() => {
          updateShadow();
          if (popover) hidePopover();
        }}
        data-testid="roadmap-scroller"
        data-row-count={rows.length}
      >
        <div className={styles.canvas} style={{ width: totalWidth }}>
          <TimelineHeader scale={scale} today={today} />

          {milestones && (
            <MilestonesSection
              milestones={milestones}
              scale={scale}
              showPopover={showPopover}
              hidePopover={hidePopover}
            />
          )}

          <div ref={rowsRef} className={styles.rows} style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
            <div className={styles.grid} style={{ ...grid, left: DETAILS_WIDTH, width: timelineWidth }} />
            {todayX !== null && (
              <span className={shared.todayLine} style={{ left: DETAILS_WIDTH + todayX }} data-testid="today-line" />
            )}
            <DependencyLines rows={rows} blockersOf={blockersOf} scale={scale} rowHeight={rowHeight} />
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <EpicRow
                  key={row.epic.id}
                  {...props}
                  row={row}
                  top={item.start - scrollMargin}
                  height={rowHeight}
                  scale={scale}
                  showPopover={showPopover}
                  hidePopover={hidePopover}
                />
              );
            })}
          </div>
          <div className={styles.fillerRow} style={{ width: totalWidth }} aria-hidden="true">
            <div className={styles.fillerDetails} style={{ width: DETAILS_WIDTH }} />
            <div className={styles.fillerTimeline} style={{ ...grid, width: timelineWidth }} />
          </div>
          {isLoadingMore && (
            <div className={styles.loadingMore} role="status" data-testid="roadmap-loading-more">
              <Spinner size="small" label="Loading epics" />
              <span>Loading epics</span>
            </div>
          )}
        </div>
      </div>
      {(moreBelow || hasMore) && <div className={styles.bottomShadow} data-testid="roadmap-bottom-shadow" />}
      <RoadmapPopover popover={popover} onClose={hidePopover} />
    </div>
  );
}
