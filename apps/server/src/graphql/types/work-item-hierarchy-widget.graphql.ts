import { allowedChildTypes, type WORK_ITEM_TYPES, workItemTypeOf } from '@meridian/domain';
import { epicSubject, findEpicById } from '../../modules/epics';
import { baseTypeOf, listWorkItemChildren, type WorkItem } from '../../modules/work-items';
import { canEpic } from '../../policy/abilities';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateService } from '../connection';
import type { GraphQLContext } from '../context';
import { readable } from '../readable';
import { WorkItemRef } from './refs';
import { WorkItemTypeRef } from './work-item-type.graphql';
import { childStats, widget } from './work-item-widget';

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
    const row = readable(epic, (e) => canEpic(c.actor, 'read_epic', epicSubject(e)));
    return row ? { kind: 'epic', row } : null;
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
