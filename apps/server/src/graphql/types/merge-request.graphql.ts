import { findMergeRequest, listMergeRequests, type MergeRequestRow } from '../../modules/merge-requests';
import { webUrl } from '../../modules/namespaces';
import { mergeRequestSubject } from '../../modules/notes';
import { builder } from '../builder';
import { defineConnection, pageArgs } from '../connection';
import type { GraphQLContext } from '../context';
import { foundByIid } from '../readable';
import { MergeRequestState, mergeRequestListArgs, toMergeRequestFilters } from './merge-request-args';
import { MergeRequestPermissions } from './permissions.graphql';
import { GroupRef, MilestoneRef, ProjectRef } from './refs';
import { scopedListResolver } from './scoped-list';
import { titledFields } from './titled-fields';
import { userByIdField } from './user-field';

export const MergeRequestRef = builder.objectRef<MergeRequestRow>('MergeRequest');
export const MergeRequestConnection = defineConnection('MergeRequest', MergeRequestRef);

async function mergeRequestPath(c: GraphQLContext, mr: MergeRequestRow): Promise<string> {
  const project = await c.loaders.project.load(mr.project_id);
  return `${project?.full_path ?? mr.project_path}/-/merge_requests/${mr.iid}`;
}

MergeRequestRef.implement({
  description: 'A merge request (Meridian keeps no repository: no diffs or pipelines).',
  fields: (t) => ({
    ...titledFields(t, 'MergeRequest', 'the merge request', 'String'),
    state: t.field({
      type: MergeRequestState,
      description: 'State of the merge request.',
      resolve: (m) => m.state as 'opened' | 'closed' | 'merged' | 'locked',
    }),
    draft: t.exposeBoolean('draft', { description: 'Indicates if the merge request is a draft.' }),
    sourceBranch: t.exposeString('source_branch', { description: 'Source branch of the merge request.' }),
    targetBranch: t.exposeString('target_branch', { description: 'Target branch of the merge request.' }),
    projectId: t.int({ description: 'ID of the merge request project.', resolve: (m) => m.project_id }),
    createdAt: t.field({ type: 'Time', description: 'Timestamp of creation.', resolve: (m) => m.created_at }),
    updatedAt: t.field({ type: 'Time', description: 'Timestamp of the last update.', resolve: (m) => m.updated_at }),
    mergedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the merge request was merged.',
      resolve: (m) => m.merged_at,
    }),
    webUrl: t.string({
      description: 'Web URL of the merge request.',
      resolve: async (m, _a, c) => webUrl(c.ctx, await mergeRequestPath(c, m)),
    }),
    reference: t.string({ description: 'Internal reference of the merge request.', resolve: (m) => `!${m.iid}` }),
    author: userByIdField(t, 'User who created the merge request.', (m) => m.author_id),
    mergeUser: userByIdField(t, 'User who merged the merge request.', (m) => m.merge_user_id),
    milestone: t.field({
      type: MilestoneRef,
      nullable: true,
      description: 'Milestone of the merge request.',
      resolve: (m, _a, c) => (m.milestone_id ? c.loaders.milestone.load(m.milestone_id) : null),
    }),
    userPermissions: t.field({
      type: MergeRequestPermissions,
      description: 'Permissions for the current user on the resource.',
      resolve: async (m, _a, c) => {
        const project = await c.loaders.project.load(m.project_id);
        if (!project) throw new Error('merge request without its project');
        return { actor: c.actor, mergeRequest: mergeRequestSubject(project, m) };
      },
    }),
  }),
});

const resolveMergeRequestList = scopedListResolver(toMergeRequestFilters, listMergeRequests);

builder.objectFields(ProjectRef, (t) => ({
  mergeRequests: t.field({
    type: MergeRequestConnection,
    description: 'Merge requests of the project.',
    args: { ...pageArgs, ...mergeRequestListArgs },
    resolve: (p, args, c) => resolveMergeRequestList(c, { projectId: p.id }, args),
  }),
  mergeRequest: t.field({
    type: MergeRequestRef,
    nullable: true,
    description: 'A single merge request of the project; null when missing or hidden from you.',
    args: { iid: t.arg.string({ required: true, description: 'IID of the merge request. For example, "1".' }) },
    resolve: (p, args, c) => foundByIid(args.iid, (iid) => findMergeRequest(c.ctx.database.db, c.actor, p.id, iid)),
  }),
}));

builder.objectFields(GroupRef, (t) => ({
  mergeRequests: t.field({
    type: MergeRequestConnection,
    description: 'Merge requests of the projects in the group and its subgroups.',
    args: {
      ...pageArgs,
      ...mergeRequestListArgs,
      includeSubgroups: t.arg.boolean({
        required: false,
        defaultValue: true,
        description: 'Include merge requests belonging to subgroups (always true in Meridian for now).',
      }),
    },
    resolve: (g, args, c) => resolveMergeRequestList(c, { groupId: g.id }, args),
  }),
}));
