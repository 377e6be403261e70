import type { Executor } from '../../db/executor';
import { canNote, canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { EpicSubject, IssueSubject, MergeRequestSubject, ProjectSubject } from '../../policy/subjects';
import { fullPathOf } from '../namespaces';

/** What an email is about: an issue, epic or merge request, with what the recipients rules and the email need. */
export interface NotifyTarget {
  type: 'Issue' | 'Epic' | 'MergeRequest';
  id: number;
  iid: number;
  title: string;
  /** The project of an issue; null for an epic. */
  projectId: number | null;
  /** traversal_ids of the namespace holding it (the project's namespace, or the epic's group). */
  traversalIds: number[];
  /** The project's (or group's) name, as GitLab's subjects show it. */
  containerName: string;
  /** Path of its page, from the site root: `/acme/web/-/issues/3`, `/groups/acme/-/epics/2`. */
  webPath: string;
  /** May this user read it (and, when `internal`, its internal notes)? Through the policy module. */
  mayRead: (user: Actor, internal: boolean) => boolean;
}

/** The policy's answer for a comment on an issue or epic: the item readable, internal notes Reporter and up. */
function noteReader(subject: IssueSubject | EpicSubject | MergeRequestSubject) {
  return (user: Actor, internal: boolean) =>
    canNote(user, 'read_note', { kind: 'note', noteable: subject, authorId: null, internal, system: false });
}

/** An issue's notify target from its project row and policy subject. */
export function issueNotifyTarget(
  project: { id: number; name: string; full_path: string; namespace_traversal_ids: number[] },
  issue: { id: number; iid: number; title: string },
  subject: IssueSubject,
): NotifyTarget {
  return {
    type: 'Issue',
    id: issue.id,
    iid: issue.iid,
    title: issue.title,
    projectId: project.id,
    traversalIds: project.namespace_traversal_ids,
    containerName: project.name,
    webPath: `/${project.full_path}/-/issues/${issue.iid}`,
    mayRead: noteReader(subject),
  };
}

/** A project's name and paths, for an email about something in it. */
function projectNames(db: Executor, projectId: number) {
  return db
    .selectFrom('projects as p')
    .innerJoin('namespaces as ns', 'ns.id', 'p.namespace_id')
    .select(['p.id', 'p.name', 'p.path', 'ns.traversal_ids', fullPathOf('ns.traversal_ids').as('ns_path')])
    .where('p.id', '=', projectId)
    .executeTakeFirstOrThrow();
}

/**
 * The notify target of a noteable (an issue, epic or merge request a comment was added to): one statement for its
 * project's or group's name and path.
 */
export async function noteableNotifyTarget(
  db: Executor,
  n:
    | { kind: 'issue'; id: number; iid: number; projectId: number; row: { title: string }; subject: IssueSubject }
    | { kind: 'epic'; id: number; iid: number; groupId: number; row: { title: string }; subject: EpicSubject }
    | {
        kind: 'merge_request';
        id: number;
        iid: number;
        projectId: number;
        row: { title: string };
        subject: MergeRequestSubject;
      },
): Promise<NotifyTarget> {
  if (n.kind === 'merge_request') {
    const project = await projectNames(db, n.projectId);
    return {
      type: 'MergeRequest',
      id: n.id,
      iid: n.iid,
      title: n.row.title,
      projectId: project.id,
      traversalIds: project.traversal_ids,
      containerName: project.name,
      webPath: `/${project.ns_path}/${project.path}/-/merge_requests/${n.iid}`,
      mayRead: noteReader(n.subject),
    };
  }
  if (n.kind === 'issue') {
    const project = await projectNames(db, n.projectId);
    return issueNotifyTarget(
      { ...project, full_path: `${project.ns_path}/${project.path}`, namespace_traversal_ids: project.traversal_ids },
      { id: n.id, iid: n.iid, title: n.row.title },
      n.subject,
    );
  }
  const group = await db
    .selectFrom('namespaces')
    .select(['name', 'traversal_ids', fullPathOf('traversal_ids').as('full_path')])
    .where('id', '=', n.groupId)
    .executeTakeFirstOrThrow();
  return {
    type: 'Epic',
    id: n.id,
    iid: n.iid,
    title: n.row.title,
    projectId: null,
    traversalIds: group.traversal_ids,
    containerName: group.name,
    webPath: `/groups/${group.full_path}/-/epics/${n.iid}`,
    mayRead: noteReader(n.subject),
  };
}

/** A merge request's notify target: readable by whoever reads its project while merge requests are on. */
export function mergeRequestNotifyTarget(
  project: ProjectSubject & { name: string; full_path: string; merge_requests_enabled: boolean },
  mr: { id: number; iid: number; title: string },
): NotifyTarget {
  return {
    type: 'MergeRequest',
    id: mr.id,
    iid: mr.iid,
    title: mr.title,
    projectId: project.id,
    traversalIds: project.namespaceTraversalIds,
    containerName: project.name,
    webPath: `/${project.full_path}/-/merge_requests/${mr.iid}`,
    mayRead: (user) => project.merge_requests_enabled && canProject(user, 'read_project', project),
  };
}
