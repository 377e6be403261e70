import { lazy, Suspense, useState } from 'react';
import type { CurrentUser } from '../lib/types';
import { Avatar } from '../ui/Avatar';
import styles from './UserMenu.module.css';

const loadPopover = () => import('./UserMenuPopover');
const UserMenuPopover = lazy(async () => ({ default: (await loadPopover()).UserMenuPopover }));

export const userMenuLabel = (user: CurrentUser) => `User menu for ${user.name}`;

/** What the avatar button shows: the avatar and the user's name. */
export function UserMenuFace({ user }: { user: CurrentUser }) {
  return (
    <>
      <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={24} />
      <span className={styles.name}>{user.name}</span>
    </>
  );
}

/**
 * Avatar button opening a menu with the user's name, links and Sign out. Until its first press it
 * is a plain button (the menu's code loads on hover or focus and mounts open on the press).
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <button
      type="button"
      className={styles.trigger}
      aria-label={userMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setOpened(true)}
    >
      <UserMenuFace user={user} />
    </button>
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuPopover user={user} />
    </Suspense>
  );
}
