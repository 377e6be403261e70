import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { PageParams } from '../../db/list-page';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { canGroup, canProject, groupAccessLevel, projectAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { type GroupRow, groupSubject, type ProjectRow, projectSubject } from '../namespaces';
import { recordSeatUsage } from './seat-usage';

/** Whose members: a group or a project (already found and readable). */
export type MemberSource = { kind: 'group'; group: GroupRow } | { kind: 'project'; project: ProjectRow };

export interface MemberRow {
  user_id: number;
  username: string;
  name: string;
  state: string;
  avatar_url: string | null;
  access_level: number;
  expires_at: string | null;
  created_at: Date;
  /** The group or project the membership is on (differs from the source when inherited). */
  source_id: number;
  source_type: 'Namespace' | 'Project';
}

export interface MemberFilters {
  query?: string;
  user_ids?: number[];
}

/**
 * Members of the source. `inherited`: also members of ancestor groups (and, for a project, of its
 * namespace's groups), one row per user at their highest level.
 */
/** A membership row `m` still in force (its expiry date, if any, not passed). */
export const membershipNotExpired = sql<boolean>`(m.expires_at IS NULL OR m.expires_at >= current_date)`;

function membershipsQuery(db: Database, source: MemberSource, inherited: boolean) {
  const notExpired = membershipNotExpired;
  const groupIds =
    source.kind === 'group'
      ? inherited
        ? source.group.traversal_ids
        : [source.group.id]
      : inherited && source.project.namespace_type === 'Group'
        ? source.project.namespace_traversal_ids
        : [];
  const groupMembers = db
    .selectFrom('group_members as m')
    .select([
      'm.user_id',
      'm.access_level',
      'm.expires_at',
      'm.created_at',
      'm.group_id as source_id',
      sql<'Namespace' | 'Project'>`'Namespace'`.as('source_type'),
    ])
    .where(sql<boolean>`m.group_id = ANY(${groupIds}::int[])`)
    .where(notExpired);
  if (source.kind === 'group') return groupMembers;
  const projectMembers = db
    .selectFrom('project_members as m')
    .select([
      'm.user_id',
      'm.access_level',
      'm.expires_at',
      'm.created_at',
      'm.project_id as source_id',
      sql<'Namespace' | 'Project'>`'Project'`.as('source_type'),
    ])
    .where('m.project_id', '=', source.project.id)
    .where(notExpired);
  return inherited ? projectMembers.unionAll(groupMembers) : projectMembers;
}

export async function listMembers(
  db: Database,
  source: MemberSource,
  filters: MemberFilters,
  page: PageParams,
  inherited: boolean,
): Promise<{ rows: MemberRow[]; total: number }> {
  let q = db
    .selectFrom(
      db
        .selectFrom(membershipsQuery(db, source, inherited).as('all_m'))
        .selectAll('all_m')
        .distinctOn('all_m.user_id')
        .orderBy('all_m.user_id')
        .orderBy('all_m.access_level', 'desc')
        .as('mm'),
    )
    .innerJoin('users as u', 'u.id', 'mm.user_id')
    .select([
      'mm.user_id',
      'mm.access_level',
      'mm.expires_at',
      'mm.created_at',
      'mm.source_id',
      'mm.source_type',
      'u.username',
      'u.name',
      'u.state',
      'u.avatar_url',
    ]);
  if (filters.query) {
    const pattern = likePattern(filters.query);
    q = q.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.name', 'ilike', pattern)]));
  }
  if (filters.user_ids?.length) q = q.where('mm.user_id', 'in', filters.user_ids);
  const count = await q.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .orderBy('u.username')
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page)
    .execute();
  return { rows, total: count.total };
}

export async function getMember(
  db: Database,
  source: MemberSource,
  userId: number,
  inherited: boolean,
): Promise<MemberRow> {
  const { rows } = await listMembers(db, source, { user_ids: [userId] }, { page: 1, per_page: 1 }, inherited);
  const row = rows[0];
  if (!row) throw notFound('Member');
  return row;
}

function actorLevel(actor: Actor | null, source: MemberSource): number {
  if (actor?.admin) return AccessLevel.OWNER;
  return source.kind === 'group'
    ? groupAccessLevel(actor, groupSubject(source.group))
    : projectAccessLevel(actor, projectSubject(source.project));
}

function canManage(actor: Actor | null, source: MemberSource): boolean {
  return source.kind === 'group'
    ? canGroup(actor, 'admin_group', groupSubject(source.group))
    : canProject(actor, 'admin_project', projectSubject(source.project));
}

/** Admin check plus "only Owners may grant, change or remove Owner". */
function assertMayManage(actor: Actor | null, source: MemberSource, levels: number[], self = false): void {
  if (!self && !canManage(actor, source)) throw forbidden();
  if (levels.some((l) => l >= AccessLevel.OWNER) && actorLevel(actor, source) < AccessLevel.OWNER) throw forbidden();
}

/**
 * Locks the Owner rows that keep a group owned (its own and its ancestors'), in id order so that
 * concurrent callers queue instead of deadlocking. Two owners demoting or removing each other at
 * the same time then run one after the other, and the second counts what the first left.
 */
export async function lockOwnerRows(trx: Database, source: MemberSource): Promise<void> {
  if (source.kind !== 'group') return;
  await trx
    .selectFrom('group_members as m')
    .select('m.id')
    .where(sql<boolean>`m.group_id = ANY(${source.group.traversal_ids}::int[])`)
    .where('m.access_level', '>=', AccessLevel.OWNER)
    .orderBy('m.id')
    .forUpdate()
    .execute();
}

/** A group must keep an Owner: a direct one, or one inherited from an ancestor group. Call after lockOwnerRows. */
export async function assertNotLastOwner(trx: Database, source: MemberSource, userId: number): Promise<void> {
  if (source.kind !== 'group') return;
  const row = await trx
    .selectFrom('group_members as m')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`m.group_id = ANY(${source.group.traversal_ids}::int[])`)
    .where('m.access_level', '>=', AccessLevel.OWNER)
    .where((eb) => eb.or([eb('m.group_id', '<>', source.group.id), eb('m.user_id', '<>', userId)]))
    .where(membershipNotExpired)
    .executeTakeFirstOrThrow();
  if (row.n === 0) throw badRequest('A group must have at least one owner', 'access_level');
}

/**
 * A source's direct membership table and its owner column. The tables have the same columns but the
 * owner's, and Kysely cannot type a table chosen at run time: queries are typed against group_members.
 */
function directMembership(source: MemberSource) {
  const [table, column, id] =
    source.kind === 'group'
      ? (['group_members', 'group_id', source.group.id] as const)
      : (['project_members', 'project_id', source.project.id] as const);
  return { table: table as 'group_members', column: column as 'group_id', id };
}

async function directMember(db: Database, source: MemberSource, userId: number) {
  const { table, column, id } = directMembership(source);
  const row = await db
    .selectFrom(table)
    .select(['access_level'])
    .where(column, '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('Member');
  return row;
}

/** The top-level group whose seats a membership of `source` counts toward (none for a personal project). */
function seatGroupId(source: MemberSource): number | null {
  if (source.kind === 'group') return source.group.traversal_ids[0] ?? source.group.id;
  return source.project.namespace_type === 'Group' ? (source.project.namespace_traversal_ids[0] ?? null) : null;
}

/** Keeps the subscription's seat usage in step with a membership write, in its transaction. */
async function recordSeatsOf(trx: Database, source: MemberSource): Promise<void> {
  const rootGroupId = seatGroupId(source);
  if (rootGroupId !== null) await recordSeatUsage(trx, rootGroupId);
}

export interface MemberInput {
  access_level: number;
  expires_at?: string | null;
}

export async function addMember(
  db: Database,
  actor: Actor | null,
  source: MemberSource,
  userId: number,
  input: MemberInput,
): Promise<MemberRow> {
  assertMayManage(actor, source, [input.access_level]);
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User');
  const values = {
    user_id: userId,
    access_level: input.access_level,
    expires_at: input.expires_at ?? null,
    created_by_id: actor?.id ?? null,
  };
  const { table, column, id } = directMembership(source);
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto(table)
      .values({ ...values, [column]: id })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict('Member already exists');
    await recordSeatsOf(trx, source);
  });
  return getMember(db, source, userId, false);
}

export async function updateMember(
  db: Database,
  actor: Actor | null,
  source: MemberSource,
  userId: number,
  input: Partial<MemberInput>,
): Promise<MemberRow> {
  await db.transaction().execute(async (trx) => {
    await lockOwnerRows(trx, source);
    const current = await directMember(trx, source, userId);
    const level = input.access_level ?? current.access_level;
    assertMayManage(actor, source, [current.access_level, level]);
    if (current.access_level >= AccessLevel.OWNER && level < AccessLevel.OWNER) {
      await assertNotLastOwner(trx, source, userId);
    }
    const set = {
      access_level: level,
      ...(input.expires_at !== undefined ? { expires_at: input.expires_at } : {}),
    };
    const { table, column, id } = directMembership(source);
    await trx.updateTable(table).set(set).where(column, '=', id).where('user_id', '=', userId).execute();
    await recordSeatsOf(trx, source);
  });
  return getMember(db, source, userId, false);
}

/** Removes a direct member; members may always leave (unless they are the last Owner). */
export async function removeMember(
  db: Database,
  actor: Actor | null,
  source: MemberSource,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOwnerRows(trx, source);
    const current = await directMember(trx, source, userId);
    assertMayManage(actor, source, [current.access_level], actor?.id === userId);
    if (current.access_level >= AccessLevel.OWNER) await assertNotLastOwner(trx, source, userId);
    const { table, column, id } = directMembership(source);
    await trx.deleteFrom(table).where(column, '=', id).where('user_id', '=', userId).execute();
    await recordSeatsOf(trx, source);
  });
}
