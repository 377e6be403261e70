import type { Database } from '../db/connection';

/** The texts of an issue's, merge request's or epic's notes as stored, oldest first: its system notes, or its comments. */
export async function storedNotes(
  db: Database,
  noteable: { type: 'Issue' | 'MergeRequest' | 'Epic'; id: number },
  kind: 'system' | 'comments',
): Promise<string[]> {
  const rows = await db
    .selectFrom('notes')
    .select('note')
    .where('noteable_type', '=', noteable.type)
    .where('noteable_id', '=', noteable.id)
    .where('system', '=', kind === 'system')
    .orderBy('id')
    .execute();
  return rows.map((n) => n.note);
}

/** The same for the issue or merge request `iid` of project `projectId`. */
export async function storedNotesByIid(
  db: Database,
  type: 'Issue' | 'MergeRequest',
  projectId: number,
  iid: number,
  kind: 'system' | 'comments',
): Promise<string[]> {
  const row = await db
    .selectFrom(type === 'Issue' ? 'issues' : 'merge_requests')
    .select('id')
    .where('project_id', '=', projectId)
    .where('iid', '=', iid)
    .executeTakeFirstOrThrow();
  return storedNotes(db, { type, id: row.id }, kind);
}
