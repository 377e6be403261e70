import { todayIso } from '../../lib/today';
import type { LabelContainer } from '../../modules/labels';
import { listMilestones } from '../../modules/milestones';
import { builder } from '../builder';
import { byPageNumber, defineConnection, pageArgs, paginateService } from '../connection';
import type { GraphQLContext } from '../context';
import type { MilestoneRow } from '../loaders/rows';
import { describedEnum } from './described-enum';
import { Timeframe } from './epic-args';
import { GroupRef, MilestoneRef, ProjectRef } from './refs';
import { titledFields } from './titled-fields';

const today = () => todayIso();

export const MilestoneStateEnum = describedEnum('MilestoneStateEnum', 'Current state of milestone.', {
  active: 'Milestone is currently active.',
  closed: 'Milestone is closed.',
});

async function containerPath(c: GraphQLContext, m: MilestoneRow): Promise<string> {
  if (m.project_id != null) {
    const project = await c.loaders.project.load(m.project_id);
    return `/${project?.full_path ?? ''}/-/milestones/${m.iid}`;
  }
  const group = m.group_id != null ? await c.loaders.group.load(m.group_id) : null;
  return `/groups/${group?.full_path ?? ''}/-/milestones/${m.iid}`;
}

MilestoneRef.implement({
  description: 'Represents a milestone.',
  fields: (t) => ({
    ...titledFields(t, 'Milestone', 'the milestone'),
    state: t.field({
      type: MilestoneStateEnum,
      description: 'State of the milestone.',
      resolve: (m) => m.state as 'active' | 'closed',
    }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the milestone start date.',
      resolve: (m) => m.start_date,
    }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the milestone due date.',
      resolve: (m) => m.due_date,
    }),
    createdAt: t.field({ type: 'Time', description: 'Timestamp of milestone creation.', resolve: (m) => m.created_at }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of last milestone update.',
      resolve: (m) => m.updated_at,
    }),
    webPath: t.string({ description: 'Web path of the milestone.', resolve: (m, _a, c) => containerPath(c, m) }),
    expired: t.boolean({
      description: 'Expired state of the milestone (its due date has passed).',
      resolve: (m) => m.due_date != null && m.due_date < today(),
    }),
    upcoming: t.boolean({
      description: 'Upcoming state of the milestone (its start date is in the future).',
      resolve: (m) => m.start_date != null && m.start_date > today(),
    }),
    projectMilestone: t.boolean({
      description: 'Indicates if milestone is at project level.',
      resolve: (m) => m.project_id != null,
    }),
    groupMilestone: t.boolean({
      description: 'Indicates if milestone is at group level.',
      resolve: (m) => m.group_id != null,
    }),
    subgroupMilestone: t.boolean({
      description: 'Indicates if milestone is at subgroup level.',
      resolve: async (m, _a, c) => {
        if (m.group_id == null) return false;
        const group = await c.loaders.group.load(m.group_id);
        return group?.parent_id != null;
      },
    }),
  }),
});

export const MilestoneConnection = defineConnection('Milestone', MilestoneRef);

interface MilestoneArgs {
  state?: 'active' | 'closed' | null;
  timeframe?: { start: string; end: string } | null;
  searchTitle?: string | null;
  title?: string | null;
  includeAncestors?: boolean | null;
  includeDescendants?: boolean | null;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** Every filter, timeframe and title search included, runs in the milestones service's SQL. */
function resolveMilestones(c: GraphQLContext, container: LabelContainer, args: MilestoneArgs) {
  const opts = {
    state: args.state ?? undefined,
    title: args.title ?? undefined,
    searchTitle: args.searchTitle || undefined,
    timeframe: args.timeframe ?? undefined,
    includeAncestors: args.includeAncestors ?? false,
    includeDescendants: args.includeDescendants ?? false,
  };
  return paginateService(
    args,
    byPageNumber((page, perPage) => listMilestones(c.ctx.database.db, c.actor, container, { ...opts, page, perPage })),
  );
}

const commonArgs = builder.args((t) => ({
  state: t.field({ type: MilestoneStateEnum, required: false, description: 'Filter milestones by state.' }),
  timeframe: t.field({ type: Timeframe, required: false, description: 'List items overlapping the given timeframe.' }),
  searchTitle: t.string({ required: false, description: 'Search string for the title.' }),
  title: t.string({ required: false, description: 'Title of the milestone.' }),
  includeAncestors: t.boolean({ required: false, description: 'Include milestones from all parent groups.' }),
}));

builder.objectFields(GroupRef, (t) => ({
  milestones: t.field({
    type: MilestoneConnection,
    description: 'Milestones of the group.',
    args: {
      ...pageArgs,
      ...commonArgs,
      includeDescendants: t.arg.boolean({
        required: false,
        description: 'Include milestones from all subgroups and subprojects.',
      }),
    },
    resolve: (g, args, c) => resolveMilestones(c, { kind: 'group', group: g }, args),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  milestones: t.field({
    type: MilestoneConnection,
    description: 'Milestones of the project.',
    args: { ...pageArgs, ...commonArgs },
    resolve: (p, args, c) => resolveMilestones(c, { kind: 'project', project: p }, args),
  }),
}));
