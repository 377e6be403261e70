import { builder } from '../builder';

/* The hierarchy widget's inputs of workItemCreate and workItemUpdate (GitLab's names and fields). */

export const HierarchyCreateInput = builder.inputType('WorkItemWidgetHierarchyCreateInput', {
  fields: (t) => ({
    parentId: t.field({ type: 'WorkItemID', required: false, description: 'Global ID of the parent work item.' }),
  }),
});

const RelativePositionType = builder.enumType('RelativePositionType', {
  description: 'The position to which the adjacent object should be moved.',
  values: {
    BEFORE: { value: 'before', description: 'Object is moved before an adjacent object.' },
    AFTER: { value: 'after', description: 'Object is moved after an adjacent object.' },
  } as const,
});

export const HierarchyUpdateInput = builder.inputType('WorkItemWidgetHierarchyUpdateInput', {
  fields: (t) => ({
    parentId: t.field({
      type: 'WorkItemID',
      required: false,
      description: 'Global ID of the parent work item. Use `null` to remove the association.',
    }),
    childrenIds: t.field({
      type: ['WorkItemID'],
      required: false,
      description: 'Global IDs of children work items (at most 100; one when adjacentWorkItemId is given).',
    }),
    adjacentWorkItemId: t.field({
      type: 'WorkItemID',
      required: false,
      description: 'ID of the sibling the work item (or the one child in childrenIds) is placed next to.',
    }),
    relativePosition: t.field({
      type: RelativePositionType,
      required: false,
      description: 'Whether the work item goes BEFORE or AFTER the adjacent work item.',
    }),
  }),
});
