import type { IssueBackedType, WorkItemBaseType } from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { DomainError, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import type { EpicRow } from '../epics';
import { findEpic, findEpicById } from '../epics';
import { findIssue, findReadableIssueById, type IssueRow } from '../issues';

/**
 * A work item is an issues row (Issue, Incident, Task, Objective, Key Result) or an epics row
 * (Epic). Its WorkItem id is the issue id, or the epic's `work_item_id` (drawn from the same
 * sequence), so `gid://gitlab/WorkItem/N` names exactly one of them.
 */
export type WorkItem = { kind: 'issue'; row: IssueRow } | { kind: 'epic'; row: EpicRow };

export function workItemId(item: WorkItem): number {
  return item.kind === 'issue' ? item.row.id : item.row.work_item_id;
}

export function baseTypeOf(item: WorkItem): WorkItemBaseType {
  return item.kind === 'epic' ? 'epic' : (item.row.issue_type as IssueBackedType);
}

const isNotFound = (error: unknown) => error instanceof DomainError && error.code === 'not_found';

/** The id of the epic whose work item id is `id`, if any. */
async function epicIdOfWorkItem(db: Executor, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('epics').select('id').where('work_item_id', '=', id).executeTakeFirst();
  return row?.id;
}

/**
 * Which row WorkItem id `id` names, whoever asks: the issue with that id, else the epic whose
 * `work_item_id` it is; undefined when neither exists. Readability is the caller's question.
 */
export async function workItemRowOf(
  db: Executor,
  id: number,
): Promise<{ kind: WorkItem['kind']; id: number } | undefined> {
  const issue = await db.selectFrom('issues').select('id').where('id', '=', id).executeTakeFirst();
  if (issue) return { kind: 'issue', id };
  const epicId = await epicIdOfWorkItem(db, id);
  return epicId === undefined ? undefined : { kind: 'epic', id: epicId };
}

/** The epic whose work item id is `id`, as the actor may read it; undefined when none or hidden. */
async function readableEpicByWorkItemId(db: Executor, actor: Actor | null, id: number) {
  const epicId = await epicIdOfWorkItem(db, id);
  if (epicId === undefined) return undefined;
  return findEpicById(db, actor, epicId).catch((error) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
}

/** The work item with WorkItem id `id`, or undefined when missing or hidden (never told apart). */
export async function findReadableWorkItem(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<WorkItem | undefined> {
  const issue = await findReadableIssueById(db, actor, id);
  if (issue) return { kind: 'issue', row: issue };
  const epic = await readableEpicByWorkItemId(db, actor, id);
  return epic ? { kind: 'epic', row: epic } : undefined;
}

/** A legacy `gid://gitlab/Issue/N` / `gid://gitlab/Epic/N` or a `WorkItem` id, resolved to the item. */
export async function findReadableWorkItemByGid(
  db: Database,
  actor: Actor | null,
  ref: { type: 'WorkItem' | 'Issue' | 'Epic'; id: number },
): Promise<WorkItem | undefined> {
  if (ref.type === 'WorkItem') return findReadableWorkItem(db, actor, ref.id);
  if (ref.type === 'Issue') {
    const row = await findReadableIssueById(db, actor, ref.id);
    return row ? { kind: 'issue', row } : undefined;
  }
  const row = await findEpicById(db, actor, ref.id).catch((error) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
  return row ? { kind: 'epic', row } : undefined;
}

/** The work item `iid` of a project (an issue) or a group (an epic); undefined when missing or hidden. */
export async function findReadableWorkItemByIid(
  db: Database,
  actor: Actor | null,
  namespace: { kind: 'project' | 'group'; id: number },
  iid: number,
): Promise<WorkItem | undefined> {
  try {
    if (namespace.kind === 'project') return { kind: 'issue', row: await findIssue(db, actor, namespace.id, iid) };
    return { kind: 'epic', row: await findEpic(db, actor, namespace.id, iid) };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** 404 `Work Item Not Found` unless the actor may read the item. */
export async function requireReadableWorkItem(db: Database, actor: Actor | null, id: number): Promise<WorkItem> {
  const item = await findReadableWorkItem(db, actor, id);
  if (!item) throw notFound('Work Item');
  return item;
}
