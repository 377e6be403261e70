import { type Selectable, sql } from 'kysely';
import type { Database } from '../../../db/connection';
import type { Executor } from '../../../db/executor';
import { likePattern } from '../../../db/like-pattern';
import type { ImportSourceUsersTable } from '../../../db/schema';
import { withTransaction } from '../../../db/with-transaction';
import { DomainError, forbidden, notFound } from '../../../errors';
import { canGroup, groupAccessLevel } from '../../../policy/abilities';
import { AccessLevel } from '../../../policy/access-levels';
import type { Actor } from '../../../policy/actor';
import type { ServiceConfig, ServiceContext } from '../../../service-context';
import { findGroupRow, fullPathsOfNamespaces, type GroupRow, groupSubject } from '../../namespaces';
import { escapeHtml, queueUserEmail } from '../../notifications';
import { insertImportJob } from '../import-jobs';

export type SourceUserRow = Selectable<ImportSourceUsersTable>;

/** GitLab's `Import::SourceUser` statuses. */
export const SOURCE_USER_STATUSES = [
  'pending_reassignment',
  'awaiting_approval',
  'reassignment_in_progress',
  'completed',
  'failed',
  'keep_as_placeholder',
  'rejected',
] as const;
export type SourceUserStatus = (typeof SOURCE_USER_STATUSES)[number];

/** GitLab's `SourceUserSort`. */
export const SOURCE_USER_SORTS = ['source_name_asc', 'source_name_desc', 'status_asc', 'status_desc'] as const;
export type SourceUserSort = (typeof SOURCE_USER_SORTS)[number];

/** GitLab's statuses from which an owner may ask someone (again), cancel, or keep the placeholder. */
const REASSIGNABLE: SourceUserStatus[] = ['pending_reassignment', 'rejected', 'keep_as_placeholder'];
const CANCELABLE: SourceUserStatus[] = ['awaiting_approval', 'rejected'];
const KEEPABLE: SourceUserStatus[] = ['pending_reassignment', 'rejected'];

/** GitLab's messages (Import::SourceUsers::BaseService and friends). */
export const INVALID_STATUS = 'Import source user has an invalid status for this operation';
export const INVALID_ASSIGNEE = 'Only active regular, auditor, or administrator users can be assigned';

const invalid = (message: string) => new DomainError('unprocessable', message);

/**
 * The top-level group whose source users the actor manages: 404 when they cannot see it (or it is a
 * subgroup: placeholders belong to top-level groups), 403 when they see it but are not an Owner.
 */
export function ownedTopLevelGroup(actor: Actor | null, group: GroupRow | undefined): GroupRow {
  if (!group || group.parent_id !== null || !canGroup(actor, 'read_group', groupSubject(group)))
    throw notFound('Group');
  if (!actor?.admin && groupAccessLevel(actor, groupSubject(group)) < AccessLevel.OWNER) throw forbidden();
  return group;
}

/** Whether the actor may manage the top-level group's placeholders (the Placeholders tab shows). */
export function canManageSourceUsers(actor: Actor | null, group: GroupRow): boolean {
  return (
    group.parent_id === null &&
    (actor?.admin === true || groupAccessLevel(actor, groupSubject(group)) >= AccessLevel.OWNER)
  );
}

export interface SourceUserFilter {
  statuses?: SourceUserStatus[] | null;
  search?: string | null;
  sort?: SourceUserSort | null;
}

/** A top-level group's source users, filtered and sorted as GitLab's `importSourceUsers`; its owners only (the caller checks). */
export async function listSourceUsers(
  db: Executor,
  group: GroupRow,
  filter: SourceUserFilter,
): Promise<SourceUserRow[]> {
  let q = db.selectFrom('import_source_users').selectAll().where('namespace_id', '=', group.id);
  if (filter.statuses && filter.statuses.length > 0) q = q.where('status', 'in', filter.statuses);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb) => eb.or([eb('source_name', 'ilike', pattern), eb('source_username', 'ilike', pattern)]));
  }
  const sort = filter.sort ?? 'source_name_asc';
  const direction = sort.endsWith('_desc') ? 'desc' : 'asc';
  q = sort.startsWith('status')
    ? q.orderBy('status', direction).orderBy('source_name', 'asc')
    : q.orderBy('source_name', direction);
  return q.orderBy('id', 'asc').execute();
}

/** A source user an owner acts on: 404 when missing or its group is hidden, 403 for others. */
async function sourceUserForOwner(db: Database, actor: Actor, id: number): Promise<SourceUserRow> {
  const row = await db.selectFrom('import_source_users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Import source user');
  ownedTopLevelGroup(actor, await findGroupRow(db, { id: row.namespace_id }));
  return row;
}

async function transition(
  db: Executor,
  row: SourceUserRow,
  from: SourceUserStatus[],
  values: Partial<{
    status: SourceUserStatus;
    reassign_to_user_id: number | null;
    reassigned_by_user_id: number | null;
    reassignment_requested_at: Date | null;
    reassignment_error: string | null;
  }>,
): Promise<SourceUserRow> {
  const updated = await db
    .updateTable('import_source_users')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw invalid(INVALID_STATUS);
  return updated;
}

/** The link the assignee follows to accept or reject: GitLab's `/import/source_users/:id`. */
export const sourceUserPath = (id: number) => `/import/source_users/${id}`;

async function emailAssignee(db: Executor, config: ServiceConfig, row: SourceUserRow): Promise<void> {
  if (!config.mail || row.reassign_to_user_id === null) return;
  const group = (await fullPathsOfNamespaces(db, [row.namespace_id])).get(row.namespace_id) ?? '';
  const by = row.reassigned_by_user_id
    ? await db
        .selectFrom('users')
        .select(['name', 'username'])
        .where('id', '=', row.reassigned_by_user_id)
        .executeTakeFirst()
    : undefined;
  const link = `${config.externalUrl}${sourceUserPath(row.id)}`;
  const asker = by ? `${by.name} (@${by.username})` : 'An owner';
  const summary = `${asker} wants to reassign contributions from ${row.source_name} (@${row.source_username}) on ${row.source_hostname} to you in group ${group}.`;
  await queueUserEmail(db, row.reassign_to_user_id, {
    subject: `Reassignments in ${group} waiting for review`,
    text: `${summary}\n\nReview the reassignment details (approve or reject): ${link}\n`,
    html: `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(link)}">Review the reassignment details</a> to approve or reject it.</p>`,
  });
}

async function emailRejection(db: Executor, config: ServiceConfig, row: SourceUserRow): Promise<void> {
  if (!config.mail || row.reassigned_by_user_id === null || row.reassign_to_user_id === null) return;
  const group = (await fullPathsOfNamespaces(db, [row.namespace_id])).get(row.namespace_id) ?? '';
  const user = await db
    .selectFrom('users')
    .select(['name', 'username'])
    .where('id', '=', row.reassign_to_user_id)
    .executeTakeFirst();
  const summary = `${user?.name ?? 'The user'} (@${user?.username ?? ''}) has rejected the reassignment of contributions from ${row.source_name} (@${row.source_username}) in group ${group}.`;
  const link = `${config.externalUrl}/groups/${group}/-/group_members?tab=placeholders`;
  await queueUserEmail(db, row.reassigned_by_user_id, {
    subject: `Reassignments in ${group} rejected`,
    text: `${summary}\n\n${link}\n`,
    html: `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  });
}

/** A user who may take contributions over: active, not a bot, not a placeholder (GitLab's rule). */
async function assignableUser(db: Executor, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'state', 'bot', 'placeholder'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.state !== 'active' || user.bot || user.placeholder) throw invalid(INVALID_ASSIGNEE);
  return user;
}

/** GitLab's `importSourceUserReassign`: the user is asked by email, the source user awaits approval. */
export async function reassignSourceUser(ctx: ServiceContext, id: number, assigneeUserId: number) {
  const row = await sourceUserForOwner(ctx.db, ctx.actor, id);
  return withTransaction(ctx.db, async (db) => {
    await assignableUser(db, assigneeUserId);
    const updated = await transition(db, row, REASSIGNABLE, {
      status: 'awaiting_approval',
      reassign_to_user_id: assigneeUserId,
      reassigned_by_user_id: ctx.actor.id,
      reassignment_requested_at: new Date(),
      reassignment_error: null,
    });
    await emailAssignee(db, ctx.config, updated);
    return updated;
  });
}

/** GitLab's `importSourceUserCancelReassignment`: back to pending, nobody asked. */
export async function cancelSourceUserReassignment(ctx: ServiceContext, id: number) {
  const row = await sourceUserForOwner(ctx.db, ctx.actor, id);
  return transition(ctx.db, row, CANCELABLE, {
    status: 'pending_reassignment',
    reassign_to_user_id: null,
    reassigned_by_user_id: null,
    reassignment_requested_at: null,
  });
}

/** GitLab's `importSourceUserKeepAsPlaceholder`: the placeholder keeps the contributions. */
export async function keepSourceUserAsPlaceholder(ctx: ServiceContext, id: number) {
  const row = await sourceUserForOwner(ctx.db, ctx.actor, id);
  return transition(ctx.db, row, KEEPABLE, {
    status: 'keep_as_placeholder',
    reassign_to_user_id: null,
    reassigned_by_user_id: ctx.actor.id,
  });
}

/** GitLab's `importSourceUserUndoKeepAsPlaceholder`: the contributions may be reassigned again. */
export async function undoKeepSourceUserAsPlaceholder(ctx: ServiceContext, id: number) {
  const row = await sourceUserForOwner(ctx.db, ctx.actor, id);
  return transition(ctx.db, row, ['keep_as_placeholder'], {
    status: 'pending_reassignment',
    reassigned_by_user_id: null,
  });
}

/**
 * GitLab's `importSourceUserKeepAllAsPlaceholder`: every source user of the top-level group still
 * waiting for someone (pending or rejected) keeps its placeholder. Answers how many changed.
 */
export async function keepAllSourceUsersAsPlaceholders(ctx: ServiceContext, groupId: number): Promise<number> {
  const group = ownedTopLevelGroup(ctx.actor, await findGroupRow(ctx.db, { id: groupId }));
  const changed = await ctx.db
    .updateTable('import_source_users')
    .set({
      status: 'keep_as_placeholder',
      reassign_to_user_id: null,
      reassigned_by_user_id: ctx.actor?.id ?? null,
      updated_at: sql<Date>`now()`,
    })
    .where('namespace_id', '=', group.id)
    .where('status', 'in', KEEPABLE)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** GitLab's `importSourceUserResendNotification`: the email to the assignee again. */
export async function resendSourceUserNotification(ctx: ServiceContext, id: number) {
  const row = await sourceUserForOwner(ctx.db, ctx.actor, id);
  if (row.status !== 'awaiting_approval') throw invalid(INVALID_STATUS);
  await emailAssignee(ctx.db, ctx.config, row);
  return row;
}

/** The reassignment the actor is asked to review: only they see it (404 for everyone else). */
export async function findSourceUserForAssignee(db: Executor, actor: Actor, id: number): Promise<SourceUserRow> {
  const row = await db.selectFrom('import_source_users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.reassign_to_user_id !== actor.id) throw notFound('Import source user');
  return row;
}

/**
 * The assignee accepts: `reassignment_in_progress`, and a job for the import worker that moves the
 * placeholder's contributions to them (`reassignment-importer.ts`).
 */
export async function acceptSourceUserReassignment(ctx: ServiceContext, id: number) {
  return withTransaction(ctx.db, async (db) => {
    const row = await findSourceUserForAssignee(db, ctx.actor, id);
    const updated = await transition(db, row, ['awaiting_approval'], { status: 'reassignment_in_progress' });
    const job = await insertImportJob(db, {
      kind: 'source_user_reassignment',
      createdById: ctx.actor.id,
      sourceName: `${row.source_username}@${row.source_hostname}`.slice(0, 255),
      namespaceId: row.namespace_id,
      sourceFile: null,
    });
    await db.updateTable('import_jobs').set({ import_source_user_id: row.id }).where('id', '=', job.id).execute();
    return updated;
  });
}

/** The assignee rejects: `rejected`, and the owner who asked is told by email. */
export async function rejectSourceUserReassignment(ctx: ServiceContext, id: number) {
  return withTransaction(ctx.db, async (db) => {
    const row = await findSourceUserForAssignee(db, ctx.actor, id);
    const updated = await transition(db, row, ['awaiting_approval'], { status: 'rejected' });
    await emailRejection(db, ctx.config, updated);
    return updated;
  });
}

/** The users a page of source users names (placeholder, assignee, who asked), by id. */
export async function sourceUserPeople(db: Executor, rows: SourceUserRow[]) {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.placeholder_user_id, r.reassign_to_user_id, r.reassigned_by_user_id, r.user_id])),
  ].filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map<number, { id: number; username: string; name: string; email: string }>();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email'])
    .where('id', 'in', ids)
    .execute();
  return new Map(users.map((u) => [u.id, u]));
}
