import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { fullPathOf, projectQuery } from '../namespaces';
import {
  type Changes,
  type HookIssue,
  type HookLabel,
  type HookMergeRequest,
  type HookNote,
  type HookProject,
  type HookUser,
  issuablePayload,
  issueHookAttrs,
  mergeRequestHookAttrs,
  noteHookAttrs,
  projectHookAttrs,
  repositoryHookAttrs,
} from './hook-payloads';

/** Where a payload is built from: the write's executor and the instance's external URL (its links). */
export interface PayloadSource {
  db: Executor;
  baseUrl: string;
}

/** A built payload, with what routing needs: the project (for its hooks) or the group (epics), and confidentiality. */
export interface BuiltPayload {
  payload: Record<string, unknown>;
  projectId: number | null;
  /** traversal_ids of the namespace whose group hooks (and their ancestors') receive the event. */
  namespaceTraversalIds: number[];
  confidential: boolean;
}

async function hookUsers(db: Executor, ids: number[]): Promise<HookUser[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'avatar_url'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function hookUser(db: Executor, id: number): Promise<HookUser> {
  const [user] = await hookUsers(db, [id]);
  if (!user) throw new Error(`webhook actor ${id} not found`);
  return user;
}

async function hookProject(db: Executor, projectId: number) {
  const row = await projectQuery(db as Database)
    .where('p.id', '=', projectId)
    .executeTakeFirstOrThrow();
  const project: HookProject = {
    id: row.id,
    name: row.name,
    description: row.description,
    path_with_namespace: row.full_path,
    namespace_name: row.namespace_name,
    visibility_level: row.visibility_level,
    default_branch: row.default_branch,
    avatar_url: null,
  };
  return { project, traversalIds: row.namespace_traversal_ids };
}

const LABEL_OWNER_COLUMN = {
  issue_labels: 'issue_id',
  merge_request_labels: 'merge_request_id',
  epic_labels: 'epic_id',
};

async function labelsOf(db: Executor, table: keyof typeof LABEL_OWNER_COLUMN, id: number) {
  const column = LABEL_OWNER_COLUMN[table];
  return (await db
    .selectFrom(`${table} as j` as 'issue_labels as j')
    .innerJoin('labels as l', 'l.id', 'j.label_id')
    .select([
      'l.id',
      'l.title',
      'l.color',
      'l.description',
      'l.project_id',
      'l.group_id',
      'l.created_at',
      'l.updated_at',
    ])
    .where(`j.${column}` as 'j.issue_id', '=', id)
    .orderBy('l.title')
    .execute()) as HookLabel[];
}

async function issueRow(db: Executor, id: number): Promise<HookIssue | undefined> {
  const row = await db
    .selectFrom('issues as i')
    .selectAll('i')
    .select([
      sql<number>`(SELECT coalesce(sum(t.time_spent), 0)::int FROM timelogs t WHERE t.issue_id = i.id)`.as(
        'total_time_spent',
      ),
      sql<number[]>`ARRAY(SELECT a.user_id FROM issue_assignees a WHERE a.issue_id = i.id ORDER BY a.user_id)`.as(
        'assignee_ids',
      ),
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  return row;
}

async function mergeRequestRow(db: Executor, id: number): Promise<HookMergeRequest | undefined> {
  return db
    .selectFrom('merge_requests as m')
    .selectAll('m')
    .select([
      sql<
        number[]
      >`ARRAY(SELECT a.user_id FROM merge_request_assignees a WHERE a.merge_request_id = m.id ORDER BY a.user_id)`.as(
        'assignee_ids',
      ),
      sql<
        number[]
      >`ARRAY(SELECT r.user_id FROM merge_request_reviewers r WHERE r.merge_request_id = m.id ORDER BY r.user_id)`.as(
        'reviewer_ids',
      ),
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

async function issueParts(src: PayloadSource, issue: HookIssue) {
  const { db, baseUrl } = src;
  const { project, traversalIds } = await hookProject(db, issue.project_id);
  const labels = await labelsOf(db, 'issue_labels', issue.id);
  const url = `${baseUrl}/${project.path_with_namespace}/-/issues/${issue.iid}`;
  return { project, traversalIds, labels, attrs: issueHookAttrs(issue, labels, url) };
}

async function mergeRequestParts(src: PayloadSource, mr: HookMergeRequest) {
  const { db, baseUrl } = src;
  const { project, traversalIds } = await hookProject(db, mr.project_id);
  const labels = await labelsOf(db, 'merge_request_labels', mr.id);
  const url = `${baseUrl}/${project.path_with_namespace}/-/merge_requests/${mr.iid}`;
  const projectAttrs = projectHookAttrs(project, baseUrl);
  return { project, traversalIds, labels, attrs: mergeRequestHookAttrs(mr, labels, url, projectAttrs) };
}

/** An issue's or merge request's event payload, from its loaded parts and people. */
async function issuableEventPayload(
  src: PayloadSource,
  actorId: number,
  action: string,
  changes: Changes,
  item: {
    kind: 'issue' | 'merge_request';
    eventType: string;
    parts: Omit<Awaited<ReturnType<typeof issueParts>>, 'attrs'> & { attrs: Record<string, unknown> };
    people: { assignees: HookUser[]; reviewers?: HookUser[] };
    confidential: boolean;
  },
): Promise<BuiltPayload> {
  const { db, baseUrl } = src;
  const { project, traversalIds, labels, attrs } = item.parts;
  const payload = issuablePayload({
    kind: item.kind,
    eventType: item.eventType,
    user: await hookUser(db, actorId),
    project: projectHookAttrs(project, baseUrl),
    repository: repositoryHookAttrs(project, baseUrl),
    objectAttributes: attrs,
    action,
    labels,
    changes,
    ...item.people,
  });
  return { payload, projectId: project.id, namespaceTraversalIds: traversalIds, confidential: item.confidential };
}

/** GitLab's issue event payload for the issue as it is in `db` (the caller's transaction). */
export async function buildIssuePayload(
  src: PayloadSource,
  issueId: number,
  actorId: number,
  action: string,
  changes: Changes,
): Promise<BuiltPayload | null> {
  const { db } = src;
  const issue = await issueRow(db, issueId);
  if (!issue) return null;
  return issuableEventPayload(src, actorId, action, changes, {
    kind: 'issue',
    eventType: issue.confidential ? 'confidential_issue' : 'issue',
    parts: await issueParts(src, issue),
    people: { assignees: await hookUsers(db, issue.assignee_ids) },
    confidential: issue.confidential,
  });
}

/** GitLab's merge request event payload. */
export async function buildMergeRequestPayload(
  src: PayloadSource,
  mrId: number,
  actorId: number,
  action: string,
  changes: Changes,
): Promise<BuiltPayload | null> {
  const { db } = src;
  const mr = await mergeRequestRow(db, mrId);
  if (!mr) return null;
  return issuableEventPayload(src, actorId, action, changes, {
    kind: 'merge_request',
    eventType: 'merge_request',
    parts: await mergeRequestParts(src, mr),
    people: { assignees: await hookUsers(db, mr.assignee_ids), reviewers: await hookUsers(db, mr.reviewer_ids) },
    confidential: false,
  });
}

/** An epic's event: a group-level work item, sent to the group's hooks and its ancestors'. */
export async function buildEpicPayload(
  src: PayloadSource,
  epicId: number,
  actorId: number,
  action: string,
  changes: Changes,
): Promise<BuiltPayload | null> {
  const { db, baseUrl } = src;
  const epic = await db
    .selectFrom('epics as e')
    .innerJoin('namespaces as n', 'n.id', 'e.group_id')
    .selectAll('e')
    .select(['n.traversal_ids', fullPathOf('n.traversal_ids').as('group_path')])
    .where('e.id', '=', epicId)
    .executeTakeFirst();
  if (!epic) return null;
  const labels = await labelsOf(db, 'epic_labels', epic.id);
  const attrs = {
    ...issueHookAttrs(
      {
        ...epic,
        project_id: null as unknown as number,
        discussion_locked: false,
        milestone_id: null,
        moved_to_id: null,
        duplicated_to_id: null,
        time_estimate: 0,
        total_time_spent: 0,
        weight: null,
        health_status: null,
        issue_type: 'epic',
        assignee_ids: [],
      },
      labels,
      `${baseUrl}/groups/${epic.group_path}/-/epics/${epic.iid}`,
    ),
    group_id: epic.group_id,
  };
  const payload = issuablePayload({
    kind: 'work_item',
    eventType: epic.confidential ? 'confidential_issue' : 'work_item',
    user: await hookUser(db, actorId),
    project: null,
    repository: null,
    objectAttributes: attrs,
    action,
    labels,
    changes,
    assignees: [],
  });
  return { payload, projectId: null, namespaceTraversalIds: epic.traversal_ids, confidential: epic.confidential };
}

/** GitLab's note (comment) event payload, with the issue or merge request it is on. */
export async function buildNotePayload(
  src: PayloadSource,
  noteId: number,
  actorId: number,
): Promise<BuiltPayload | null> {
  const { db, baseUrl } = src;
  const note = (await db.selectFrom('notes').selectAll().where('id', '=', noteId).executeTakeFirst()) as
    | (HookNote & { group_id: number | null })
    | undefined;
  if (!note) return null;
  const user = await hookUser(db, actorId);
  const base = { object_kind: 'note', user: { ...user, email: '[REDACTED]' } };
  if (note.noteable_type === 'Issue') {
    const issue = await issueRow(db, note.noteable_id);
    if (!issue) return null;
    const { project, traversalIds, attrs } = await issueParts(src, issue);
    const confidential = note.internal || issue.confidential;
    const payload = {
      ...base,
      event_type: confidential ? 'confidential_note' : 'note',
      project_id: project.id,
      project: projectHookAttrs(project, baseUrl),
      object_attributes: noteHookAttrs(note, `${attrs.url}#note_${note.id}`),
      repository: repositoryHookAttrs(project, baseUrl),
      issue: attrs,
    };
    return { payload, projectId: project.id, namespaceTraversalIds: traversalIds, confidential };
  }
  if (note.noteable_type === 'MergeRequest') {
    const mr = await mergeRequestRow(db, note.noteable_id);
    if (!mr) return null;
    const { project, traversalIds, attrs } = await mergeRequestParts(src, mr);
    const payload = {
      ...base,
      event_type: note.internal ? 'confidential_note' : 'note',
      project_id: project.id,
      project: projectHookAttrs(project, baseUrl),
      object_attributes: noteHookAttrs(note, `${attrs.url}#note_${note.id}`),
      repository: repositoryHookAttrs(project, baseUrl),
      merge_request: attrs,
    };
    return { payload, projectId: project.id, namespaceTraversalIds: traversalIds, confidential: note.internal };
  }
  if (note.noteable_type === 'Epic' && note.group_id !== null) {
    const built = await buildEpicPayload(src, note.noteable_id, actorId, 'update', {});
    if (!built) return null;
    const confidential = note.internal || built.confidential;
    const payload = {
      ...base,
      event_type: confidential ? 'confidential_note' : 'note',
      project_id: null,
      project: null,
      object_attributes: noteHookAttrs(
        note,
        `${(built.payload.object_attributes as { url: string }).url}#note_${note.id}`,
      ),
      repository: null,
      work_item: built.payload.object_attributes,
    };
    return { payload, projectId: null, namespaceTraversalIds: built.namespaceTraversalIds, confidential };
  }
  return null;
}
