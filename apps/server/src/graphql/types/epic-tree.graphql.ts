import type { EpicIssueTreeRow as EpicIssueRow } from '../../modules/epics';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import type { EpicRow, IssueRow } from '../loaders/rows';
import { countsObject } from './counts-object';
import { EpicIssueRef, EpicRef, ProjectRef } from './refs';

/**
 * The fields of GitLab's epic child tree (IE-34 childItems) beyond the plain epic and issue: the
 * relation paths a tree row is removed through (IE-15), the health rollup and the default project.
 */

const EpicHealthStatus = countsObject('EpicHealthStatus', 'Health status of child issues.', {
  issuesOnTrack: 'Number of open issues on track.',
  issuesNeedingAttention: 'Number of open issues needing attention.',
  issuesAtRisk: 'Number of open issues at risk.',
});

/** The parent epic of a listed child: from the same request's batch (the tree's parent is primed). */
async function parentOf(c: GraphQLContext, parentId: number | null): Promise<EpicRow | null> {
  if (parentId == null) return null;
  return (await c.loaders.epic.load(parentId)) ?? null;
}

const epicBase = (e: Pick<EpicRow, 'group_full_path' | 'iid'>) => `/groups/${e.group_full_path}/-/epics/${e.iid}`;

const asEpicIssue = (i: IssueRow): Partial<EpicIssueRow> => i as Partial<EpicIssueRow>;

builder.objectFields(EpicRef, (t) => ({
  relationPath: t.string({
    nullable: true,
    description: 'URI path of the relation to the parent epic (DELETE it to remove the epic from its parent).',
    resolve: async (e, _a, c) => {
      const parent = await parentOf(c, e.parent_id);
      return parent ? `${epicBase(parent)}/links/${e.id}` : null;
    },
  }),
  healthStatus: t.field({
    type: EpicHealthStatus,
    description: 'Counts of the open issues of the epic tree by health status.',
    resolve: (e, _a, c) => c.loaders.treeStats.load(e.id),
  }),
  defaultProjectForIssueCreation: t.field({
    type: ProjectRef,
    nullable: true,
    description: 'Default project for issue creation: the one you last created an issue in, in the epic group.',
    resolve: (e, _a, c) => c.loaders.defaultProject.load(e.group_id),
  }),
}));

builder.objectFields(EpicIssueRef, (t) => ({
  epicIssueId: t.id({
    description: 'ID of the epic-issue relation.',
    resolve: (i) => String(asEpicIssue(i).epic_issue_id),
  }),
  relationPath: t.string({
    nullable: true,
    description: 'URI path of the epic-issue relation (DELETE it to remove the issue from the epic).',
    resolve: async (i, _a, c) => {
      const link = asEpicIssue(i);
      if (link.epic_issue_id == null) return null;
      const parent = await parentOf(c, link.epic_issue_epic_id ?? null);
      return parent ? `${epicBase(parent)}/issues/${link.epic_issue_id}` : null;
    },
  }),
}));
