import { badRequest } from '../../errors';
import { listEpics } from '../../modules/epics';
import { builder } from '../builder';
import { MAX_CURSOR_OFFSET } from '../connection';
import { selectedFields } from '../selected-fields';
import { epicListArgs, toEpicFilters } from './epic-args';
import { preloadEpicFields } from './epic-preload';
import { EpicRef, GroupRef } from './refs';

/** The most epics one window holds. */
export const MAX_ROADMAP_WINDOW = 1000;

function windowArg(value: number | null | undefined, name: 'offset' | 'limit', min: number, max: number): number {
  if (value == null) return name === 'offset' ? 0 : 100;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max}`, name);
  }
  return value;
}

/**
 * A roadmap of thousands of epics in a few large windows fetched in parallel, instead of a
 * connection's pages of 100 one after another (each page re-sorts every match, so the cost is per
 * request, not per row). The rows, order and permissions are `Group.epics`' own (`listEpics`).
 *
 * Cost: a window is one statement whatever its size, and everything the roadmap selects per epic
 * comes from per-request batch loaders, so the field costs 1 + limit / 10 and multiplies what is
 * selected inside by `limit`: any connection or argument-taking field inside a window of 1,000
 * exceeds the complexity limit, so a window cannot fan out per row.
 */
builder.objectFields(GroupRef, (t) => ({
  roadmapEpics: t.field({
    type: [EpicRef],
    description:
      'Meridian: `limit` epics (at most 1,000) from position `offset` of the same list, order and filters as `epics`; for clients that fetch a whole roadmap in parallel windows.',
    args: {
      ...epicListArgs,
      offset: t.arg.int({ required: false, description: 'Position of the first epic (0-based, default 0).' }),
      limit: t.arg.int({ required: false, description: 'How many epics, 1 to 1,000 (default 100).' }),
    },
    complexity: (args) => {
      const limit = typeof args.limit === 'number' ? Math.min(Math.max(Math.trunc(args.limit), 1), 1000) : 100;
      return { field: 1 + Math.ceil(limit / 10), multiplier: limit };
    },
    resolve: async (g, args, c, info) => {
      const offset = windowArg(args.offset, 'offset', 0, MAX_CURSOR_OFFSET);
      const limit = windowArg(args.limit, 'limit', 1, MAX_ROADMAP_WINDOW);
      const filters = toEpicFilters(args);
      const { rows } = await listEpics(c.ctx.database.db, c.actor, g, filters, { offset, limit, count: false });
      await preloadEpicFields(c, rows, selectedFields(info));
      return rows;
    },
  }),
}));
