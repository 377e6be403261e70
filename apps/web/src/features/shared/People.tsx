import type { ReactNode } from 'react';
import type { UserSummary } from '../../lib/types';
import { Avatar } from '../../ui/Avatar';
import stack from './AvatarStack.module.css';
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

/** Up to 3 avatars, the last replaced by a `+N` counter when there are more (spec §9). */
export function Assignees({ users }: { users: Array<{ id: number; name: string; avatar_url?: string | null }> }) {
  if (users.length === 0) return <span className={styles.none}>None</span>;
  const shown = users.length > 3 ? users.slice(0, 2) : users;
  const rest = users.length - shown.length;
  return (
    <span className={stack.stack}>
      <span className="visually-hidden">{users.map((u) => u.name).join(', ')}</span>
      {shown.map((user) => (
        <span key={user.id} title={user.name}>
          <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={24} />
        </span>
      ))}
      {rest > 0 && <span className={stack.more}>+{rest > 99 ? '99+' : rest}</span>}
    </span>
  );
}
