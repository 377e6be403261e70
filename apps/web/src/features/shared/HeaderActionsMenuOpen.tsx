import { MenuItem, Separator } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import styles from './HeaderActionsMenu.module.css';
import { MountedOpenMenu } from './MountedOpenMenu';

/**
 * The and the epic's header actions menu, mounted open (and its '⋮' trigger focused) by the
 * first press of the page's placeholder button; 'delete' comes last, after a separator, in red.
 */
export function HeaderActionsMenuOpen<K extends string>({
  label,
  isDisabled,
  items,
  onAction,
}: {
  label: string;
  isDisabled?: boolean;
  items: { key: K; label: string }[];
  onAction: (key: K) => void;
}) {
  return (
    <MountedOpenMenu
      label={label}
      className={styles.trigger}
      isDisabled={isDisabled}
      onAction={(key) => onAction(key as K)}
    >
      {items.map(({ key, label }) => [
        key === 'delete' && <Separator key="separator" className={menu.separator} />,
        <MenuItem key={key} id={key} className={key === 'delete' ? `${menu.item} ${menu.danger}` : menu.item}>
          {label}
        </MenuItem>,
      ])}
    </MountedOpenMenu>
  );
}
