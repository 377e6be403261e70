import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { canAdminNewIssue, canIssue, canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { IssueSubject } from '../../policy/subjects';
import { findIssue, type IssueRow, issueSubjectOf, projectIssueSubject } from '../issues/issues.service';
import type { ProjectRow } from '../namespaces/namespace-lookup.service';

/** The issue quick actions apply to, what they read of it, and what the actor may do to it. */
export interface QuickActionTarget {
  me: Actor;
  project: ProjectRow;
  /** null: an issue being written (the description preview of a new issue). */
  issue: IssueRow | null;
  subject: IssueSubject;
  labels: { id: number; title: string }[];
  assignees: { id: number; username: string }[];
  epicId: number | null;
  milestoneTitle: string | null;
  iteration: { id: number; title: string | null } | null;
  /** admin_issue (GitLab's set_issue_metadata), update_issue, admin_issue_relation. */
  may: { admin: boolean; update: boolean; relate: boolean };
}

/** The issue `iid` as a quick action target (404 when missing or unreadable): four statements. */
export async function loadQuickActionTarget(
  db: Database,
  me: Actor,
  project: ProjectRow,
  iid: number,
): Promise<QuickActionTarget> {
  const issue = await findIssue(db, me, project.id, iid);
  const [assignees, labels, extra] = await Promise.all([
    db
      .selectFrom('issue_assignees as ia')
      .innerJoin('users as u', 'u.id', 'ia.user_id')
      .select(['u.id', 'u.username'])
      .where('ia.issue_id', '=', issue.id)
      .orderBy('ia.user_id')
      .execute(),
    db
      .selectFrom('issue_labels as il')
      .innerJoin('labels as l', 'l.id', 'il.label_id')
      .select(['l.id', 'l.title'])
      .where('il.issue_id', '=', issue.id)
      .orderBy('l.title')
      .execute(),
    db
      .selectFrom('issues as i')
      .select([
        sql<number | null>`(SELECT ei.epic_id FROM epic_issues ei WHERE ei.issue_id = i.id LIMIT 1)`.as('epic_id'),
        sql<string | null>`(SELECT m.title FROM milestones m WHERE m.id = i.milestone_id)`.as('milestone_title'),
        sql<string | null>`(SELECT it.title FROM iterations it WHERE it.id = i.iteration_id)`.as('iteration_title'),
      ])
      .where('i.id', '=', issue.id)
      .executeTakeFirstOrThrow(),
  ]);
  const subject = issueSubjectOf(
    issue,
    assignees.map((a) => a.id),
  );
  return {
    me,
    project,
    issue,
    subject,
    labels,
    assignees,
    epicId: extra.epic_id,
    milestoneTitle: extra.milestone_title,
    iteration: issue.iteration_id === null ? null : { id: issue.iteration_id, title: extra.iteration_title },
    may: {
      admin: canIssue(me, 'admin_issue', subject),
      update: canIssue(me, 'update_issue', subject),
      relate: canIssue(me, 'admin_issue_relation', subject),
    },
  };
}

/** A new issue of the project as a quick action target (what its description preview may explain). */
export function newIssueQuickActionTarget(me: Actor, project: ProjectRow): QuickActionTarget {
  const projectSubject = projectIssueSubject(project);
  return {
    me,
    project,
    issue: null,
    subject: {
      kind: 'issue',
      project: projectSubject,
      confidential: false,
      authorId: me.id,
      assigneeIds: [],
      discussionLocked: false,
      hidden: false,
    },
    labels: [],
    assignees: [],
    epicId: null,
    milestoneTitle: null,
    iteration: null,
    may: {
      admin: canAdminNewIssue(me, projectSubject),
      update: canProject(me, 'create_issue', projectSubject),
      relate: false,
    },
  };
}
