import type { Plan } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { PageParams } from '../../db/list-page';
import { badRequest, notFound } from '../../errors';
import { canGroup } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { type GroupRow, groupSubject } from '../namespaces';
import { assertNotLastOwner, lockOwnerRows } from './members.service';
import { billableUsers, groupPlan, hierarchyMemberships, recordSeatUsage } from './seat-usage';

/** GitLab's `sort` values for billable members, each with its ORDER BY (then by user id). */
export const BILLABLE_MEMBER_SORTS = {
  id_asc: 'u.id ASC',
  access_level_asc: 'b.access_level ASC',
  access_level_desc: 'b.access_level DESC',
  last_joined: 'b.joined_at DESC',
  oldest_joined: 'b.joined_at ASC',
  name_asc: 'u.name ASC',
  name_desc: 'u.name DESC',
  recent_sign_in: 'u.current_sign_in_at DESC NULLS LAST',
  oldest_sign_in: 'u.current_sign_in_at ASC NULLS LAST',
  last_activity_on_asc: 'u.last_activity_on ASC NULLS FIRST',
  last_activity_on_desc: 'u.last_activity_on DESC NULLS LAST',
} as const;
export type BillableMemberSort = keyof typeof BILLABLE_MEMBER_SORTS;

export interface BillableMemberRow {
  id: number;
  username: string;
  name: string;
  state: string;
  avatar_url: string | null;
  email: string;
  last_activity_on: string | null;
  current_sign_in_at: Date | null;
  created_at: Date;
  access_level: number;
  group_member: boolean;
}

export interface BillableMembersPage {
  rows: BillableMemberRow[];
  total: number;
  /** Direct Owners of the top-level group (GitLab's `is_last_owner` looks at them). */
  ownerIds: number[];
}

/**
 * Billing questions are asked of a top-level group by someone who may manage its members (its
 * Owners, or an administrator); GitLab answers both refusals with 400 once the group is visible.
 */
function assertBillingAdmin(actor: Actor | null, group: GroupRow): void {
  if (group.parent_id !== null) throw badRequest('Billable members are counted on top-level groups only', 'id');
  if (!canGroup(actor, 'admin_group', groupSubject(group)))
    throw badRequest('Only Owners of the group may see and remove its billable members');
}

async function directOwnerIds(db: Database, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('access_level', '>=', AccessLevel.OWNER)
    .where(sql<boolean>`(expires_at IS NULL OR expires_at >= current_date)`)
    .execute();
  return rows.map((r) => r.user_id);
}

/** GitLab's `GET /groups/:id/billable_members`: the users who take a seat, a page of them. */
export async function listBillableMembers(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  options: { search?: string; sort?: BillableMemberSort; page: PageParams },
): Promise<BillableMembersPage> {
  assertBillingAdmin(actor, group);
  const plan = await groupPlan(db, group.id);
  const search = options.search ? likePattern(options.search) : null;
  const where = search ? sql`AND (u.name ILIKE ${search} OR u.username ILIKE ${search})` : sql``;
  const from = sql`FROM (${billableUsers(group.id, plan)}) b JOIN users u ON u.id = b.user_id WHERE true ${where}`;
  const order = sql.raw(BILLABLE_MEMBER_SORTS[options.sort ?? 'id_asc']);
  const { page, per_page } = options.page;
  const [rows, count, ownerIds] = await Promise.all([
    sql<BillableMemberRow>`
      SELECT u.id, u.username, u.name, u.state, u.avatar_url, u.email, u.last_activity_on,
             u.current_sign_in_at, u.created_at, b.access_level, b.group_member
      ${from} ORDER BY ${order}, u.id LIMIT ${per_page} OFFSET ${(page - 1) * per_page}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n ${from}`.execute(db),
    directOwnerIds(db, group.id),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0, ownerIds };
}

async function assertBillable(db: Database, group: GroupRow, plan: Plan, userId: number): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM (${billableUsers(group.id, plan)}) b WHERE b.user_id = ${userId}`.execute(
    db,
  );
  if (rows.length === 0) throw notFound('User');
}

export interface BillableMembershipRow {
  id: number;
  source_type: 'Namespace' | 'Project';
  source_id: number;
  access_level: number;
  created_at: Date;
  expires_at: string | null;
}

/** GitLab's `…/billable_members/:user_id/memberships`: the user's direct memberships in the hierarchy. */
export async function billableMemberships(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  userId: number,
  page: PageParams,
): Promise<{ rows: BillableMembershipRow[]; total: number }> {
  assertBillingAdmin(actor, group);
  await assertBillable(db, group, await groupPlan(db, group.id), userId);
  const from = sql`FROM (${hierarchyMemberships(group.id)}) m WHERE m.user_id = ${userId}`;
  const [rows, count] = await Promise.all([
    sql<BillableMembershipRow>`
      SELECT m.id, m.source_type, m.source_id, m.access_level, m.created_at, m.expires_at::text AS expires_at
      ${from} ORDER BY m.source_type, m.source_id LIMIT ${page.per_page} OFFSET ${(page.page - 1) * page.per_page}`.execute(
      db,
    ),
    sql<{ n: number }>`SELECT count(*)::int AS n ${from}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/**
 * GitLab's `…/billable_members/:user_id/indirect`: memberships through groups invited to the
 * hierarchy. Meridian has no group sharing, so a billable member has none; the checks are GitLab's.
 */
export async function indirectBillableMemberships(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  userId: number,
): Promise<BillableMembershipRow[]> {
  assertBillingAdmin(actor, group);
  await assertBillable(db, group, await groupPlan(db, group.id), userId);
  return [];
}

/**
 * GitLab's `DELETE /groups/:id/billable_members/:user_id`: removes every membership the user has in
 * the group, its subgroups and their projects, in one transaction; the group keeps an Owner.
 */
export async function removeBillableMember(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  userId: number,
): Promise<void> {
  assertBillingAdmin(actor, group);
  const source = { kind: 'group', group } as const;
  await db.transaction().execute(async (trx) => {
    await lockOwnerRows(trx, source);
    const owner = await trx
      .selectFrom('group_members')
      .select('access_level')
      .where('group_id', '=', group.id)
      .where('user_id', '=', userId)
      .where('access_level', '>=', AccessLevel.OWNER)
      .executeTakeFirst();
    if (owner) await assertNotLastOwner(trx, source, userId);
    const groups = await sql`
      DELETE FROM group_members gm USING namespaces n
      WHERE n.id = gm.group_id AND gm.user_id = ${userId} AND n.traversal_ids @> ARRAY[${group.id}]::int[]`.execute(
      trx,
    );
    const projects = await sql`
      DELETE FROM project_members pm USING projects p, namespaces n
      WHERE p.id = pm.project_id AND n.id = p.namespace_id AND pm.user_id = ${userId}
        AND n.traversal_ids @> ARRAY[${group.id}]::int[]`.execute(trx);
    if (Number(groups.numAffectedRows ?? 0) + Number(projects.numAffectedRows ?? 0) === 0)
      throw badRequest('No member found for the given user_id', 'user_id');
    await recordSeatUsage(trx, group.id);
  });
}
