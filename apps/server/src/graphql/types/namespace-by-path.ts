import type { ObjectRef } from '@pothos/core';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { builder } from '../builder';
import { pathArgExtensions, validFullPath } from './path-args';

type Types = typeof builder.$inferSchemaTypes;

/** How a root field finds its namespace (a group or a project) by full path. */
export interface NamespaceByPath<Row extends { id: number }> {
  field: 'group' | 'project';
  ref: ObjectRef<Types, Row>;
  description: string;
  /** The `fullPath` argument's example, as in GitLab's schema. */
  example: string;
  find: (db: Database, fullPath: string) => Promise<Row | undefined>;
  readable: (actor: Actor | null, row: Row) => boolean;
  /** The request's loader of this kind of row, primed with what the field found. */
  loader: (loaders: Types['Context']['loaders']) => { prime: (id: number, row: Row) => unknown };
}

/**
 * `Query.group(fullPath:)` / `Query.project(fullPath:)`: the namespace, or null when the path is
 * invalid, missing or hidden from the actor (GitLab answers null, not an error).
 */
export function defineNamespaceByPathField<Row extends { id: number }>(spec: NamespaceByPath<Row>): void {
  builder.queryField(spec.field, (t) =>
    t.field({
      // Widened: Pothos cannot check a resolver against a generic row type; `spec` ties the two.
      type: spec.ref as ObjectRef<Types, { id: number }>,
      nullable: true,
      description: spec.description,
      args: {
        fullPath: t.arg.id({
          required: true,
          description: `Full path of the ${spec.field}. For example, \`${spec.example}\`.`,
          extensions: pathArgExtensions,
        }),
      },
      resolve: async (_root, args, c) => {
        const fullPath = validFullPath(args.fullPath);
        if (!fullPath) return null;
        const row = await spec.find(c.ctx.database.db, fullPath);
        if (!row || !spec.readable(c.actor, row)) return null;
        spec.loader(c.loaders).prime(row.id, row);
        return row;
      },
    }),
  );
}
