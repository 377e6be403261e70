import { useQuery } from '@tanstack/react-query';
import { apiGet, encodeId } from '../../../lib/api';
import type { UserSummary } from '../../../lib/types';
import { Avatar } from '../../../ui/Avatar';
import layout from '../../shared/DetailLayout.module.css';
import { SidebarField } from '../../shared/People';
import styles from '../../shared/sidebar/Sidebar.module.css';
import { issueKeys } from '../queries';

/** The people taking part in the issue (author, assignees, commenters): `GET …/issues/:iid/participants`. */
export function IssueParticipants({ projectPath, iid }: { projectPath: string; iid: number }) {
  const participants = useQuery({
    queryKey: [...issueKeys.detail(projectPath, iid), 'participants'],
    queryFn: ({ signal }) =>
      apiGet<UserSummary[]>(`/api/v4/projects/${encodeId(projectPath)}/issues/${iid}/participants`, signal),
  });
  const users = participants.data ?? [];
  return (
    <SidebarField
      label={participants.isSuccess ? `${users.length} Participant${users.length === 1 ? '' : 's'}` : 'Participants'}
    >
      {users.length > 0 ? (
        <ul className={styles.avatars}>
          {users.map((user) => (
            <li key={user.id} title={`${user.name} (@${user.username})`}>
              <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={24} />
              <span className="visually-hidden">{user.name}</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className={layout.none}>{participants.isError ? 'Could not load the participants.' : 'None'}</span>
      )}
    </SidebarField>
  );
}
