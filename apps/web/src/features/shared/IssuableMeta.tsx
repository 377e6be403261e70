import { formatDate, isPastDue } from '../../lib/format';
import type { MilestoneRef } from '../../lib/types';
import { dueDateText } from './dueDateText';
import { Icon } from './Icon';
import styles from './IssuableRow.module.css';

/** Milestone and due date items of a row's meta line (clock icon + milestone, calendar icon + due date). */
export function IssuableMeta({
  milestone,
  dueDate,
  closed,
}: {
  milestone?: MilestoneRef | null;
  dueDate?: string | null;
  closed: boolean;
}) {
  const overdue = !!dueDate && !closed && isPastDue(dueDate);
  return (
    <>
      {milestone && (
        <span className={styles.metaItem} title="Milestone">
          · <Icon name="clock" />
          <span className="visually-hidden">Milestone</span> {milestone.title}
        </span>
      )}
      {dueDate && (
        <span
          className={`${styles.metaItem} ${overdue ? styles.overdue : ''}`}
          title={`Due date: ${formatDate(dueDate)}${overdue ? ' (Past due)' : ''}`}
          data-testid="due-date"
        >
          · <Icon name="calendar" />
          <span className="visually-hidden">{overdue ? 'Past due' : 'Due date'}</span> {dueDateText(dueDate)}
        </span>
      )}
    </>
  );
}
