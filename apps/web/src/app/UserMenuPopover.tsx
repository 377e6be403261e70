import { useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useSession } from '../lib/session';
import type { CurrentUser } from '../lib/types';
import menu from '../ui/Menu.module.css';
import { UserMenuFace, userMenuLabel } from './UserMenu';
import styles from './UserMenu.module.css';

/** The menu's pages, in order; `admin` ones are listed for administrators only. */
const MENU_LINKS: Array<{ id: string; label: string; href: string; admin?: boolean }> = [
  { id: 'projects', label: 'Your projects', href: '/dashboard/projects' },
  { id: 'groups', label: 'Your groups', href: '/dashboard/groups' },
  { id: 'notifications', label: 'Notifications', href: '/-/profile/notifications' },
  { id: 'admin', label: 'Admin settings', href: '/admin/application_settings/general', admin: true },
  { id: 'abuse-reports', label: 'Abuse reports', href: '/admin/abuse_reports', admin: true },
  { id: 'spam-logs', label: 'Spam logs', href: '/admin/spam_logs', admin: true },
  { id: 'subscription-orders', label: 'Subscription orders', href: '/admin/subscription_orders', admin: true },
  { id: 'geo-sites', label: 'Geo sites', href: '/admin/geo/sites', admin: true },
];

/**
 * The user menu itself (React Aria Menu in a Popover), loaded on the first press of the avatar
 * button so that React Aria's overlay code stays out of every page's first load.
 */
export function UserMenuPopover({ user }: { user: CurrentUser }) {
  const { signOut } = useSession();
  const router = useRouter();
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  // Mounted by the first press of the placeholder button: take its focus, then open, so that
  // closing the menu returns focus to this button.
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);

  const onAction = async (key: string | number) => {
    if (key === 'sign-out') {
      await signOut();
      await router.navigate({ href: '/users/sign_in' });
      return;
    }
    const link = MENU_LINKS.find((l) => l.id === key);
    if (link) await router.navigate({ href: link.href });
  };

  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className={styles.trigger} aria-label={userMenuLabel(user)}>
        <UserMenuFace user={user} />
      </Button>
      <Popover className={menu.popover} placement="bottom end">
        <Menu className={menu.menu} onAction={(key) => void onAction(key)}>
          <MenuSection>
            <Header className={styles.header}>
              <strong>{user.name}</strong>
              <span>@{user.username}</span>
            </Header>
          </MenuSection>
          <Separator className={menu.separator} />
          {MENU_LINKS.filter((link) => !link.admin || user.is_admin).map((link) => (
            <MenuItem key={link.id} id={link.id} className={menu.item}>
              {link.label}
            </MenuItem>
          ))}
          <Separator className={menu.separator} />
          <MenuItem id="sign-out" className={menu.item}>
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
