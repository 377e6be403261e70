import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useGroup } from '../../lib/queries';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Alert } from '../../ui/Alert';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { PlaceholdersTab } from '../imports/PlaceholdersTab';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';

interface Member {
  id: number;
  username: string;
  name: string;
  access_level: number;
}

const ROLES: Record<number, string> = {
  5: 'Minimal Access',
  10: 'Guest',
  15: 'Planner',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};

const MEMBER_COLUMNS: Column<Member>[] = [
  { key: 'account', header: 'Account', render: (m) => `${m.name} @${m.username}` },
  { key: 'role', header: 'Role', render: (m) => ROLES[m.access_level] ?? String(m.access_level) },
];

function MembersTab({ groupPath }: { groupPath: string }) {
  const query = useQuery({
    queryKey: ['group-members', groupPath],
    queryFn: ({ signal }) =>
      apiGet<Member[]>(apiPath(`/groups/${encodeId(groupPath)}/members/all`, { per_page: 100 }), signal),
  });
  if (query.isPending) return <PageSpinner label="Loading members" />;
  if (query.isError) return <Alert variant="danger">{query.error.message}</Alert>;
  return <Table caption="Members" columns={MEMBER_COLUMNS} rows={query.data} rowKey={(m) => m.id} />;
}

/**
 * GitLab's group members page (`/groups/:group/-/group_members`): the members, and for the Owners of a
 * top-level group the Placeholders tab (`?tab=placeholders`) of the users its imports created.
 */
export function GroupMembersPage({ groupPath }: { groupPath: string }) {
  const { params } = useLocationInfo();
  const group = useGroup(groupPath);
  const canPlaceholders = !groupPath.includes('/') && group.data?.can_admin_group === true;
  const tab = canPlaceholders && params.get('tab') === 'placeholders' ? 'placeholders' : 'members';
  return (
    <NamespacePageFrame kind="group" fullPath={groupPath} page="group_members" title="Group members">
      {() => (
        <>
          {canPlaceholders && (
            <Tabs
              label="Members tabs"
              active={tab}
              items={[
                { id: 'members', label: 'Members', href: urls.groupMembers(groupPath) },
                { id: 'placeholders', label: 'Placeholders', href: urls.groupMembers(groupPath, 'placeholders') },
              ]}
            />
          )}
          {tab === 'placeholders' ? <PlaceholdersTab groupPath={groupPath} /> : <MembersTab groupPath={groupPath} />}
        </>
      )}
    </NamespacePageFrame>
  );
}
