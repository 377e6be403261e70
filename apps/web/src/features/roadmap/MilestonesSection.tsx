import { type BarGeometry, barGeometry, milestoneTypeText, type Timeframe, timeframeText } from '@meridian/domain';
import { memo, useMemo, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import styles from './MilestonesSection.module.css';
import shared from './Roadmap.module.css';
import type { RoadmapMilestone } from './roadmapApi';
import { ChevronIcon } from './roadmapIcons';
import { DETAILS_WIDTH, gridStyle, type PopoverControls, type TimelineScale } from './timelineLayout';

const MILESTONE_LANE = 26;
/** The Milestones section shows at most this many lanes and scrolls inside beyond them. */
const MAX_VISIBLE_LANES = 6;

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

interface MilestonesSectionProps extends PopoverControls {
  milestones: RoadmapMilestone[];
  scale: TimelineScale;
}

/** The collapsible Milestones section (RF §2): a count, and the milestones in non-overlapping lanes. */
function MilestonesSectionView({ milestones, scale, showPopover, hidePopover }: MilestonesSectionProps) {
  const { tf, cellWidth, timelineWidth, todayX } = scale;
  const [milestonesOpen, setMilestonesOpen] = useState(true);
  const lanes = useMemo(() => milestoneLanes(milestones, tf, cellWidth), [milestones, tf, cellWidth]);
  const laneCount = lanes.reduce((max, m) => Math.max(max, m.lane + 1), 0);
  return (
    <section className={styles.milestones} aria-label="Milestones" data-testid="roadmap-milestones">
      <div className={styles.milestonesDetails} style={{ width: DETAILS_WIDTH }}>
        <button
          type="button"
          className={shared.expandButton}
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
          ...gridStyle(cellWidth),
          width: timelineWidth,
          overflowY: laneCount > MAX_VISIBLE_LANES && milestonesOpen ? 'auto' : 'hidden',
          height: milestonesOpen ? Math.min(Math.max(1, laneCount), MAX_VISIBLE_LANES) * MILESTONE_LANE + 12 : 36,
        }}
      >
        {milestonesOpen &&
          lanes.map(({ milestone, geometry, lane }) => {
            const content = (
              <>
                <p className={shared.popoverTitle}>{milestone.title}</p>
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
        {todayX !== null && <span className={shared.todayLine} style={{ left: todayX }} />}
      </div>
    </section>
  );
}

/** Memoized: scrolling re-renders the timeline every frame, but not this unless its props change. */
export const MilestonesSection = memo(MilestonesSectionView);
