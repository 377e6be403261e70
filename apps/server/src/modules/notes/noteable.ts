import type { Database } from '../../db/connection';
import { forbidden, notFound } from '../../errors';
import { canEpic, canIssue, canMergeRequest, noteableAccessLevel } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { EpicSubject, IssueSubject, MergeRequestSubject } from '../../policy/subjects';
import { type EpicRow, epicSubject, findEpicById } from '../epics';
import { findIssue, findReadableIssueById, type IssueRow, issueSubject } from '../issues';
import { findMergeRequest, type MergeRequestRow } from '../merge-requests';
import type { IdOrPath } from '../namespaces';
import { findGroup, findProject, type ProjectRow, projectSubject } from '../namespaces';

/** What notes and award emoji hang on: a readable issue, epic or merge request, with its policy subject. */
export type Noteable =
  | {
      kind: 'issue';
      type: 'Issue';
      id: number;
      iid: number;
      projectId: number;
      groupId: null;
      row: IssueRow;
      subject: IssueSubject;
      /** The project, when the route already read it (a comment's quick actions reuse it). */
      project?: ProjectRow;
    }
  | {
      kind: 'epic';
      type: 'Epic';
      id: number;
      iid: number;
      projectId: null;
      groupId: number;
      row: EpicRow;
      subject: EpicSubject;
    }
  | {
      kind: 'merge_request';
      type: 'MergeRequest';
      id: number;
      iid: number;
      projectId: number;
      groupId: null;
      row: MergeRequestRow;
      subject: MergeRequestSubject;
      /** The project, when the route already read it (a comment's quick actions reuse it). */
      project?: ProjectRow;
    };

/** The issue or merge request `iid` of a project, or 404 (project or item missing or unreadable). */
export async function projectNoteable(
  db: Database,
  actor: Actor | null,
  kind: 'issue' | 'merge_request',
  project: IdOrPath,
  iid: number,
): Promise<Noteable> {
  const p = await findProject(db, actor, project);
  if (kind === 'issue') return issueNoteableOf(db, await findIssue(db, actor, p.id, iid), p);
  const row = await findMergeRequest(db, actor, p.id, iid);
  return {
    kind: 'merge_request',
    type: 'MergeRequest',
    id: row.id,
    iid: row.iid,
    projectId: row.project_id,
    groupId: null,
    row,
    subject: mergeRequestSubject(p, row),
    project: p,
  };
}

/** The noteable of an issue row already read through the policy. */
export async function issueNoteableOf(db: Database, row: IssueRow, project?: ProjectRow): Promise<Noteable> {
  const subject = await issueSubject(db, row);
  return {
    kind: 'issue',
    type: 'Issue',
    id: row.id,
    iid: row.iid,
    projectId: row.project_id,
    groupId: null,
    row,
    subject,
    ...(project ? { project } : {}),
  };
}

/** The policy subject of a merge request row in `project`. */
export function mergeRequestSubject(project: ProjectRow, row: MergeRequestRow): MergeRequestSubject {
  return {
    kind: 'merge_request',
    project: {
      ...projectSubject(project),
      archived: project.archived,
      mergeRequestsEnabled: project.merge_requests_enabled,
    },
    authorId: row.author_id,
    discussionLocked: row.discussion_locked,
    hidden: row.hidden,
  };
}

/** The noteable of an epic row already read through the policy. */
export function epicNoteable(row: EpicRow): Noteable {
  return {
    kind: 'epic',
    type: 'Epic',
    id: row.id,
    iid: row.iid,
    projectId: null,
    groupId: row.group_id,
    row,
    subject: epicSubject(row),
  };
}

/**
 * An epic of a group by its global id, as GitLab's epic notes API (`/groups/:id/epics/:epic_id/notes`)
 * documents; 404 when missing, unreadable, or in another group.
 */
export async function epicNoteableById(
  db: Database,
  actor: Actor | null,
  group: IdOrPath,
  epicId: number,
): Promise<Noteable> {
  const g = await findGroup(db, actor, group);
  const row = await findEpicById(db, actor, epicId);
  if (row.group_id !== g.id) throw notFound('Epic');
  return epicNoteable(row);
}

/** An epic of a group by its iid (award emoji use the iid, as GitLab). */
export async function epicNoteableByIid(
  db: Database,
  actor: Actor | null,
  group: IdOrPath,
  iid: number,
): Promise<Noteable> {
  const g = await findGroup(db, actor, group);
  const row = await db
    .selectFrom('epics')
    .select('id')
    .where('group_id', '=', g.id)
    .where('iid', '=', iid)
    .executeTakeFirst();
  if (!row) throw notFound('Epic');
  return epicNoteable(await findEpicById(db, actor, row.id));
}

/**
 * A noteable by its type and global id number (GraphQL's `NoteableID`); 404 when missing or
 * unreadable, never told apart.
 */
export async function noteableById(
  db: Database,
  actor: Actor | null,
  type: Noteable['type'],
  id: number,
): Promise<Noteable> {
  switch (type) {
    case 'Issue': {
      const row = await findReadableIssueById(db, actor, id);
      if (!row) throw notFound('Issue');
      return issueNoteableOf(db, row);
    }
    case 'Epic':
      return epicNoteable(await findEpicById(db, actor, id));
    case 'MergeRequest': {
      const at = await db
        .selectFrom('merge_requests')
        .select(['project_id', 'iid'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!at) throw notFound('Merge Request');
      return projectNoteable(db, actor, 'merge_request', { id: at.project_id }, at.iid);
    }
  }
}

/** The actor's access level where the noteable lives (project, or the epic's group). */
export function noteableLevel(actor: Actor | null, n: Noteable): number {
  return noteableAccessLevel(actor, n.subject);
}

/** May the actor comment here? (locked discussions: members only). */
export function canComment(actor: Actor | null, n: Noteable): boolean {
  switch (n.kind) {
    case 'issue':
      return canIssue(actor, 'create_note', n.subject);
    case 'epic':
      return canEpic(actor, 'create_note', n.subject);
    case 'merge_request':
      return canMergeRequest(actor, 'create_note', n.subject);
  }
}

/** 403 unless the actor may comment (locked discussions: members only). */
export function assertCanComment(actor: Actor | null, n: Noteable): void {
  if (!canComment(actor, n)) throw forbidden();
}
