import { graphqlHealthStatus } from '@meridian/domain';
import { epicSubject } from '../../modules/epics';
import { createNoteEmail, findIssue, issueSubjectOf, listIssues } from '../../modules/issues';
import { groupSubject } from '../../modules/namespaces';
import { canEpic } from '../../policy/abilities';
import type { GroupSubject, IssueSubject } from '../../policy/subjects';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import type { GraphQLContext } from '../context';
import type { IssueRow } from '../loaders/rows';
import { foundByIid, readable } from '../readable';
import { blockerFields } from './blocker-fields';
import { HealthStatus, IssuableState, IssueType, issueListArgs, toIssueFilters } from './issue-args';
import { LabelConnection } from './label.graphql';
import { IssuePermissions } from './permissions.graphql';
import { EpicIssueRef, EpicRef, GroupRef, IssueRef, MilestoneRef, ProjectRef, UserRef } from './refs';
import { scopedListResolver } from './scoped-list';
import { descriptionHtmlField, titledFields } from './titled-fields';
import { userByIdField } from './user-field';
import { webLinkFields } from './web-link-fields';

export const IssueConnection = defineConnection('Issue', IssueRef);
export const EpicIssueConnection = defineConnection('EpicIssue', EpicIssueRef);
export const UserCoreConnection = defineConnection('UserCore', UserRef);

async function issueSubject(c: GraphQLContext, i: IssueRow): Promise<IssueSubject> {
  const assignees = await c.loaders.issueAssignees.load(i.id);
  return issueSubjectOf(
    i,
    assignees.map((a) => a.id),
  );
}

async function projectGroupSubject(c: GraphQLContext, projectId: number): Promise<GroupSubject | null> {
  const project = await c.loaders.project.load(projectId);
  if (project?.namespace_type !== 'Group') return null;
  const group = await c.loaders.group.load(project.namespace_id);
  return group ? groupSubject(group) : null;
}

async function issuePath(c: GraphQLContext, i: IssueRow): Promise<string> {
  const project = await c.loaders.project.load(i.project_id);
  return `${project?.full_path ?? i.project_path}/-/issues/${i.iid}`;
}

const ISSUE_TYPE_DESCRIPTIONS = [
  [IssueRef, 'Represents an issue.'],
  [EpicIssueRef, 'Relationship between an epic and an issue.'],
] as const;

for (const [ref, description] of ISSUE_TYPE_DESCRIPTIONS)
  ref.implement({
    description,
    fields: (t) => ({
      ...titledFields(t, 'Issue', 'the issue'),
      descriptionHtml: descriptionHtmlField(t, 'issues'),
      state: t.field({
        type: IssuableState,
        description: 'State of the issue.',
        resolve: (i) => i.state as 'opened' | 'closed',
      }),
      type: t.field({
        type: IssueType,
        description: 'Type of the issue.',
        resolve: (i) => i.issue_type.toUpperCase() as typeof IssueType.$inferType,
      }),
      confidential: t.exposeBoolean('confidential', { description: 'Indicates the issue is confidential.' }),
      discussionLocked: t.exposeBoolean('discussion_locked', {
        description: 'Indicates discussion is locked on the issue.',
      }),
      hidden: t.exposeBoolean('hidden', {
        description: 'Indicates the issue is hidden because the author has been banned (or it was submitted as spam).',
      }),
      ...webLinkFields(
        t,
        {
          webUrl: 'Web URL of the issue.',
          webPath: 'Web path of the issue.',
          reference: 'Internal reference of the issue. Returned in shortened format by default.',
        },
        (i, c) => issuePath(c, i),
        async (i, full, c) => {
          if (!full) return `#${i.iid}`;
          const project = await c.loaders.project.load(i.project_id);
          return `${project?.full_path ?? i.project_path}#${i.iid}`;
        },
      ),
      relativePosition: t.int({
        nullable: true,
        description: 'Relative position of the issue (under an epic: its position in the epic).',
        resolve: (i) => {
          const link = i as IssueRow & { epic_issue_position?: number | null };
          return link.epic_issue_position !== undefined ? link.epic_issue_position : i.relative_position;
        },
      }),
      createdAt: t.field({
        type: 'Time',
        description: 'Timestamp of when the issue was created.',
        resolve: (i) => i.created_at,
      }),
      updatedAt: t.field({
        type: 'Time',
        description: 'Timestamp of when the issue was last updated.',
        resolve: (i) => i.updated_at,
      }),
      closedAt: t.field({
        type: 'Time',
        nullable: true,
        description: 'Timestamp of when the issue was closed.',
        resolve: (i) => i.closed_at,
      }),
      dueDate: t.field({
        type: 'Time',
        nullable: true,
        description: 'Due date of the issue.',
        resolve: (i) => i.due_date,
      }),
      weight: t.int({ nullable: true, description: 'Weight of the issue.', resolve: (i) => i.weight }),
      healthStatus: t.field({
        type: HealthStatus,
        nullable: true,
        description: 'Current health status.',
        resolve: (i) => graphqlHealthStatus(i.health_status),
      }),
      author: userByIdField(t, 'User that created the issue.', (i) => i.author_id),
      assignees: t.field({
        type: UserCoreConnection,
        description: 'Assignees of the issue.',
        args: { ...pageArgs },
        resolve: async (i, args, c) => paginateArray(args, await c.loaders.issueAssignees.load(i.id)),
      }),
      labels: t.field({
        type: LabelConnection,
        description: 'Labels of the issue.',
        args: { ...pageArgs },
        resolve: async (i, args, c) => paginateArray(args, await c.loaders.issueLabels.load(i.id)),
      }),
      milestone: t.field({
        type: MilestoneRef,
        nullable: true,
        description: 'Milestone of the issue.',
        resolve: (i, _a, c) => (i.milestone_id ? c.loaders.milestone.load(i.milestone_id) : null),
      }),
      epic: t.field({
        type: EpicRef,
        nullable: true,
        description: 'Epic to which this issue belongs (null when none or hidden from you).',
        resolve: async (i, _a, c) => {
          const [epic] = await c.loaders.issueEpic.load(i.id);
          return readable(epic, (row) => canEpic(c.actor, 'read_epic', epicSubject(row)));
        },
      }),
      projectId: t.int({ description: 'ID of the issue project.', resolve: (i) => i.project_id }),
      ...blockerFields(t, {
        noun: 'issues',
        connection: IssueConnection,
        load: (c, id) => c.loaders.issueBlockedBy.load(id),
      }),
      createNoteEmail: t.string({
        nullable: true,
        description:
          'User specific email address for the issue: mailing it comments as you. Null when incoming email is not set up or you may not comment.',
        resolve: async (i, _a, c) => {
          const project = await c.loaders.project.load(i.project_id);
          return createNoteEmail(c.ctx, c.actor, {
            issue: await issueSubject(c, i),
            projectId: i.project_id,
            projectFullPath: project?.full_path ?? i.project_path,
            iid: i.iid,
          });
        },
      }),
      userPermissions: t.field({
        type: IssuePermissions,
        description: 'Permissions for the current user on the resource.',
        resolve: async (i, _a, c) => ({
          actor: c.actor,
          issue: await issueSubject(c, i),
          projectGroup: await projectGroupSubject(c, i.project_id),
        }),
      }),
    }),
  });

const resolveIssueList = scopedListResolver(toIssueFilters, listIssues);

builder.objectFields(ProjectRef, (t) => ({
  issues: t.field({
    type: IssueConnection,
    description: 'Issues of the project.',
    args: { ...pageArgs, ...issueListArgs },
    resolve: (p, args, c) => resolveIssueList(c, { projectId: p.id }, args),
  }),
  issue: t.field({
    type: IssueRef,
    nullable: true,
    description: 'A single issue of the project; null when missing or hidden from you.',
    // Optional as in GitLab's schema, so documents declaring `$iid: String` (issuableReference) validate.
    args: { iid: t.arg.string({ required: false, description: 'IID of the issue. For example, "1".' }) },
    resolve: (p, args, c) => foundByIid(args.iid, (iid) => findIssue(c.ctx.database.db, c.actor, p.id, iid)),
  }),
}));

builder.objectFields(GroupRef, (t) => ({
  issues: t.field({
    type: IssueConnection,
    description: 'Issues of the projects in the group and its subgroups.',
    args: {
      ...pageArgs,
      ...issueListArgs,
      includeSubgroups: t.arg.boolean({
        required: false,
        defaultValue: true,
        description: 'Include issues belonging to subgroups (always true in Meridian for now).',
      }),
    },
    resolve: (g, args, c) => resolveIssueList(c, { groupId: g.id }, args),
  }),
}));
