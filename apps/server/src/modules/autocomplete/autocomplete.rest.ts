import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { gitlabList, parseInput } from '../../rest/params';
import { USER_STATES, type UserState } from '../users';
import { suggestAwardEmoji } from './award-emoji-suggestions.service';
import { suggestBranches } from './branch-suggestions.service';
import { containerFromParams, requiredContainerFromParams } from './suggestion-container';
import { suggestionErrorHandler } from './suggestion-error-handler';
import { flag, perPageParam, searchParam } from './suggestion-params';
import { suggestionPresenter } from './suggestions.presenter';
import { suggestUsers } from './users-autocomplete.service';

const isUserState = (s: string): s is UserState => (USER_STATES as readonly string[]).includes(s);

const containerParams = {
  group_id: z.string().max(1000).optional(),
  project_id: z.string().max(1000).optional(),
};

const usersSchema = z.object({
  ...containerParams,
  search: searchParam,
  per_page: perPageParam,
  current_user: flag(false),
  states: gitlabList
    .refine((states) => states.every(isUserState), 'must be active, blocked, banned or deactivated')
    .transform((states) => states.filter(isUserState))
    .optional(),
});

const branchesSchema = z.object({ ...containerParams, search: searchParam, per_page: perPageParam });

/** GitLab's `/-/autocomplete/…` page-JSON routes (RF-12 … RF-15). */
export const autocompleteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(suggestionErrorHandler);

  app.get('/-/autocomplete/users.json', async (request) => {
    const q = parseInput(usersSchema, request.query);
    const container = await containerFromParams(db, request.actor, q);
    const users = await suggestUsers(db, request.actor, container, {
      search: q.search || undefined,
      states: q.states?.length ? q.states : ['active'],
      currentUserFirst: q.current_user,
      limit: q.per_page,
    });
    return users.map((u) => suggestionPresenter.user(ctx, u));
  });

  app.get('/-/autocomplete/award_emojis', async (request) => suggestAwardEmoji(db, request.actor));

  for (const [path, column] of [
    ['merge_request_target_branches', 'target_branch'],
    ['merge_request_source_branches', 'source_branch'],
  ] as const) {
    app.get(`/-/autocomplete/${path}.json`, async (request) => {
      const q = parseInput(branchesSchema, request.query);
      const container = await requiredContainerFromParams(db, request.actor, q);
      const names = await suggestBranches(db, request.actor, container, column, {
        search: q.search || undefined,
        limit: q.per_page,
      });
      return names.map((title) => ({ title }));
    });
  }
};
