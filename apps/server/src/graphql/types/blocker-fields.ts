import type { FieldRef } from '@pothos/core';
import type { builder } from '../builder';
import { pageArgs, paginateArray } from '../connection';
import type { GraphQLContext } from '../context';
import { whenLoaded } from '../loaders/settled-loader';

type Types = typeof builder.$inferSchemaTypes;
type Connection = Parameters<PothosSchemaTypes.ObjectFieldBuilder<Types, unknown>['field']>[0]['type'];

/**
 * `blocked`, `blockedByCount` and `blockedBy<Items>` of an epic or an issue (IE-31): all three read
 * the same batch-loaded list of open blockers the reader may see, so they always agree and cost one
 * statement for every parent of the level.
 */
export function blockerFields<Parent extends { id: number }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  items: {
    noun: 'epics' | 'issues';
    connection: Connection;
    /** The open blockers, synchronously when already loaded. */
    load: (c: GraphQLContext, id: number) => unknown[] | Promise<unknown[]>;
  },
): Record<string, FieldRef<Types>> {
  const listName = items.noun === 'epics' ? 'blockedByEpics' : 'blockedByIssues';
  return {
    blocked: t.boolean({
      description: `Indicates the ${items.noun.slice(0, -1)} is blocked by open ${items.noun} you may read.`,
      resolve: (p, _a, c) => whenLoaded(items.load(c, p.id), (blockers) => blockers.length > 0),
    }),
    blockedByCount: t.int({
      description: `Count of ${items.noun} blocking this ${items.noun.slice(0, -1)}.`,
      resolve: (p, _a, c) => whenLoaded(items.load(c, p.id), (blockers) => blockers.length),
    }),
    [listName]: t.field({
      type: items.connection,
      description: `Open ${items.noun} blocking this ${items.noun.slice(0, -1)} that you may read (the ones \`blockedByCount\` counts).`,
      args: { ...pageArgs },
      // The connection's node type is the caller's (EpicConnection or IssueConnection with their rows).
      resolve: (p, args, c) => whenLoaded(items.load(c, p.id), (blockers) => paginateArray(args, blockers)) as never,
    }),
  };
}
