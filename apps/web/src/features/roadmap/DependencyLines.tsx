import { memo, useMemo } from 'react';
import styles from './DependencyLines.module.css';
import type { RoadmapEpic } from './roadmapApi';
import { dependencyLinks, type RoadmapRow } from './roadmapRows';
import { DETAILS_WIDTH, type TimelineScale } from './timelineLayout';

interface DependencyLinesProps {
  rows: RoadmapRow<RoadmapEpic>[];
  blockersOf: (id: string) => readonly string[] | undefined;
  scale: TimelineScale;
  rowHeight: number;
}

/** Arrows from the end of each blocking epic's bar to the start of the epic it blocks (red when late). */
function DependencyLinesView({ rows, blockersOf, scale, rowHeight }: DependencyLinesProps) {
  const { cellWidth, timelineWidth } = scale;
  const links = useMemo(() => dependencyLinks(rows, blockersOf), [rows, blockersOf]);
  return (
    <svg
      className={styles.dependencies}
      style={{ left: DETAILS_WIDTH }}
      width={timelineWidth}
      height={Math.max(1, rows.length * rowHeight)}
      aria-hidden="true"
    >
      <defs>
        <marker id="rm-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0 0L8 4L0 8z" fill="var(--color-gray-500)" />
        </marker>
        <marker id="rm-arrow-late" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
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
  );
}

/** Memoized: scrolling re-renders the timeline every frame, but not this unless its props change. */
export const DependencyLines = memo(DependencyLinesView);
