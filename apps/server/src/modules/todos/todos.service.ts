import { sql } from 'kysely';
import { cappedCount } from '../../db/capped-count';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import { withTransaction } from '../../db/with-transaction';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { epicReadable, internalIssueNotesReadable, issueReadable, mergeRequestReadable } from '../../policy/sql-scopes';
import type { ListTodosParams } from './todo-params';

/**
 * The actor's to-do items whose target they may still read (an issue made confidential, a project
 * left, an author banned: its to-dos drop out, as every other list does). A to-do quoting an internal
 * comment shows the quote only to those who may still read internal notes there.
 */
function readableTodos(db: Database, me: Actor, q: TodoFilters = {}) {
  let query = db
    .selectFrom('todos as t')
    .leftJoin('issues as i', (j) => j.onRef('i.id', '=', 't.target_id').on('t.target_type', '=', 'Issue'))
    .leftJoin('merge_requests as m', (j) =>
      j.onRef('m.id', '=', 't.target_id').on('t.target_type', '=', 'MergeRequest'),
    )
    .leftJoin('projects as p', (j) => j.on(sql<boolean>`p.id = coalesce(i.project_id, m.project_id)`))
    .leftJoin('namespaces as pn', 'pn.id', 'p.namespace_id')
    .leftJoin('epics as e', (j) => j.onRef('e.id', '=', 't.target_id').on('t.target_type', '=', 'Epic'))
    .leftJoin('namespaces as g', 'g.id', 'e.group_id')
    .leftJoin('notes as nt', 'nt.id', 't.note_id')
    .where('t.user_id', '=', me.id)
    .where(
      sql<boolean>`((t.target_type = 'Issue' AND ${issueReadable(me, { i: 'i', p: 'p', n: 'pn' })})
        OR (t.target_type = 'Epic' AND ${epicReadable(me, { e: 'e', g: 'g' })})
        OR (t.target_type = 'MergeRequest' AND ${mergeRequestReadable(me, { mr: 'm', p: 'p', n: 'pn' })}))`,
    );
  if (q.state) query = query.where('t.state', '=', q.state);
  if (q.action) query = query.where('t.action', '=', q.action);
  if (q.author_id) query = query.where('t.author_id', '=', q.author_id);
  if (q.type) query = query.where('t.target_type', '=', q.type);
  if (q.project_id) query = query.where('p.id', '=', q.project_id);
  if (q.group_id) {
    query = query.where(sql<boolean>`(e.group_id = ${q.group_id} OR ${q.group_id} = ANY(pn.traversal_ids))`);
  }
  return query;
}

type TodoFilters = Partial<Omit<ListTodosParams, 'page' | 'per_page'>>;

/** The columns the presenter needs, over readableTodos. */
function todoColumns(db: Database, me: Actor, q: TodoFilters = {}) {
  const internalVisible = me.admin
    ? sql<boolean>`true`
    : sql<boolean>`(t.target_type IN ('Issue', 'MergeRequest') AND ${internalIssueNotesReadable(me, { projectId: 'p.id', namespaceTraversalIds: 'pn.traversal_ids' })})`;
  return readableTodos(db, me, q).select([
    't.id',
    't.author_id',
    't.action',
    't.state',
    't.target_type',
    't.target_id',
    't.note_id',
    't.created_at',
    't.updated_at',
    sql<string>`CASE WHEN nt.internal AND NOT ${internalVisible} THEN '' ELSE t.body END`.as('body'),
    sql<number | null>`coalesce(i.iid, m.iid)`.as('project_item_iid'),
    sql<number | null>`p.id`.as('project_id'),
    sql<string | null>`p.path`.as('project_path'),
    sql<string | null>`p.name`.as('project_name'),
    sql<number | null>`p.namespace_id`.as('project_namespace_id'),
    sql<number | null>`e.iid`.as('epic_iid'),
    sql<number | null>`e.group_id`.as('group_id'),
    sql<string>`coalesce(i.title, m.title, e.title)`.as('title'),
    sql<string>`coalesce(i.state, m.state, e.state)`.as('target_state'),
  ]);
}

export type TodoListRow = Awaited<ReturnType<ReturnType<typeof todoColumns>['executeTakeFirstOrThrow']>>;

/** `GET /todos`: newest first, one page, filtered as GitLab's API. */
export async function listTodos(db: Database, actor: Actor | null, q: ListTodosParams) {
  const me = requireActor(actor);
  const rows = todoColumns(db, me, q).orderBy('t.id', 'desc');
  const countable = readableTodos(db, me, q).select(sql`1`.as('one'));
  return offsetPage(db, rows, countable, { page: q.page, perPage: q.per_page });
}

/** One of the actor's to-do items with a readable target, or 404. */
export async function findTodo(db: Database, actor: Actor | null, todoId: number): Promise<TodoListRow> {
  const me = requireActor(actor);
  const row = await todoColumns(db, me).where('t.id', '=', todoId).executeTakeFirst();
  if (!row) throw notFound('Todo');
  return row;
}

/**
 * `POST /projects/:id/issues/:iid/todo`: a `marked` to-do for the actor on an issue they can read
 * (the caller checked). When they already have a pending one there, that one, not `created`
 * (GitLab's REST answers 304, its `todoCreate` returns the existing to-do).
 */
export async function markForLater(
  db: Database,
  actor: Actor | null,
  target: { type: 'Issue' | 'Epic' | 'MergeRequest'; id: number },
): Promise<{ id: number; created: boolean }> {
  const me = requireActor(actor);
  return withTransaction(db, async (trx) => {
    const pending = await trx
      .selectFrom('todos')
      .select('id')
      .where('user_id', '=', me.id)
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .where('state', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (pending) return { id: pending.id, created: false };
    const row = await trx
      .insertInto('todos')
      .values({ user_id: me.id, author_id: me.id, target_type: target.type, target_id: target.id, action: 'marked' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  });
}

/**
 * The `/done` quick action: the actor's pending to-dos on a target they can read (the caller checked)
 * are done. Returns how many were.
 */
export async function markTargetTodosDone(
  db: Database,
  actor: Actor | null,
  target: { type: 'Issue' | 'Epic' | 'MergeRequest'; id: number },
): Promise<number> {
  const me = requireActor(actor);
  const done = await db
    .updateTable('todos')
    .set({ state: 'done', updated_at: new Date() })
    .where('user_id', '=', me.id)
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** The count the to-do badge shows: pending items on readable targets, capped as every count is. */
export function pendingTodoCount(db: Database, actor: Actor | null): Promise<number> {
  const me = requireActor(actor);
  return cappedCount(db, readableTodos(db, me, { state: 'pending' }).select(sql`1`.as('one')));
}

/** Sets the actor's own to-do `todoId` to `state` (another's, or a hidden target's, is 404). */
async function setTodoState(db: Database, actor: Actor | null, todoId: number, state: 'done' | 'pending') {
  const me = requireActor(actor);
  const found = await readableTodos(db, me).where('t.id', '=', todoId).select('t.id').executeTakeFirst();
  if (!found) throw notFound('Todo');
  await db.updateTable('todos').set({ state, updated_at: new Date() }).where('id', '=', todoId).execute();
  return todoId;
}

/** `POST /todos/:id/mark_as_done`. */
export const markTodoDone = (db: Database, actor: Actor | null, todoId: number): Promise<number> =>
  setTodoState(db, actor, todoId, 'done');

/** `POST /todos/:id/mark_as_pending` (Undo in the to-do list). */
export const markTodoPending = (db: Database, actor: Actor | null, todoId: number): Promise<number> =>
  setTodoState(db, actor, todoId, 'pending');

/** `POST /todos/mark_as_done`: every pending to-do of the actor. */
export async function markAllTodosDone(db: Database, actor: Actor | null): Promise<void> {
  const me = requireActor(actor);
  await db
    .updateTable('todos')
    .set({ state: 'done', updated_at: new Date() })
    .where('user_id', '=', me.id)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * The actor's pending to-dos on each of `targetIds` (of one type), oldest first: what a page's
 * to-do button shows. One statement per batch; none for anonymous visitors.
 */
export async function pendingTodosOn(
  db: Database,
  actor: Actor | null,
  type: 'Issue' | 'Epic' | 'MergeRequest',
  targetIds: readonly number[],
): Promise<Array<{ id: number; target_id: number; state: string }>> {
  if (!actor || targetIds.length === 0) return [];
  return db
    .selectFrom('todos')
    .select(['id', 'target_id', 'state'])
    .where('user_id', '=', actor.id)
    .where('target_type', '=', type)
    .where('target_id', 'in', [...targetIds])
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
}
