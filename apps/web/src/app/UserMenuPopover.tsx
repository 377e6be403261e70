import { useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useSession } from '../lib/session';
import type { CurrentUser } from '../lib/types';
import menu from '../ui/Menu.module.css';
import { UserMenuFace, userMenuLabel } from './UserMenu';
import styles from './UserMenu.module.css';

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
    } else if (key === 'groups') {
      await router.navigate({ href: '/dashboard/groups' });
    } else if (key === 'projects') {
      await router.navigate({ href: '/dashboard/projects' });
    } else if (key === 'notifications') {
      await router.navigate({ href: '/-/profile/notifications' });
    } else if (key === 'admin') {
      await router.navigate({ href: '/admin/application_settings/general' });
    } else if (key === 'abuse-reports') {
      await router.navigate({ href: '/admin/abuse_reports' });
    } else if (key === 'spam-logs') {
      await router.navigate({ href: '/admin/spam_logs' });
    } else if (key === 'subscription-orders') {
      await router.navigate({ href: '/admin/subscription_orders' });
    }
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
          <MenuItem id="projects" className={menu.item}>
            Your projects
          </MenuItem>
          <MenuItem id="groups" className={menu.item}>
            Your groups
          </MenuItem>
          <MenuItem id="notifications" className={menu.item}>
            Notifications
          </MenuItem>
          {user.is_admin && (
            <MenuItem id="admin" className={menu.item}>
              Admin settings
            </MenuItem>
          )}
          {user.is_admin && (
            <MenuItem id="abuse-reports" className={menu.item}>
              Abuse reports
            </MenuItem>
          )}
          {user.is_admin && (
            <MenuItem id="spam-logs" className={menu.item}>
              Spam logs
            </MenuItem>
          )}
          {user.is_admin && (
            <MenuItem id="subscription-orders" className={menu.item}>
              Subscription orders
            </MenuItem>
          )}
          <Separator className={menu.separator} />
          <MenuItem id="sign-out" className={menu.item}>
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
