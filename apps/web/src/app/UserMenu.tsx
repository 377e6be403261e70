import { useRouter } from '@tanstack/react-router';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useSession } from '../lib/session';
import type { CurrentUser } from '../lib/types';
import { Avatar } from '../ui/Avatar';
import styles from './UserMenu.module.css';

/** Avatar button opening a menu with the user's name and Sign out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { signOut } = useSession();
  const router = useRouter();

  const onAction = async (key: string | number) => {
    if (key === 'sign-out') {
      await signOut();
      await router.navigate({ href: '/users/sign_in' });
    } else if (key === 'groups') {
      await router.navigate({ href: '/dashboard/groups' });
    } else if (key === 'projects') {
      await router.navigate({ href: '/dashboard/projects' });
    } else if (key === 'admin') {
      await router.navigate({ href: '/admin/application_settings/general' });
    }
  };

  return (
    <MenuTrigger>
      <Button className={styles.trigger} aria-label={`User menu for ${user.name}`}>
        <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={24} />
        <span className={styles.name}>{user.name}</span>
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} onAction={(key) => void onAction(key)}>
          <MenuSection>
            <Header className={styles.header}>
              <strong>{user.name}</strong>
              <span>@{user.username}</span>
            </Header>
          </MenuSection>
          <Separator className={styles.separator} />
          <MenuItem id="projects" className={styles.item}>
            Your projects
          </MenuItem>
          <MenuItem id="groups" className={styles.item}>
            Your groups
          </MenuItem>
          {user.is_admin && (
            <MenuItem id="admin" className={styles.item}>
              Admin settings
            </MenuItem>
          )}
          <Separator className={styles.separator} />
          <MenuItem id="sign-out" className={styles.item}>
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
