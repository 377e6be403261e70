import { AppLink } from '../../../lib/AppLink';
import { appPathFromWebUrl } from '../../../lib/paths';
import { Avatar } from '../../../ui/Avatar';
import layout from '../../shared/DetailLayout.module.css';
import { SidebarField } from '../../shared/People';
import sidebarStyles from '../../shared/sidebar/Sidebar.module.css';
import { useEpicParticipants } from './queries';

/** The people taking part in the epic (IE-33): its author and commenters, each linking to their profile. */
export function EpicParticipantsWidget({ groupPath, iid }: { groupPath: string; iid: number }) {
  const participants = useEpicParticipants(groupPath, iid);
  const users = participants.data ?? [];
  return (
    <SidebarField
      label={participants.isSuccess ? `${users.length} Participant${users.length === 1 ? '' : 's'}` : 'Participants'}
    >
      {participants.isError ? (
        <span role="alert" className={layout.none}>
          There was an error getting the epic participants.
        </span>
      ) : users.length > 0 ? (
        <ul className={sidebarStyles.avatars} aria-label="Participants">
          {users.map((user, index) => (
            <li key={user.id ?? index} title={`${user.name} (@${user.username})`}>
              <AppLink
                href={appPathFromWebUrl(user.webUrl) ?? `/${user.username}`}
                aria-label={user.name ?? user.username ?? ''}
              >
                <Avatar name={user.name ?? ''} src={user.avatarUrl} seed={index} size={24} />
              </AppLink>
            </li>
          ))}
        </ul>
      ) : (
        <span className={layout.none}>{participants.isPending ? 'Loading…' : 'None'}</span>
      )}
    </SidebarField>
  );
}
