import { ToggleSwitch } from '../../../ui/Switch';
import { SidebarField } from '../../shared/People';
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
      <ToggleSwitch
        label={shown ? 'Notifications on' : 'Notifications off'}
        ariaLabel="Notifications"
        isSelected={shown}
        isDisabled={toggle.isPending}
        onChange={toggle.mutate}
      />
    </SidebarField>
  );
}
