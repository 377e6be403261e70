import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { userNamespaceId } from '../../auth/accounts.service';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, parseInput, parseIntParam } from '../../rest/params';
import { mayCreateTopLevelGroups } from '../groups';
import { personalAccessTokenRoutes } from './personal-access-tokens.rest';
import { presentUser, presentUserBasic, presentUserSelf } from './user.presenter';
import { getUser, listUsers } from './users.service';

const listParams = pageParams.extend({
  search: z.string().max(255).optional(),
  username: z.string().max(255).optional(),
  active: gitlabBoolean.optional(),
  blocked: gitlabBoolean.optional(),
  order_by: z.enum(['id', 'name', 'username', 'created_at', 'updated_at']).default('id'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});

/** `GET /user`, `GET /users`, `GET /users/:id`, and the personal access token routes (under /api/v4). */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/user', async (request) => {
    if (!request.actor) throw new DomainError('unauthorized', '401 Unauthorized');
    const user = await getUser(db, request.actor, request.actor.id);
    return presentUserSelf(ctx, user, {
      namespaceId: await userNamespaceId(db, user.id),
      canCreateGroup: await mayCreateTopLevelGroups(db, user),
    });
  });

  app.get('/users', async (request, reply) => {
    const { page, per_page, ...filters } = parseInput(listParams, request.query);
    const { rows, total } = await listUsers(db, request.actor, filters, { page, per_page });
    setPaginationHeaders(request, reply, { page, per_page }, total);
    if (request.actor?.admin !== true) return rows.map((row) => presentUserBasic(ctx, row));
    const usersMay = await mayCreateTopLevelGroups(db, { admin: false });
    return rows.map((row) => presentUserSelf(ctx, row, { namespaceId: null, canCreateGroup: row.admin || usersMay }));
  });

  app.get<{ Params: { id: string } }>('/users/:id', async (request) => {
    const user = await getUser(db, request.actor, parseIntParam(request.params.id, 'id'));
    if (request.actor?.admin || request.actor?.id === user.id) {
      return presentUserSelf(ctx, user, {
        namespaceId: await userNamespaceId(db, user.id),
        canCreateGroup: await mayCreateTopLevelGroups(db, user),
      });
    }
    return presentUser(ctx, user);
  });

  await app.register(personalAccessTokenRoutes, { ctx });
};
