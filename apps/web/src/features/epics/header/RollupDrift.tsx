import { formatDate } from '../../../lib/format';
import styles from './EpicHeader.module.css';
import type { EpicPageData } from './epicPageApi';

const plural = (n: number) => (n === 1 ? '1 child ends' : `${n} children end`);

/**
 * Beyond GitLab (issue 13): the epic's planned dates against its open children's, e.g. "Planned:
 * Jan 1, 2026 – Mar 31, 2026 · 2 children end after the epic (latest Apr 12, 2026)", flagged in the
 * roadmap's dependency colour when children end after the epic. The server counts only the children
 * the viewer may read. Nothing shows for an epic without planned dates.
 */
export function RollupDrift({ epic }: { epic: EpicPageData }) {
  const start = epic.start_date;
  const due = epic.due_date ?? epic.end_date;
  if (!start && !due) return null;
  const drift = epic.rollup_drift;
  const planned = `Planned: ${start ? formatDate(start) : 'No start date'} – ${due ? formatDate(due) : 'No due date'}`;
  return (
    <p className={styles.drift} data-testid="rollup-drift">
      {planned}
      {drift.drifting && drift.latest_child_due_date && (
        <>
          {' · '}
          <span className={styles.drifting}>
            {`${plural(drift.children_after_due)} after the epic (latest ${formatDate(drift.latest_child_due_date)})`}
          </span>
        </>
      )}
    </p>
  );
}
