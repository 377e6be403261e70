import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'react-aria-components';
import { showToast } from '../../../ui/toast';
import { SidebarField } from '../../shared/People';
import styles from './EpicSidebar.module.css';
import { setEpicSubscribed } from './epicSidebarApi';
import { epicSidebarKeys } from './useEpicSidebar';

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
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (on: boolean) => setEpicSubscribed(groupPath, iid, on),
    onSuccess: (_data, on) => showToast(on ? 'Notifications turned on.' : 'Notifications turned off.'),
    onError: () => showToast('An error occurred while setting notifications status. Please try again.'),
    onSettled: () => client.invalidateQueries({ queryKey: epicSidebarKeys.of(groupPath, iid, 'state') }),
  });
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
