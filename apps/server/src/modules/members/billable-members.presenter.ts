import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { accessLevelNames } from '../../policy/access-levels';
import { groupQuery, projectQuery, webUrl } from '../namespaces';
import type { BillableMemberRow, BillableMembershipRow, BillableMembersPage } from './billable-members.service';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** GitLab's `BillableMember` entity; the real email only for administrators (GitLab's rule). */
export function presentBillableMembers(
  ctx: Pick<AppContext, 'config'>,
  page: BillableMembersPage,
  viewerIsAdmin: boolean,
) {
  const lastOwner = page.ownerIds.length === 1 ? page.ownerIds[0] : undefined;
  return page.rows.map((row: BillableMemberRow) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    state: row.state,
    locked: false,
    avatar_url: row.avatar_url,
    web_url: webUrl(ctx, row.username),
    email: viewerIsAdmin ? row.email : null,
    last_activity_on: row.last_activity_on,
    membership_type: row.group_member ? 'group_member' : 'project_member',
    removable: true,
    created_at: iso(row.created_at),
    is_last_owner: row.id === lastOwner,
    last_login_at: iso(row.current_sign_in_at),
  }));
}

/** GitLab's `BillableMembership` entity: each membership with where it is and its role. */
export async function presentBillableMemberships(
  db: Database,
  ctx: Pick<AppContext, 'config'>,
  rows: readonly BillableMembershipRow[],
) {
  const groupIds = rows.filter((r) => r.source_type === 'Namespace').map((r) => r.source_id);
  const projectIds = rows.filter((r) => r.source_type === 'Project').map((r) => r.source_id);
  const [groups, projects] = await Promise.all([
    groupIds.length ? groupQuery(db).where('n.id', 'in', groupIds).execute() : [],
    projectIds.length ? projectQuery(db).where('p.id', 'in', projectIds).execute() : [],
  ]);
  const sources = new Map<string, { name: string; membersUrl: string }>([
    ...groups.map(
      (g) => [`Namespace:${g.id}`, { name: g.full_name, membersUrl: `groups/${g.full_path}/-/group_members` }] as const,
    ),
    ...projects.map(
      (p) => [`Project:${p.id}`, { name: p.full_name, membersUrl: `${p.full_path}/-/project_members` }] as const,
    ),
  ]);
  return rows.map((row) => {
    const source = sources.get(`${row.source_type}:${row.source_id}`);
    return {
      id: row.id,
      source_id: row.source_id,
      source_full_name: source?.name ?? null,
      source_members_url: source ? webUrl(ctx, source.membersUrl) : null,
      created_at: iso(row.created_at),
      expires_at: row.expires_at,
      access_level: { string_value: accessLevelNames[row.access_level] ?? 'Custom', integer_value: row.access_level },
    };
  });
}
