import {
  allowedChildTypes,
  textColorFor,
  type WidgetDefinition,
  type WidgetType,
  type WORK_ITEM_TYPES,
  workItemTypeOf,
} from '@meridian/domain';
import type { FieldRef } from '@pothos/core';
import { epicSubject, findEpicById } from '../../modules/epics/epics.service';
import { issueSubject } from '../../modules/issues/issues.service';
import { listParticipants } from '../../modules/subscriptions/subscriptions.service';
import { baseTypeOf, type WorkItem } from '../../modules/work-items/work-item';
import { listWorkItemChildren } from '../../modules/work-items/work-item-children';
import { canEpic, canIssue } from '../../policy/abilities';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray, paginateService } from '../connection';
import type { GraphQLContext } from '../context';
import type { ChildStat } from '../loaders/work-item.loaders';
import { UserCoreConnection } from './issue.graphql';
import { HealthStatus } from './issue-args';
import { IterationRef } from './iteration.graphql';
import { LabelConnection } from './label.graphql';
import { MilestoneRef, WorkItemRef } from './refs';
import { WorkItemTypeRef, WorkItemWidgetType } from './work-item-type.graphql';

/*
 * The widgets of a work item (IE-41), one GraphQL type per widget type, as GitLab's
 * WorkItemWidget* types. Which widgets a type has is the pure table in packages/domain.
 */

export interface WidgetShape {
  type: WidgetType;
  item: WorkItem;
  definition: WidgetDefinition;
}

export const WidgetRef = builder.interfaceRef<WidgetShape>('WorkItemWidget').implement({
  description: 'A widget of a work item.',
  fields: (t) => ({
    type: t.field({ type: WorkItemWidgetType, nullable: true, description: 'Widget type.', resolve: (w) => w.type }),
  }),
});

type Types = typeof builder.$inferSchemaTypes;
type Fields = (t: PothosSchemaTypes.ObjectFieldBuilder<Types, WidgetShape>) => Record<string, FieldRef<Types>>;

function widget(name: string, type: WidgetType, description: string, fields: Fields) {
  builder.objectRef<WidgetShape>(name).implement({
    description,
    interfaces: [WidgetRef],
    isTypeOf: (w) => (w as WidgetShape).type === type,
    fields: fields as never,
  });
}

const issueRow = (w: WidgetShape) => (w.item.kind === 'issue' ? w.item.row : null);
const epicRow = (w: WidgetShape) => (w.item.kind === 'epic' ? w.item.row : null);
const healthOf = { on_track: 'onTrack', needs_attention: 'needsAttention', at_risk: 'atRisk' } as const;
const health = (value: string | null) => (value ? healthOf[value as keyof typeof healthOf] : null);

/** The readable direct children of the item, grouped by type, state and health (one batch per request). */
function childStats(c: GraphQLContext, item: WorkItem): Promise<ChildStat[]> {
  return item.kind === 'epic'
    ? c.loaders.epicIssueStats.load(item.row.id)
    : c.loaders.issueChildStats.load(item.row.id);
}

widget('WorkItemWidgetAssignees', 'ASSIGNEES', 'Represents an assignees widget.', (t) => ({
  allowsMultipleAssignees: t.boolean({
    description: 'Indicates whether multiple assignees are allowed.',
    resolve: () => true,
  }),
  canInviteMembers: t.boolean({
    description: 'Indicates whether the current user can invite members.',
    resolve: () => false,
  }),
  assignees: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Assignees of the work item.',
    args: { ...pageArgs },
    resolve: async (w, args, c) => {
      const row = issueRow(w);
      return paginateArray(args, row ? await c.loaders.issueAssignees.load(row.id) : []);
    },
  }),
}));

widget('WorkItemWidgetLabels', 'LABELS', 'Represents the labels widget.', (t) => ({
  allowsScopedLabels: t.boolean({ description: 'Indicates whether a scoped label is allowed.', resolve: () => true }),
  labels: t.field({
    type: LabelConnection,
    nullable: true,
    description: 'Labels assigned to the work item.',
    args: { ...pageArgs },
    resolve: async (w, args, c) => {
      const labels =
        w.item.kind === 'epic' ? c.loaders.epicLabels.load(w.item.row.id) : c.loaders.issueLabels.load(w.item.row.id);
      return paginateArray(args, await labels);
    },
  }),
}));

widget('WorkItemWidgetDescription', 'DESCRIPTION', 'Represents a description widget.', (t) => ({
  description: t.string({
    nullable: true,
    description: 'Description of the work item.',
    resolve: (w) => w.item.row.description,
  }),
  descriptionHtml: t.string({
    nullable: true,
    description: 'GitLab Flavored Markdown rendering of `description`.',
    resolve: (w, _a, c) =>
      w.item.row.description_html ? c.loaders.redactedHtml.load(w.item.row.description_html) : '',
  }),
  edited: t.boolean({
    description: 'Whether the description has been edited since the work item was created.',
    resolve: (w) => w.item.row.updated_by_id !== null,
  }),
}));

widget('WorkItemWidgetWeight', 'WEIGHT', 'Represents a weight widget.', (t) => ({
  weight: t.int({
    nullable: true,
    description: 'Weight of the work item.',
    resolve: (w) => issueRow(w)?.weight ?? null,
  }),
  rolledUpWeight: t.int({
    nullable: true,
    description: 'Weight of the work item, rolled up from its descendants.',
    resolve: async (w, _a, c) => {
      const epic = epicRow(w);
      if (epic) {
        const s = await c.loaders.treeStats.load(epic.id);
        return s.openedIssuesWeight + s.closedIssuesWeight;
      }
      return (await childStats(c, w.item)).reduce((sum, s) => sum + s.weight, 0);
    },
  }),
  rolledUpCompletedWeight: t.int({
    nullable: true,
    description: 'Completed weight of the work item, rolled up from its closed descendants.',
    resolve: async (w, _a, c) => {
      const epic = epicRow(w);
      if (epic) return (await c.loaders.treeStats.load(epic.id)).closedIssuesWeight;
      return (await childStats(c, w.item)).filter((s) => s.state === 'closed').reduce((sum, s) => sum + s.weight, 0);
    },
  }),
}));

widget('WorkItemWidgetParticipants', 'PARTICIPANTS', 'Represents a participants widget.', (t) => ({
  participants: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Participants in the work item (its author, assignees and commenters; at most 100).',
    args: { ...pageArgs },
    resolve: async (w, args, c) => {
      if (w.item.kind === 'issue') {
        const db = c.ctx.database.db;
        const subject = await issueSubject(db, w.item.row);
        const target = { type: 'Issue', id: w.item.row.id } as const;
        return paginateArray(args, await listParticipants(db, target, (u) => canIssue(u, 'read_issue', subject)));
      }
      const author = w.item.row.author_id ? await c.loaders.user.load(w.item.row.author_id) : null;
      return paginateArray(args, author ? [author] : []);
    },
  }),
}));

widget(
  'WorkItemWidgetRolledupDates',
  'ROLLEDUP_DATES',
  'Represents the rolled-up dates widget (epics: fixed or inherited).',
  (t) => ({
    startDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'Start date (fixed or rolled up).',
      resolve: (w) => epicRow(w)?.start_date ?? null,
    }),
    startDateFixed: t.field({
      type: 'Date',
      nullable: true,
      description: 'Fixed start date.',
      resolve: (w) => epicRow(w)?.start_date_fixed ?? null,
    }),
    startDateIsFixed: t.boolean({
      description: 'Indicates if the start date is fixed.',
      resolve: (w) => epicRow(w)?.start_date_is_fixed ?? false,
    }),
    dueDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'Due date (fixed or rolled up).',
      resolve: (w) => epicRow(w)?.due_date ?? null,
    }),
    dueDateFixed: t.field({
      type: 'Date',
      nullable: true,
      description: 'Fixed due date.',
      resolve: (w) => epicRow(w)?.due_date_fixed ?? null,
    }),
    dueDateIsFixed: t.boolean({
      description: 'Indicates if the due date is fixed.',
      resolve: (w) => epicRow(w)?.due_date_is_fixed ?? false,
    }),
  }),
);

widget('WorkItemWidgetMilestone', 'MILESTONE', 'Represents a milestone widget.', (t) => ({
  milestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Milestone of the work item.',
    resolve: (w, _a, c) => {
      const id = issueRow(w)?.milestone_id;
      return id ? c.loaders.milestone.load(id) : null;
    },
  }),
}));

widget('WorkItemWidgetIteration', 'ITERATION', 'Represents an iteration widget.', (t) => ({
  iteration: t.field({
    type: IterationRef,
    nullable: true,
    description: 'Iteration of the work item (null when none or hidden from you).',
    resolve: (w, _a, c) => {
      const id = issueRow(w)?.iteration_id;
      return id ? c.loaders.iteration.load(id) : null;
    },
  }),
}));

widget('WorkItemWidgetStartAndDueDate', 'START_AND_DUE_DATE', 'Represents a start and due date widget.', (t) => ({
  startDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Start date of the work item.',
    resolve: (w) => issueRow(w)?.start_date ?? null,
  }),
  dueDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Due date of the work item.',
    resolve: (w) => issueRow(w)?.due_date ?? null,
  }),
}));

widget('WorkItemWidgetProgress', 'PROGRESS', 'Represents a progress widget.', (t) => ({
  progress: t.int({
    nullable: true,
    description: 'Progress of the work item (0 to 100).',
    resolve: (w) => issueRow(w)?.progress ?? null,
  }),
}));

const HealthCount = builder
  .objectRef<{ healthStatus: string; count: number }>('WorkItemWidgetHealthStatusCount')
  .implement({
    description: 'How many direct children have a health status.',
    fields: (t) => ({
      healthStatus: t.field({
        type: HealthStatus,
        description: 'Health status.',
        resolve: (h) => h.healthStatus as 'onTrack',
      }),
      count: t.exposeInt('count', { description: 'Number of children with the health status.' }),
    }),
  });

widget('WorkItemWidgetHealthStatus', 'HEALTH_STATUS', 'Represents a health status widget.', (t) => ({
  healthStatus: t.field({
    type: HealthStatus,
    nullable: true,
    description: 'Health status of the work item.',
    resolve: (w) => health(issueRow(w)?.health_status ?? null),
  }),
  rolledUpHealthStatus: t.field({
    type: [HealthCount],
    nullable: true,
    description: 'Health status counts of the open direct children you may read.',
    resolve: async (w, _a, c) => {
      const counts = new Map<string, number>();
      for (const s of await childStats(c, w.item)) {
        const h = health(s.health_status);
        if (h && s.state === 'opened') counts.set(h, (counts.get(h) ?? 0) + s.count);
      }
      return ['onTrack', 'needsAttention', 'atRisk'].map((healthStatus) => ({
        healthStatus,
        count: counts.get(healthStatus) ?? 0,
      }));
    },
  }),
}));

widget('WorkItemWidgetColor', 'COLOR', 'Represents a color widget.', (t) => ({
  color: t.string({
    nullable: true,
    description: 'Color of the work item.',
    resolve: (w) => epicRow(w)?.color ?? null,
  }),
  textColor: t.string({
    nullable: true,
    description: 'Text color generated for the work item.',
    resolve: (w) => {
      const color = epicRow(w)?.color;
      return color ? textColorFor(color) : null;
    },
  }),
}));

widget('WorkItemWidgetTimeTracking', 'TIME_TRACKING', 'Represents a time tracking widget.', (t) => ({
  timeEstimate: t.int({
    nullable: true,
    description: 'Time estimate of the work item (seconds).',
    resolve: (w) => issueRow(w)?.time_estimate ?? 0,
  }),
  totalTimeSpent: t.int({
    nullable: true,
    description: 'Time spent on the work item (seconds).',
    resolve: (w, _a, c) => {
      const row = issueRow(w);
      return row ? c.loaders.totalTimeSpent.load(row.id) : 0;
    },
  }),
}));

widget('WorkItemWidgetCrmContacts', 'CRM_CONTACTS', 'Represents CRM contacts (none in Meridian).', (t) => ({
  contactsAvailable: t.boolean({ description: 'Indicates whether CRM contacts can be added.', resolve: () => false }),
}));

// ---------------------------------------------------------------------------------------------
// Hierarchy (IE-38)

export const WorkItemConnection = defineConnection('WorkItem', WorkItemRef);

interface CountsByType {
  type: (typeof WORK_ITEM_TYPES)[number];
  all: number;
  closed: number;
}

const CountsByState = builder.objectRef<{ all: number; closed: number }>('WorkItemStateCountsType').implement({
  description: 'Counts of descendant work items by state.',
  fields: (t) => ({
    all: t.exposeInt('all', { description: 'Number of work items.' }),
    opened: t.int({ description: 'Number of open work items.', resolve: (s) => s.all - s.closed }),
    closed: t.exposeInt('closed', { description: 'Number of closed work items.' }),
  }),
});

const TypeCounts = builder.objectRef<CountsByType>('WorkItemTypeCountsByState').implement({
  description: 'Counts of descendant work items of one type by state.',
  fields: (t) => ({
    workItemType: t.field({ type: WorkItemTypeRef, description: 'Work item type.', resolve: (c) => c.type }),
    countsByState: t.field({
      type: CountsByState,
      description: 'Counts by state.',
      resolve: (c) => ({ all: c.all, closed: c.closed }),
    }),
  }),
});

/** The rolled-up counts per allowed child type: an epic's from its whole tree, the rest from direct children. */
async function rolledUpCounts(c: GraphQLContext, item: WorkItem): Promise<CountsByType[]> {
  const childTypes = allowedChildTypes(baseTypeOf(item));
  if (item.kind === 'epic') {
    const s = await c.loaders.treeStats.load(item.row.id);
    return childTypes.map((type) =>
      type === 'epic'
        ? { type: workItemTypeOf(type), all: s.openedEpics + s.closedEpics, closed: s.closedEpics }
        : { type: workItemTypeOf(type), all: s.openedIssues + s.closedIssues, closed: s.closedIssues },
    );
  }
  const stats = await childStats(c, item);
  return childTypes.map((type) => {
    const mine = stats.filter((s) => s.issue_type === type);
    return {
      type: workItemTypeOf(type),
      all: mine.reduce((n, s) => n + s.count, 0),
      closed: mine.filter((s) => s.state === 'closed').reduce((n, s) => n + s.count, 0),
    };
  });
}

/** The parent the actor may read: an epic's parent epic, an issue's epic, or the parent-link issue. */
export async function readableParent(c: GraphQLContext, item: WorkItem): Promise<WorkItem | null> {
  if (item.kind === 'epic') {
    if (item.row.parent_id === null) return null;
    const parent = await findEpicById(c.ctx.database.db, c.actor, item.row.parent_id).catch(() => null);
    return parent ? { kind: 'epic', row: parent } : null;
  }
  if (item.row.issue_type === 'issue') {
    const [epic] = await c.loaders.issueEpic.load(item.row.id);
    if (!epic) return null;
    return canEpic(c.actor, 'read_epic', epicSubject(epic)) ? { kind: 'epic', row: epic } : null;
  }
  const parentId = await c.loaders.issueParentId.load(item.row.id);
  if (parentId === null) return null;
  const parent = await c.loaders.readableIssue.load(parentId);
  return parent ? { kind: 'issue', row: parent } : null;
}

widget('WorkItemWidgetHierarchy', 'HIERARCHY', 'Represents a hierarchy widget.', (t) => ({
  hasChildren: t.boolean({
    description: 'Indicates if the work item has children you may read.',
    resolve: async (w, _a, c) => (await rolledUpCounts(c, w.item)).some((r) => r.all > 0),
  }),
  hasParent: t.boolean({
    description: 'Indicates if the work item has a parent you may read.',
    resolve: async (w, _a, c) => (await readableParent(c, w.item)) !== null,
  }),
  parent: t.field({
    type: WorkItemRef,
    nullable: true,
    description: 'Parent work item (null when none or hidden from you).',
    resolve: (w, _a, c) => readableParent(c, w.item),
  }),
  children: t.field({
    type: WorkItemConnection,
    nullable: true,
    description: 'Child work items you may read (100 per page).',
    args: { ...pageArgs },
    resolve: (w, args, c) =>
      paginateService(args, (window) => listWorkItemChildren(c.ctx.database.db, c.actor, w.item, window)),
  }),
  rolledUpCountsByType: t.field({
    type: [TypeCounts],
    description: 'Counts of descendant work items by work item type and state.',
    resolve: (w, _a, c) => rolledUpCounts(c, w.item),
  }),
}));
