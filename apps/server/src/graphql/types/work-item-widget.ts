import type { WidgetDefinition, WidgetType } from '@meridian/domain';
import type { FieldRef } from '@pothos/core';
import type { ChildStat, WorkItem } from '../../modules/work-items';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { WorkItemWidgetType } from './work-item-type.graphql';

/* The WorkItemWidget interface and the helper each widget file defines its GraphQL type with. */

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

export function widget(name: string, type: WidgetType, description: string, fields: Fields) {
  builder.objectRef<WidgetShape>(name).implement({
    description,
    interfaces: [WidgetRef],
    isTypeOf: (w) => (w as WidgetShape).type === type,
    fields: fields as never,
  });
}

export const issueRow = (w: WidgetShape) => (w.item.kind === 'issue' ? w.item.row : null);
export const epicRow = (w: WidgetShape) => (w.item.kind === 'epic' ? w.item.row : null);

/** The readable direct children of the item, grouped by type, state and health (one batch per request). */
export function childStats(c: GraphQLContext, item: WorkItem): Promise<ChildStat[]> {
  return item.kind === 'epic'
    ? c.loaders.epicIssueStats.load(item.row.id)
    : c.loaders.issueChildStats.load(item.row.id);
}
