import type { ObjectRef } from '@pothos/core';
import { frecentGroups, frecentProjects } from '../../modules/visits';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { GroupRef, ProjectRef } from './refs';

/**
 * GitLab's `frecentProjects` / `frecentGroups` (IE-18): the signed-in user's frequently visited
 * items, ranked from the visits `POST /-/track_namespace_visits` stored, at most 5, only those they
 * may still read; null for anonymous visitors, as GitLab's resolvers answer.
 */
function frecentField<Row extends { id: number }>(
  name: string,
  type: ObjectRef<typeof builder.$inferSchemaTypes, Row>,
  description: string,
  find: (db: GraphQLContext['ctx']['database']['db'], actor: NonNullable<GraphQLContext['actor']>) => Promise<Row[]>,
  loader: (c: GraphQLContext) => { prime(id: number, row: NoInfer<Row>): unknown },
) {
  // Pothos resolves its types from concrete refs: the generic row is widened here.
  const itemType = type as ObjectRef<typeof builder.$inferSchemaTypes, object>;
  builder.queryField(name, (t) =>
    t.field({
      type: [itemType],
      nullable: true,
      description,
      resolve: async (_root, _args, c) => {
        if (!c.actor) return null;
        const rows = await find(c.ctx.database.db, c.actor);
        for (const row of rows) loader(c).prime(row.id, row);
        return rows;
      },
    }),
  );
}

frecentField(
  'frecentProjects',
  ProjectRef,
  "A user's frecently visited projects",
  frecentProjects,
  (c) => c.loaders.project,
);
frecentField('frecentGroups', GroupRef, "A user's frecently visited groups", frecentGroups, (c) => c.loaders.group);
