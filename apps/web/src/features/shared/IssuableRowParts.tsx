import type { ReactNode } from 'react';
import { AppLink } from '../../lib/AppLink';
import { timeAgo } from '../../lib/format';
import type { Issuable } from '../../lib/types';
import { LabelList } from '../../ui/LabelBadge';
import type { Column } from '../../ui/Table';
import styles from '../issues/IssuesTable.module.css';
import { Icon } from './Icon';
import rowStyles from './IssuableRow.module.css';
import titleLineStyles from './TitleLine.module.css';

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

/**
 * A list row's title cell: `marks` (confidential, draft) and the linked title, then the meta line —
 * the reference, who created it and when, then `children` (milestone, dates, branch) — and the labels.
 */
export function TitleCell({
  item,
  href,
  reference,
  marks,
  title = item.title,
  children,
}: {
  item: Issuable;
  href: string;
  reference: string;
  marks?: ReactNode;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.titleCell}>
      <div className={titleLineStyles.titleLine}>
        {marks}
        <AppLink href={href} className={styles.title}>
          {title}
        </AppLink>
      </div>
      <div className={styles.meta}>
        <span>{reference}</span>
        <CreatedBy createdAt={item.created_at} author={item.author} />
        {children}
      </div>
      <LabelList labels={item.labels ?? []} />
    </div>
  );
}

/** The left-hand Title column, its cell rendered by `render` (a `TitleCell`). */
export function titleColumn<T extends Issuable>(render: (item: T) => ReactNode): Column<T> {
  return { key: 'title', header: 'Title', render };
}

/** A row's reference: the short one (`#12`, `!3`, `&5`), or the full one where the list spans other projects or groups. */
export function rowReference(item: Issuable, sigil: '#' | '!' | '&', full: boolean): string {
  const short = `${sigil}${item.iid}`;
  return full ? (item.references?.full ?? short) : short;
}

/** The right-hand Activity column: `stats` (state badge, counters), then when the row was last updated. */
export function activityColumn<T extends Issuable>(stats: (item: T) => ReactNode): Column<T> {
  return {
    key: 'activity',
    header: 'Activity',
    width: '190px',
    align: 'end',
    render: (item) => <ActivityCell updatedAt={item.updated_at ?? item.created_at}>{stats(item)}</ActivityCell>,
  };
}
