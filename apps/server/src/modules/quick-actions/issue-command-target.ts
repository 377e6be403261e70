import { formatDuration } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { canAdminNewIssue, canIssue, canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { IssueSubject } from '../../policy/subjects';
import type { ServiceContext } from '../../service-context';
import { labelsByOwner, usersByOwner } from '../issuables';
import { createIssueLink, issueTargetsFromReferences } from '../issue-links';
import {
  findIssue,
  type IssueInput,
  type IssueRow,
  issueSubjectOf,
  projectIssueSubject,
  promoteIssueToEpic,
  updateIssue,
} from '../issues';
import type { ProjectRow } from '../namespaces';
import { addSpentTime, resetSpentTime, setTimeEstimate } from '../time-tracking';
import { labelParams, type QuickActionTargetAdapter } from './commands/command-target-adapter';
import type { CommandTarget, QuickActionStep, UpdateDelta } from './commands/command-types';
import { isExpected } from './quick-action-errors';
import { projectLabelOwner } from './quick-action-references';

/** The merged change as one `updateIssue` input (GitLab's names, which are also its `commands_changes`). */
export function issueInputOf(delta: UpdateDelta): IssueInput {
  const { labels: _labels, reviewer_ids: _reviewers, wip_event: _wip, ...rest } = delta;
  const labels = labelParams(delta, (l) => l.id);
  if (!labels) return rest;
  return {
    ...rest,
    ...(labels.replace ? { label_ids: labels.replace } : {}),
    add_label_ids: labels.add,
    remove_label_ids: labels.remove,
  };
}

/** Runs an issue's own step through its service; answers whether it did something (links: those made). */
async function runIssueStep(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  step: Exclude<QuickActionStep, { kind: 'update' }>,
  changes: Record<string, unknown>,
): Promise<string[] | boolean> {
  const { db, actor: me } = ctx;
  switch (step.kind) {
    case 'estimate':
      await setTimeEstimate(ctx, project, iid, step.seconds === 0 ? null : formatDuration(step.seconds));
      changes.time_estimate = step.seconds;
      return true;
    case 'spend':
      await addSpentTime(ctx, project, iid, {
        duration: formatDuration(step.seconds) as string,
        ...(step.date ? { spentAt: step.date } : {}),
      });
      changes.spend_time = { duration: step.seconds, user_id: me.id, ...(step.date ? { spent_at: step.date } : {}) };
      return true;
    case 'reset_spent':
      await resetSpentTime(ctx, project, iid);
      changes.spend_time = { duration: 'reset', user_id: me.id };
      return true;
    case 'link': {
      // Each reference on its own: one the actor cannot see or may not link is left out, and its
      // failure reads the same whether it exists or not.
      const linked: string[] = [];
      for (const reference of step.references) {
        try {
          const [target] = issueTargetsFromReferences([reference], project.full_path);
          if (target) {
            await createIssueLink(db, me, project, iid, { ...target, link_type: step.linkType });
            linked.push(reference);
          }
        } catch (error) {
          if (!isExpected(error)) throw error;
        }
      }
      if (linked.length) changes[`${step.linkType}_links`] = linked;
      return linked;
    }
    case 'promote':
      await promoteIssueToEpic(ctx, project, iid);
      changes.promote_to_epic = true;
      return true;
  }
}

function issueCommandTarget(
  issue: IssueRow | null,
  project: ProjectRow,
  rest: Pick<CommandTarget, 'labels' | 'assignees' | 'epicId' | 'milestoneTitle' | 'iteration' | 'may'>,
): CommandTarget {
  return {
    kind: 'issue',
    persisted: issue !== null,
    state: issue?.state ?? null,
    title: issue?.title ?? '',
    confidential: issue?.confidential ?? false,
    discussionLocked: issue?.discussion_locked ?? false,
    draft: false,
    reviewers: [],
    weight: issue?.weight ?? null,
    dueDate: issue?.due_date ?? null,
    healthStatus: issue?.health_status ?? null,
    issueType: issue?.issue_type ?? null,
    promotedToEpicId: issue?.promoted_to_epic_id ?? null,
    issueId: issue?.id ?? null,
    inGroup: project.namespace_type === 'Group',
    ...rest,
  };
}

/** Where an issue's commands look up labels and users: who may be assigned is who may read it. */
function issueScope(me: Actor, project: ProjectRow, subject: IssueSubject): QuickActionTargetAdapter['scope'] {
  return {
    me,
    project,
    labelOwner: projectLabelOwner({ me, project }),
    mayBeAssigned: (candidate) => canIssue(candidate, 'read_issue', subject),
  };
}

/** The issue `iid` as a quick action target (404 when missing or unreadable): four statements. */
export async function issueQuickActionTarget(
  db: Database,
  me: Actor,
  project: ProjectRow,
  iid: number,
): Promise<QuickActionTargetAdapter> {
  return issueQuickActionTargetOf(db, me, project, await findIssue(db, me, project.id, iid));
}

/** An issue already read through the policy as a quick action target: three statements. */
export async function issueQuickActionTargetOf(
  db: Database,
  me: Actor,
  project: ProjectRow,
  issue: IssueRow,
): Promise<QuickActionTargetAdapter> {
  const iid = issue.iid;
  const [assignees, labels, extra] = await Promise.all([
    usersByOwner(db, 'issueAssignees', [issue.id]),
    labelsByOwner(db, 'issue', [issue.id]),
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
  const target = issueCommandTarget(issue, project, {
    labels: labels.map((l) => ({ id: l.id, title: l.title })),
    assignees: assignees.map((u) => ({ id: u.id, username: u.username })),
    epicId: extra.epic_id,
    milestoneTitle: extra.milestone_title,
    iteration: issue.iteration_id === null ? null : { id: issue.iteration_id, title: extra.iteration_title },
    may: {
      admin: canIssue(me, 'admin_issue', subject),
      update: canIssue(me, 'update_issue', subject),
      relate: canIssue(me, 'admin_issue_relation', subject),
    },
  });
  return {
    target,
    scope: issueScope(me, project, subject),
    noun: 'issue',
    personal: { type: 'Issue', id: issue.id, noun: 'issue' },
    update: async (ctx, delta) => {
      const input = issueInputOf(delta);
      await updateIssue(ctx, project, iid, input);
      return { ...input };
    },
    runStep: (ctx, step, changes) => runIssueStep(ctx, project, iid, step, changes),
  };
}

/** A new issue of the project as a quick action target: what its description preview may explain. */
export function newIssueQuickActionTarget(me: Actor, project: ProjectRow): QuickActionTargetAdapter {
  const projectSubject = projectIssueSubject(project);
  const subject = {
    kind: 'issue' as const,
    project: projectSubject,
    confidential: false,
    authorId: me.id,
    assigneeIds: [],
    discussionLocked: false,
    hidden: false,
  };
  return {
    target: issueCommandTarget(null, project, {
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
    }),
    scope: issueScope(me, project, subject),
    noun: 'issue',
    personal: null,
    update: async () => {
      throw new Error('a new issue is only explained');
    },
  };
}
