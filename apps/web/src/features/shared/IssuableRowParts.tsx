import type { ReactNode } from 'react';
import { timeAgo } from '../../lib/format';
import styles from '../issues/IssuesTable.module.css';
import { Icon } from './Icon';
import rowStyles from './IssuableRow.module.css';

/** The eye-slash mark before a confidential issue's or epic's title. */
export function ConfidentialMark() {
  return (
    <span className={styles.confidential} title="Confidential">
      <Icon name="eye-slash" label="Confidential" />
    </span>
  );
}

/** `· created 3 days ago by Ada` in a list row's meta line. */
export function CreatedBy({ createdAt, author }: { createdAt: string; author?: { name: string } | null }) {
  return (
    <span>
      · created <time dateTime={createdAt}>{timeAgo(createdAt)}</time>
      {author ? ` by ${author.name}` : ''}
    </span>
  );
}

/** A list row's right-hand cell: state badge and counters, then when it was last updated. */
export function ActivityCell({ children, updatedAt }: { children: ReactNode; updatedAt: string }) {
  return (
    <div className={rowStyles.side}>
      <span className={rowStyles.stats}>{children}</span>
      <span className={rowStyles.updated}>
        updated <time dateTime={updatedAt}>{timeAgo(updatedAt)}</time>
      </span>
    </div>
  );
}
