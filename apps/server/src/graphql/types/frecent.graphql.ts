import { frecentGroups, frecentProjects } from '../../modules/visits';
import { builder } from '../builder';
import { GroupRef, ProjectRef } from './refs';

/**
 * GitLab's `frecentProjects` / `frecentGroups` (IE-18): the signed-in user's frequently visited
 * items, ranked from the visits `POST /-/track_namespace_visits` stored, at most 5, only those they
 * may still read; null for anonymous visitors, as GitLab's resolvers answer.
 */
builder.queryField('frecentProjects', (t) =>
  t.field({
    type: [ProjectRef],
    nullable: true,
    description: "A user's frecently visited projects",
    resolve: async (_root, _args, c) => {
      if (!c.actor) return null;
      const rows = await frecentProjects(c.ctx.database.db, c.actor);
      for (const row of rows) c.loaders.project.prime(row.id, row);
      return rows;
    },
  }),
);

builder.queryField('frecentGroups', (t) =>
  t.field({
    type: [GroupRef],
    nullable: true,
    description: "A user's frecently visited groups",
    resolve: async (_root, _args, c) => {
      if (!c.actor) return null;
      const rows = await frecentGroups(c.ctx.database.db, c.actor);
      for (const row of rows) c.loaders.group.prime(row.id, row);
      return rows;
    },
  }),
);
