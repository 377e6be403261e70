import { timeframeHeaderItems } from '@meridian/domain';
import { memo, useMemo } from 'react';
import styles from './TimelineHeader.module.css';
import { DETAILS_WIDTH, type TimelineScale } from './timelineLayout';

interface TimelineHeaderProps {
  scale: TimelineScale;
  today: string;
}

/** The sticky header: one labelled column per timeframe cell (with sub-days for weeks) and today's mark. */
function TimelineHeaderView({ scale, today }: TimelineHeaderProps) {
  const { tf, cellWidth, timelineWidth, todayX } = scale;
  const header = useMemo(() => timeframeHeaderItems(tf, today), [tf, today]);
  return (
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
        {todayX !== null && <span className={styles.todayHead} style={{ left: todayX }} title={`Today: ${today}`} />}
      </div>
    </div>
  );
}

/** Memoized: scrolling re-renders the timeline every frame, but not this unless its props change. */
export const TimelineHeader = memo(TimelineHeaderView);
