import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { issuesWithProject } from '../issuables';
import type { WebhookEvent } from './webhook-queue';

/** Whose hooks an event goes to, and whether it is confidential: read in one statement, before any payload is built. */
export interface HookRouting {
  projectId: number | null;
  /** The namespace and its ancestors: their group hooks receive the event. */
  traversalIds: number[];
  confidential: boolean;
}

type Row = { project_id: number | null; traversal_ids: number[]; confidential: boolean };

const issueRouting = (db: Executor, id: number) =>
  issuesWithProject(db)
    .select(['i.project_id', 'n.traversal_ids', 'i.confidential'])
    .where('i.id', '=', id)
    .executeTakeFirst() as Promise<Row | undefined>;

const mergeRequestRouting = (db: Executor, id: number) =>
  db
    .selectFrom('merge_requests as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
    .select(['m.project_id', 'n.traversal_ids', sql<boolean>`false`.as('confidential')])
    .where('m.id', '=', id)
    .executeTakeFirst() as Promise<Row | undefined>;

const epicRouting = (db: Executor, id: number) =>
  db
    .selectFrom('epics as e')
    .innerJoin('namespaces as n', 'n.id', 'e.group_id')
    .select([sql<null>`NULL::integer`.as('project_id'), 'n.traversal_ids', 'e.confidential'])
    .where('e.id', '=', id)
    .executeTakeFirst() as Promise<Row | undefined>;

export async function hookRouting(db: Executor, event: WebhookEvent): Promise<HookRouting | null> {
  let row: Row | undefined;
  let internal = false;
  if (event.kind === 'note') {
    const note = await db
      .selectFrom('notes')
      .select(['noteable_type', 'noteable_id', 'internal'])
      .where('id', '=', event.noteId)
      .executeTakeFirst();
    if (!note) return null;
    internal = note.internal;
    if (note.noteable_type === 'Issue') row = await issueRouting(db, note.noteable_id);
    else if (note.noteable_type === 'MergeRequest') row = await mergeRequestRouting(db, note.noteable_id);
    else if (note.noteable_type === 'Epic') row = await epicRouting(db, note.noteable_id);
  } else if (event.type === 'Issue') row = await issueRouting(db, event.id);
  else if (event.type === 'MergeRequest') row = await mergeRequestRouting(db, event.id);
  else row = await epicRouting(db, event.id);
  if (!row) return null;
  return { projectId: row.project_id, traversalIds: row.traversal_ids, confidential: row.confidential || internal };
}
