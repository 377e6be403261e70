import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import './global-ids';

type Types = typeof builder.$inferSchemaTypes;

/** `Query.<name>(id:)`: the object a global id names; null when it is missing or hidden from you. */
export function byGlobalIdQuery<Row>(
  name: string,
  options: {
    type: ObjectRef<Types, Row>;
    idType: 'IssueID' | 'WorkItemID';
    description: string;
    idDescription: string;
    find: (id: string, c: GraphQLContext) => Promise<Row | null | undefined>;
  },
): void {
  // Pothos resolves its types from concrete refs: the generic row is widened here.
  const type = options.type as ObjectRef<Types, object>;
  builder.queryField(name, (t) =>
    t.field({
      type,
      nullable: true,
      description: options.description,
      args: { id: t.arg({ type: options.idType, required: true, description: options.idDescription }) },
      resolve: async (_root, args, c) => ((await options.find(args.id, c)) as object | null | undefined) ?? null,
    }),
  );
}
