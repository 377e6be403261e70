import { formatDuration } from '@meridian/domain';
import { issueSubjectOf } from '../../modules/issues';
import { readableBy } from '../../modules/mentions';
import type { UserRow } from '../../modules/users';
import { canIssue } from '../../policy/abilities';
import { builder } from '../builder';
import { pageArgs, paginateArray } from '../connection';
import { currentUserTodosField } from './epic-sidebar.graphql';
import { UserCoreConnection } from './issue.graphql';
import { GroupRef, issueFields } from './refs';

/*
 * The fields GitLab's issue sidebar reads beyond the issue's own columns: the viewer's subscription
 * and to-dos, the participants, time tracking, and whether notification emails are off. Each comes
 * from a per-request loader (loaders/issue-sidebar.loaders.ts, work-item.loaders.ts).
 */

issueFields((t) => ({
  subscribed: t.boolean({
    description: 'Indicates the currently logged in user is subscribed to the issue.',
    resolve: (i, _a, c) => c.loaders.issueSubscribed.load(i.id),
  }),
  emailsDisabled: t.boolean({
    description: 'Indicates if the parent project or group has email notifications disabled.',
    // The project's group, or one above it, turned notification emails off (`emails_enabled`).
    resolve: async (i, _a, c) => {
      const project = await c.loaders.project.load(i.project_id);
      if (project?.namespace_type !== 'Group') return false;
      const group = await c.loaders.group.load(project.namespace_id);
      return group ? !group.emails_enabled_in_force : false;
    },
  }),
  currentUserTodos: currentUserTodosField(t, (i, c) => c.loaders.pendingIssueTodos.load(i.id)),
  participants: t.field({
    type: UserCoreConnection,
    nullable: true,
    description:
      'List of participants in the issue: its author, assignees, commenters and the users it mentions, who may read it (at most 100).',
    args: { ...pageArgs },
    resolve: async (i, args, c) => {
      const [rows, assignees] = await Promise.all([
        c.loaders.issueParticipantIds.load(i.id),
        c.loaders.issueAssignees.load(i.id),
      ]);
      const users = (await c.loaders.user.loadMany(rows.map((r) => r.user_id))).filter(
        (u): u is UserRow => u !== null && !(u instanceof Error),
      );
      const subject = issueSubjectOf(
        i,
        assignees.map((a) => a.id),
      );
      const readers = await readableBy(c.loaders.activeActors, users, (actor) =>
        canIssue(actor, 'read_issue', subject),
      );
      return paginateArray(args, readers);
    },
  }),
  timeEstimate: t.int({
    description: 'Time estimate of the issue (seconds).',
    resolve: (i) => i.time_estimate ?? 0,
  }),
  totalTimeSpent: t.int({
    description: 'Total time (in seconds) reported as spent on the issue.',
    resolve: (i, _a, c) => c.loaders.totalTimeSpent.load(i.id),
  }),
  humanTimeEstimate: t.string({
    nullable: true,
    description: 'Human-readable time estimate of the issue, e.g. "1d 2h" (null when none).',
    resolve: (i) => formatDuration(i.time_estimate ?? 0),
  }),
  humanTotalTimeSpent: t.string({
    nullable: true,
    description: 'Human-readable total time reported as spent on the issue (null when none).',
    resolve: async (i, _a, c) => formatDuration(await c.loaders.totalTimeSpent.load(i.id)),
  }),
}));

builder.objectFields(GroupRef, (t) => ({
  emailsDisabled: t.boolean({
    nullable: true,
    description: 'Indicates if a group has email notifications disabled.',
    resolve: (g) => !g.emails_enabled_in_force,
  }),
}));
