import {
  applyBarEdit,
  type BarEdit,
  type BarGeometry,
  barGeometry,
  cellsToUnits,
  epicProgress,
  milestoneTypeText,
  type PresetType,
  type ProgressTracking,
  type Timeframe,
  timeframeHeaderItems,
  timeframeText,
  todayMarker,
} from '@meridian/domain';
import { useRouter } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { AppLink } from '../../lib/AppLink';
import { LabelBadge } from '../../ui/LabelBadge';
import { Spinner } from '../../ui/Spinner';
import styles from './Roadmap.module.css';
import type { RoadmapEpic, RoadmapMilestone } from './roadmapApi';
import { dependencyLinks, MAX_INDENT_LEVEL, type RoadmapRow } from './roadmapRows';

export const DETAILS_WIDTH = 320;
const MIN_CELL: Record<PresetType, number> = { WEEKS: 140, MONTHS: 88, QUARTERS: 120 };
const MILESTONE_LANE = 26;
/** The Milestones section shows at most this many lanes and scrolls inside beyond them. */
const MAX_VISIBLE_LANES = 6;
/** Below this width a bar shows an ellipsis instead of its title (RF §9). */
const MIN_TITLE_WIDTH = 56;

export interface EditDates {
  startDate: string;
  dueDate: string;
}

interface PopoverState {
  x: number;
  y: number;
  content: ReactNode;
}

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

function progressText(mode: ProgressTracking, opened: number, closed: number): string {
  const total = opened + closed;
  return mode === 'WEIGHT' ? `${closed} of ${total} weight completed` : `${closed} of ${total} issues closed`;
}

function childCountText(epic: RoadmapEpic): { count: number; text: string } {
  const counts = epic.descendantCounts;
  const count = (counts?.openedEpics ?? 0) + (counts?.closedEpics ?? 0);
  return { count, text: `${count} child ${count === 1 ? 'epic' : 'epics'}` };
}

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      className={open ? styles.chevronOpen : undefined}
    >
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M8 7v4M8 4.8v.4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

function BlockedIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3.5 12.5l9-9" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function EpicIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M8 1.5l5.5 3.2v6.6L8 14.5l-5.5-3.2V4.7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Milestones in lanes so that their bars (and titles) do not overlap. */
function milestoneLanes(
  milestones: RoadmapMilestone[],
  tf: Timeframe,
  cellWidth: number,
): { milestone: RoadmapMilestone; geometry: BarGeometry; lane: number }[] {
  const placed = milestones
    .map((milestone) => ({ milestone, geometry: barGeometry(milestone, tf) }))
    .filter((m): m is { milestone: RoadmapMilestone; geometry: BarGeometry } => m.geometry !== null)
    .sort((a, b) => a.geometry.left - b.geometry.left);
  const laneEnds: number[] = [];
  return placed.map(({ milestone, geometry }) => {
    const left = geometry.left * cellWidth;
    const right = left + Math.max(geometry.width * cellWidth, milestone.title.length * 7 + 24);
    let lane = laneEnds.findIndex((end) => end + 8 <= left);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(right);
    } else laneEnds[lane] = right;
    return { milestone, geometry, lane };
  });
}

interface BarProps {
  epic: RoadmapEpic;
  geometry: BarGeometry;
  tf: Timeframe;
  cellWidth: number;
  showProgress: boolean;
  progressTracking: ProgressTracking;
  onEditDates: (epic: RoadmapEpic, dates: EditDates) => void;
  showPopover: (target: HTMLElement, content: ReactNode) => void;
  hidePopover: () => void;
}

function EpicBar({
  epic,
  geometry,
  tf,
  cellWidth,
  showProgress,
  progressTracking,
  onEditDates,
  showPopover,
  hidePopover,
}: BarProps) {
  const preset = tf.preset;
  const dates = epic.startDate && epic.dueDate ? { startDate: epic.startDate, dueDate: epic.dueDate } : null;
  const canEdit = !!epic.userPermissions?.adminEpic && dates !== null;
  const [drag, setDrag] = useState<{ mode: BarEdit; startX: number; units: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const barRef = useRef<HTMLAnchorElement>(null);
  const router = useRouter();

  const preview = drag && dates && drag.units !== 0 ? applyBarEdit(dates, drag.mode, drag.units, preset) : null;
  const g = (preview && barGeometry(preview, tf)) || geometry;
  const left = g.left * cellWidth;
  const width = Math.max(g.width * cellWidth, 8);
  const progress = epicProgress(epic, progressTracking);
  const text = timeframeText(preview ?? epic);
  const color = epic.color ?? 'var(--primary)';
  const textColor = epic.textColor ?? '#ffffff';

  const popover = (
    <>
      <p className={styles.popoverTitle}>{epic.title}</p>
      <p>{text}</p>
      {showProgress && <p>{progressText(progressTracking, progress.opened, progress.closed)}</p>}
    </>
  );

  const startDrag = (event: PointerEvent<HTMLElement>, mode: BarEdit) => {
    if (!canEdit || event.button !== 0) return;
    event.stopPropagation();
    barRef.current?.setPointerCapture(event.pointerId);
    hidePopover();
    setDrag({ mode, startX: event.clientX, units: 0, moved: false });
  };
  const onPointerMove = (event: PointerEvent<HTMLAnchorElement>) => {
    if (!drag) return;
    const dx = event.clientX - drag.startX;
    const units = cellsToUnits(dx / cellWidth, preset);
    const moved = drag.moved || Math.abs(dx) > 4;
    if (units !== drag.units || moved !== drag.moved) setDrag({ ...drag, units, moved });
  };
  const endDrag = (event: PointerEvent<HTMLAnchorElement>, cancelled: boolean) => {
    if (!drag) return;
    barRef.current?.releasePointerCapture?.(event.pointerId);
    if (drag.moved) suppressClick.current = true;
    if (!cancelled && dates && drag.units !== 0) onEditDates(epic, applyBarEdit(dates, drag.mode, drag.units, preset));
    setDrag(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!canEdit || !dates) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const units = event.key === 'ArrowLeft' ? -1 : 1;
    onEditDates(epic, applyBarEdit(dates, event.shiftKey ? 'resize-end' : 'move', units, preset));
  };

  const classes = [
    styles.bar,
    g.startOutOfRange ? styles.barStartOut : '',
    g.endOutOfRange ? styles.barEndOut : '',
    canEdit ? styles.barEditable : '',
    drag?.moved ? styles.barDragging : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <a
      ref={barRef}
      href={epic.webPath}
      className={classes}
      style={{ left, width, backgroundColor: color, color: textColor }}
      draggable={false}
      data-testid="roadmap-bar"
      data-epic-id={epic.id}
      data-editable={canEdit ? 'true' : 'false'}
      data-start-date={epic.startDate ?? ''}
      data-due-date={epic.dueDate ?? ''}
      aria-label={`${epic.title}, ${text}${canEdit ? '. Use arrow keys to move, Shift plus arrow keys to change the due date' : ''}`}
      tabIndex={0}
      onPointerDown={(event) => startDrag(event, 'move')}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
      onClick={(event) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          event.preventDefault();
          return;
        }
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href: epic.webPath });
      }}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => !drag && showPopover(event.currentTarget, popover)}
      onPointerLeave={hidePopover}
      onFocus={(event) => showPopover(event.currentTarget, popover)}
      onBlur={hidePopover}
    >
      {g.startOutOfRange && (
        <span className={styles.outMark} aria-hidden="true">
          ‹
        </span>
      )}
      <span className={styles.barTitle}>{width < MIN_TITLE_WIDTH ? '…' : epic.title}</span>
      {showProgress && width >= MIN_TITLE_WIDTH + 40 && (
        <span className={styles.barProgress} data-testid="roadmap-progress">
          <span className={styles.progressTrack} aria-hidden="true">
            <span className={styles.progressFill} style={{ width: `${progress.percent}%` }} />
          </span>
          <span className={styles.progressPercent}>{progress.percent}%</span>
        </span>
      )}
      {g.endOutOfRange && (
        <span className={styles.outMark} aria-hidden="true">
          ›
        </span>
      )}
      {canEdit && (
        <>
          <span
            className={`${styles.handle} ${styles.handleStart}`}
            data-testid="bar-handle-start"
            aria-hidden="true"
            onPointerDown={(event) => startDrag(event, 'resize-start')}
          />
          <span
            className={`${styles.handle} ${styles.handleEnd}`}
            data-testid="bar-handle-end"
            aria-hidden="true"
            onPointerDown={(event) => startDrag(event, 'resize-end')}
          />
        </>
      )}
    </a>
  );
}

/**
 * The timeline: a sticky header of the timeframe's columns, the Milestones section, and one row per
 * epic (virtualized; the details column sticks to the left so both scroll together), with the
 * current-day indicator and dependency lines.
 */
export function RoadmapTimeline(props: RoadmapTimelineProps) {
  const {
    groupPath,
    tf,
    today,
    rows,
    milestones,
    showLabels,
    showProgress,
    progressTracking,
    filtered,
    hasMore,
    isLoadingMore,
    onReachEnd,
    onToggle,
    onLabelClick,
    blockersOf,
    onEditDates,
  } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const [viewportWidth, setViewportWidth] = useState(1000);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [moreBelow, setMoreBelow] = useState(false);
  const [milestonesOpen, setMilestonesOpen] = useState(true);
  const [popover, setPopover] = useState<PopoverState | null>(null);

  const cellCount = tf.cells.length;
  const cellWidth = Math.max(MIN_CELL[tf.preset], Math.floor((viewportWidth - DETAILS_WIDTH) / cellCount));
  const timelineWidth = cellWidth * cellCount;
  const totalWidth = DETAILS_WIDTH + timelineWidth;
  const rowHeight = showLabels ? 76 : 56;
  const header = useMemo(() => timeframeHeaderItems(tf, today), [tf, today]);
  const marker = todayMarker(tf, today);
  const todayX = marker ? (marker.cellIndex + marker.offset) * cellWidth : null;

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
    overscan: 8,
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

  const showPopover = useCallback((target: HTMLElement, content: ReactNode) => {
    const rect = target.getBoundingClientRect();
    setPopover({ x: Math.max(8, rect.left), y: rect.bottom + 6, content });
  }, []);
  const hidePopover = useCallback(() => setPopover(null), []);

  const links = useMemo(() => dependencyLinks(rows, blockersOf), [rows, blockersOf]);
  const lanes = useMemo(
    () => (milestones ? milestoneLanes(milestones, tf, cellWidth) : []),
    [milestones, tf, cellWidth],
  );
  const laneCount = lanes.reduce((max, m) => Math.max(max, m.lane + 1), 0);
  const gridStyle = {
    backgroundImage: 'linear-gradient(to right, var(--border) 1px, transparent 1px)',
    backgroundSize: `${cellWidth}px 100%`,
  };

  return (
    <div className={styles.timelineWrap}>
      <div
        className={styles.scroller}
        ref={scrollerRef}
        onScroll={() => {
          updateShadow();
          if (popover) setPopover(null);
        }}
        data-testid="roadmap-scroller"
        data-row-count={rows.length}
      >
        <div className={styles.canvas} style={{ width: totalWidth }}>
          <div className={styles.header}>
            <div className={styles.headerCorner} style={{ width: DETAILS_WIDTH }}>
              Epics
            </div>
            <div className={styles.headerCells} style={{ width: timelineWidth }}>
              {header.map((item, i) => (
                <div
                  key={tf.cells[i]?.start ?? i}
                  className={`${styles.headerCell} ${item.containsToday ? styles.headerToday : ''}`}
                  style={{ width: cellWidth }}
                  data-testid="roadmap-header-item"
                >
                  <span className={styles.headerLabel}>{item.label}</span>
                  {item.subDays.length > 0 && (
                    <span className={styles.subDays}>
                      {item.subDays.map((day) => (
                        <span key={day} className={styles.subDay}>
                          {day}
                        </span>
                      ))}
                    </span>
                  )}
                </div>
              ))}
              {todayX !== null && (
                <span className={styles.todayHead} style={{ left: todayX }} title={`Today: ${today}`} />
              )}
            </div>
          </div>

          {milestones && (
            <section className={styles.milestones} aria-label="Milestones" data-testid="roadmap-milestones">
              <div className={styles.milestonesDetails} style={{ width: DETAILS_WIDTH }}>
                <button
                  type="button"
                  className={styles.expandButton}
                  aria-expanded={milestonesOpen}
                  aria-label={milestonesOpen ? 'Collapse milestones' : 'Expand milestones'}
                  onClick={() => setMilestonesOpen((open) => !open)}
                >
                  <ChevronIcon open={milestonesOpen} />
                </button>
                <span className={styles.milestonesTitle}>Milestones</span>
                <span className={styles.countBadge} data-testid="milestones-count">
                  {lanes.length}
                </span>
              </div>
              <div
                className={styles.milestonesTimeline}
                style={{
                  ...gridStyle,
                  width: timelineWidth,
                  overflowY: laneCount > MAX_VISIBLE_LANES && milestonesOpen ? 'auto' : 'hidden',
                  height: milestonesOpen
                    ? Math.min(Math.max(1, laneCount), MAX_VISIBLE_LANES) * MILESTONE_LANE + 12
                    : 36,
                }}
              >
                {milestonesOpen &&
                  lanes.map(({ milestone, geometry, lane }) => {
                    const content = (
                      <>
                        <p className={styles.popoverTitle}>{milestone.title}</p>
                        <p>{milestoneTypeText(milestone)}</p>
                        <p>{timeframeText(milestone)}</p>
                      </>
                    );
                    return (
                      <AppLink
                        key={milestone.id}
                        href={milestone.webPath}
                        className={styles.milestone}
                        style={{
                          left: geometry.left * cellWidth,
                          width: Math.max(geometry.width * cellWidth, 6),
                          top: 6 + lane * MILESTONE_LANE,
                        }}
                        title={`${milestone.title}: ${timeframeText(milestone)}`}
                        data-testid="roadmap-milestone"
                        onPointerEnter={(event) => showPopover(event.currentTarget, content)}
                        onPointerLeave={hidePopover}
                        onFocus={(event) => showPopover(event.currentTarget, content)}
                        onBlur={hidePopover}
                      >
                        <span className={styles.milestoneLine} aria-hidden="true" />
                        <span className={styles.milestoneTitle}>{milestone.title}</span>
                      </AppLink>
                    );
                  })}
                {todayX !== null && <span className={styles.todayLine} style={{ left: todayX }} />}
              </div>
            </section>
          )}

          <div ref={rowsRef} className={styles.rows} style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
            <div className={styles.grid} style={{ ...gridStyle, left: DETAILS_WIDTH, width: timelineWidth }} />
            {todayX !== null && (
              <span className={styles.todayLine} style={{ left: DETAILS_WIDTH + todayX }} data-testid="today-line" />
            )}
            <svg
              className={styles.dependencies}
              style={{ left: DETAILS_WIDTH }}
              width={timelineWidth}
              height={Math.max(1, rows.length * rowHeight)}
              aria-hidden="true"
            >
              <defs>
                <marker
                  id="rm-arrow"
                  viewBox="0 0 8 8"
                  refX="7"
                  refY="4"
                  markerWidth="7"
                  markerHeight="7"
                  orient="auto"
                >
                  <path d="M0 0L8 4L0 8z" fill="var(--color-gray-500)" />
                </marker>
                <marker
                  id="rm-arrow-late"
                  viewBox="0 0 8 8"
                  refX="7"
                  refY="4"
                  markerWidth="7"
                  markerHeight="7"
                  orient="auto"
                >
                  <path d="M0 0L8 4L0 8z" fill="var(--text-danger)" />
                </marker>
              </defs>
              {links.map((link) => {
                const from = rows[link.fromRow];
                const to = rows[link.toRow];
                if (!from || !to) return null;
                const x1 = (from.geometry.left + from.geometry.width) * cellWidth;
                const y1 = link.fromRow * rowHeight + rowHeight / 2;
                const x2 = to.geometry.left * cellWidth;
                const y2 = link.toRow * rowHeight + rowHeight / 2;
                const bend = Math.max(24, Math.abs(x2 - x1) / 3);
                return (
                  <path
                    key={`${from.epic.id}->${to.epic.id}`}
                    d={`M${x1} ${y1} C${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2 - 1} ${y2}`}
                    className={link.late ? styles.depLate : styles.dep}
                    markerEnd={link.late ? 'url(#rm-arrow-late)' : 'url(#rm-arrow)'}
                    data-testid="dependency-line"
                    data-late={link.late ? 'true' : 'false'}
                  />
                );
              })}
            </svg>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const { epic, level, geometry } = row;
              const indent = Math.min(level, MAX_INDENT_LEVEL);
              const children = childCountText(epic);
              const showGroup = epic.group.fullPath !== groupPath && !epic.hasParent;
              const noMatchingChildren = row.expanded && row.childStatus === 'empty' && filtered;
              return (
                <div
                  key={epic.id}
                  className={styles.row}
                  style={{ height: rowHeight, transform: `translateY(${item.start - scrollMargin}px)` }}
                  data-testid="roadmap-row"
                  data-level={level}
                  data-epic-id={epic.id}
                >
                  <div
                    className={`${styles.details} ${styles[`indent${indent}`] ?? ''}`}
                    style={{ width: DETAILS_WIDTH }}
                  >
                    <div className={styles.detailsControl}>
                      {epic.hasChildren &&
                        (noMatchingChildren ? (
                          <span
                            className={styles.infoIcon}
                            title="No child epics match applied filters"
                            aria-label="No child epics match applied filters"
                            role="img"
                          >
                            <InfoIcon />
                          </span>
                        ) : (
                          <button
                            type="button"
                            className={styles.expandButton}
                            aria-expanded={row.expanded}
                            aria-label={row.expanded ? `Collapse ${epic.title}` : `Expand ${epic.title}`}
                            onClick={() => onToggle(epic)}
                          >
                            {row.childStatus === 'loading' ? (
                              <Spinner size="small" label="Loading child epics" />
                            ) : (
                              <ChevronIcon open={row.expanded} />
                            )}
                          </button>
                        ))}
                    </div>
                    <div className={styles.detailsText}>
                      <div className={styles.titleLine}>
                        {epic.blocked && (
                          <span
                            className={styles.blocked}
                            role="img"
                            aria-label={`Blocked by ${epic.blockedByCount ?? 1} ${epic.blockedByCount === 1 ? 'epic' : 'epics'}`}
                            title={`Blocked by ${epic.blockedByCount ?? 1} ${epic.blockedByCount === 1 ? 'epic' : 'epics'}`}
                            data-testid="blocked-icon"
                          >
                            <BlockedIcon />
                          </span>
                        )}
                        <AppLink href={epic.webPath} className={styles.epicTitle} title={epic.title}>
                          {epic.title}
                        </AppLink>
                      </div>
                      <div className={styles.metaLine}>
                        {showGroup && <span className={styles.groupName}>{epic.group.name}</span>}
                        {showGroup && <span aria-hidden="true">·</span>}
                        <span data-testid="roadmap-timeframe">{timeframeText(epic)}</span>
                        {children.count > 0 && (
                          <span
                            className={styles.childCount}
                            title={`${children.text}\nSome child epics may be hidden due to applied filters`}
                            data-testid="child-count"
                          >
                            <EpicIcon />
                            {children.count}
                          </span>
                        )}
                      </div>
                      {showLabels && (epic.labels?.nodes.length ?? 0) > 0 && (
                        <div className={styles.labels}>
                          {epic.labels?.nodes.map((label) => (
                            <button
                              type="button"
                              key={label.id}
                              className={styles.labelButton}
                              onClick={() => onLabelClick(label.title)}
                              aria-label={`Filter by label ${label.title}`}
                            >
                              <LabelBadge
                                label={{
                                  id: 0,
                                  name: label.title,
                                  color: label.color,
                                  text_color: label.textColor,
                                  description: label.description,
                                }}
                              />
                            </button>
                          ))}
                        </div>
                      )}
                    </div>
                  </div>
                  <div className={styles.timelineCell} style={{ width: timelineWidth }}>
                    <EpicBar
                      epic={epic}
                      geometry={geometry}
                      tf={tf}
                      cellWidth={cellWidth}
                      showProgress={showProgress}
                      progressTracking={progressTracking}
                      onEditDates={onEditDates}
                      showPopover={showPopover}
                      hidePopover={hidePopover}
                    />
                  </div>
                </div>
              );
            })}
          </div>
          <div className={styles.fillerRow} style={{ width: totalWidth }} aria-hidden="true">
            <div className={styles.fillerDetails} style={{ width: DETAILS_WIDTH }} />
            <div className={styles.fillerTimeline} style={{ ...gridStyle, width: timelineWidth }} />
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
      {popover && (
        <div className={styles.popover} style={{ left: popover.x, top: popover.y }} role="tooltip">
          {popover.content}
        </div>
      )}
    </div>
  );
}
