import { Switch } from 'react-aria-components';
import { SidebarField } from '../../shared/People';
import styles from './EpicSidebar.module.css';
import { useEpicSubscriptionToggle } from './queries';

/** The viewer's notifications for the epic: a switch that subscribes or unsubscribes them. */
export function EpicSubscriptionWidget({
  groupPath,
  iid,
  subscribed,
}: {
  groupPath: string;
  iid: number;
  subscribed: boolean;
}) {
  const toggle = useEpicSubscriptionToggle(groupPath, iid);
  const shown = toggle.isPending ? (toggle.variables ?? subscribed) : subscribed;
  return (
    <SidebarField label="Notifications">
      <Switch
        aria-label="Notifications"
        className={styles.switch}
        isSelected={shown}
        isDisabled={toggle.isPending}
        onChange={toggle.mutate}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {shown ? 'Notifications on' : 'Notifications off'}
      </Switch>
    </SidebarField>
  );
}
