import type { ReactNode } from 'react';
import type { UserSummary } from '../../lib/types';
import { Avatar } from '../../ui/Avatar';
import styles from './DetailLayout.module.css';

/** A vertical list of people (assignees, participants) with avatars and usernames. */
export function People({ users, empty = 'None' }: { users: UserSummary[]; empty?: string }) {
  if (users.length === 0) return <span className={styles.none}>{empty}</span>;
  return (
    <ul className={styles.people} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {users.map((user) => (
        <li key={user.id} className={styles.person}>
          <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={24} />
          <span className={styles.personName}>
            {user.name}
            <small>@{user.username}</small>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One labelled block of a detail page's right sidebar. */
export function SidebarField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{label}</span>
      <div>{children}</div>
    </div>
  );
}
