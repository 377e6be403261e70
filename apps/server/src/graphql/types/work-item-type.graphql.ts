import {
  allowedChildTypes,
  allowedParentTypes,
  WIDGET_TYPES,
  type WidgetDefinition,
  WORK_ITEM_TYPES,
  type WorkItemTypeInfo,
  widgetDefinitions,
  workItemTypeOf,
} from '@meridian/domain';
import type { FieldRef } from '@pothos/core';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';

/*
 * IE-37: work item types with their widget definitions (GitLab's WorkItemType and
 * WorkItemWidgetDefinition* types). The table is pure (packages/domain/src/work-items).
 */

export const WorkItemWidgetType = builder.enumType('WorkItemWidgetType', {
  description: 'Type of a work item widget.',
  values: Object.fromEntries(WIDGET_TYPES.map((v) => [v, { value: v }])) as Record<
    (typeof WIDGET_TYPES)[number],
    { value: (typeof WIDGET_TYPES)[number] }
  >,
});

/** `gid://gitlab/WorkItems::Type/5`, as GitLab names its types. */
export const typeGid = (t: WorkItemTypeInfo) => `gid://gitlab/WorkItems::Type/${t.id}`;

/** The type a `WorkItemsTypeID` names, or undefined. */
export function typeOfGid(value: string): WorkItemTypeInfo | undefined {
  const match = /^gid:\/\/gitlab\/WorkItems::Type\/(\d{1,3})$/.exec(value);
  return match ? WORK_ITEM_TYPES.find((t) => t.id === Number(match[1])) : undefined;
}

export const WorkItemTypeRef = builder.objectRef<WorkItemTypeInfo>('WorkItemType');
export const WorkItemTypeConnection = defineConnection('WorkItemType', WorkItemTypeRef);

/** A widget definition with the type it belongs to (the hierarchy definition lists allowed types). */
type DefinitionShape = WidgetDefinition & { parentType?: WorkItemTypeInfo };

const WidgetDefinitionRef = builder.interfaceRef<DefinitionShape>('WorkItemWidgetDefinition').implement({
  description: 'Widget definition of a work item type.',
  fields: (t) => ({
    type: t.field({ type: WorkItemWidgetType, description: 'Widget type.', resolve: (d) => d.type }),
  }),
});

type Def<T extends WidgetDefinition['type']> = Extract<WidgetDefinition, { type: T }> & {
  parentType?: WorkItemTypeInfo;
};

type Types = typeof builder.$inferSchemaTypes;

/** A `WorkItemWidgetDefinition<Name>` type: the definition of the widget `type`, with its settings. */
function widgetDefinition<T extends WidgetDefinition['type']>(
  name: string,
  type: T,
  description: string,
  fields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, Def<T>>) => Record<string, FieldRef<Types>>,
) {
  builder.objectRef<Def<T>>(name).implement({
    description,
    interfaces: [WidgetDefinitionRef],
    isTypeOf: (d) => (d as WidgetDefinition).type === type,
    fields: fields as never,
  });
}

widgetDefinition(
  'WorkItemWidgetDefinitionAssignees',
  'ASSIGNEES',
  'Represents an assignees widget definition.',
  (t) => ({
    allowsMultipleAssignees: t.exposeBoolean('allowsMultipleAssignees', {
      description: 'Indicates whether multiple assignees are allowed.',
    }),
    canInviteMembers: t.exposeBoolean('canInviteMembers', {
      description: "Indicates whether the current user can invite members to the work item's parent.",
    }),
  }),
);

widgetDefinition('WorkItemWidgetDefinitionLabels', 'LABELS', 'Represents a labels widget definition.', (t) => ({
  allowsScopedLabels: t.exposeBoolean('allowsScopedLabels', {
    description: 'Indicates whether scoped labels are available.',
  }),
}));

widgetDefinition('WorkItemWidgetDefinitionWeight', 'WEIGHT', 'Represents a weight widget definition.', (t) => ({
  editable: t.exposeBoolean('editable', { description: 'Indicates whether editable weight is available.' }),
  rollUp: t.exposeBoolean('rollUp', { description: 'Indicates whether rolled up weight is available.' }),
}));

builder.objectRef<DefinitionShape>('WorkItemWidgetDefinitionHierarchy').implement({
  description: 'Represents a hierarchy widget definition.',
  interfaces: [WidgetDefinitionRef],
  isTypeOf: (d) => (d as WidgetDefinition).type === 'HIERARCHY',
  fields: (t) => {
    // Connections, as GitLab's (`allowedChildTypes { nodes { … } }`).
    const allowedTypes = (kinds: 'child' | 'parent', allowed: typeof allowedChildTypes) =>
      t.field({
        type: WorkItemTypeConnection,
        description: `Allowed ${kinds} types for the work item type.`,
        args: pageArgs,
        resolve: (d, args) => paginateArray(args, allowed(d.parentType?.baseType ?? 'issue').map(workItemTypeOf)),
      });
    return {
      allowedChildTypes: allowedTypes('child', allowedChildTypes),
      allowedParentTypes: allowedTypes('parent', allowedParentTypes),
    };
  },
});

builder.objectRef<DefinitionShape>('WorkItemWidgetDefinitionGeneric').implement({
  description: 'Represents a widget definition with no settings of its own.',
  interfaces: [WidgetDefinitionRef],
  isTypeOf: (d) => !['ASSIGNEES', 'LABELS', 'WEIGHT', 'HIERARCHY'].includes((d as WidgetDefinition).type),
  fields: () => ({}),
});

WorkItemTypeRef.implement({
  description: 'Represents a work item type.',
  fields: (t) => ({
    id: t.string({ description: 'Global ID of the work item type.', resolve: typeGid }),
    name: t.exposeString('name', { description: 'Name of the work item type.' }),
    iconName: t.exposeString('iconName', { description: 'Icon name of the work item type.' }),
    widgetDefinitions: t.field({
      type: [WidgetDefinitionRef],
      description: 'Available widgets for the work item type.',
      resolve: (type) => widgetDefinitions(type.baseType).map((d) => ({ ...d, parentType: type })),
    }),
  }),
});

/** The types a namespace offers: every issue-backed type in a project, every type in a group. */
export function typesOfNamespace(kind: 'group' | 'project', name: string | null | undefined): WorkItemTypeInfo[] {
  const offered = WORK_ITEM_TYPES.filter((t) => (kind === 'project' ? t.baseType !== 'epic' : true));
  if (name == null) return [...offered];
  // An IssueType value (TASK, KEY_RESULT…) is the type's base type in capitals.
  return offered.filter((t) => t.baseType === name.toLowerCase());
}
