import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createTokenFor,
  findToken,
  listTokens,
  type NewTokenInput,
  revokeToken,
} from '../../auth/personal-access-tokens.service';
import type { AppContext } from '../../context';
import { badRequest, DomainError } from '../../errors';
import { requireActor } from '../../policy/require-actor';
import { gitlabId } from '../../rest/gitlab-list-params';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabBoolean, gitlabList, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { presentPersonalAccessToken } from './personal-access-token.presenter';

const createParams = z.object({
  name: z.string().max(255),
  scopes: gitlabList,
  expires_at: z.string().max(10).nullish(),
});

const listParams = pageParams.extend({
  user_id: gitlabId.optional(),
  state: z.enum(['active', 'inactive']).optional(),
  revoked: gitlabBoolean.optional(),
  search: z.string().max(255).optional(),
});

function tokenInput(request: FastifyRequest): NewTokenInput {
  const p = parseInput(createParams, requestParams(request));
  return { name: p.name, scopes: p.scopes, expiresAt: p.expires_at || null };
}

/** The id a `self` route acts on: only a request authenticated with a token has one. */
function selfTokenId(request: FastifyRequest): number {
  requireActor(request.actor);
  if (request.tokenId === null) throw badRequest('this endpoint needs a personal access token', 'token');
  return request.tokenId;
}

/** Personal access tokens, in GitLab's REST v4 shape (mounted under /api/v4). */
export const personalAccessTokenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/personal_access_tokens', async (request, reply) => {
    const actor = requireActor(request.actor);
    const { page, per_page, ...filters } = parseInput(listParams, request.query);
    const result = await listTokens(db, actor, filters, { page, per_page });
    setPaginationHeaders(request, reply, { page, per_page }, result.total);
    return result.rows.map((row) => presentPersonalAccessToken(row));
  });

  app.get('/personal_access_tokens/self', async (request) => {
    const id = selfTokenId(request);
    return presentPersonalAccessToken(await findToken(db, requireActor(request.actor), id));
  });

  app.get<{ Params: { id: string } }>('/personal_access_tokens/:id', async (request) => {
    const actor = requireActor(request.actor);
    const row = await findToken(db, actor, parseIntParam(request.params.id, 'id'));
    return presentPersonalAccessToken(row);
  });

  app.delete('/personal_access_tokens/self', async (request, reply) => {
    const id = selfTokenId(request);
    await revokeToken(db, requireActor(request.actor), id);
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string } }>('/personal_access_tokens/:id', async (request, reply) => {
    const actor = requireActor(request.actor);
    await revokeToken(db, actor, parseIntParam(request.params.id, 'id'));
    return reply.status(204).send();
  });

  app.post('/user/personal_access_tokens', async (request, reply) => {
    const actor = requireActor(request.actor);
    const { row, token } = await createTokenFor(db, actor, actor.id, tokenInput(request), request.tokenId);
    return reply.status(201).send(presentPersonalAccessToken(row, token));
  });

  app.post<{ Params: { user_id: string } }>('/users/:user_id/personal_access_tokens', async (request, reply) => {
    const actor = requireActor(request.actor);
    const userId = parseIntParam(request.params.user_id, 'user_id');
    if (!actor.admin) throw new DomainError('forbidden', '403 Forbidden');
    const { row, token } = await createTokenFor(db, actor, userId, tokenInput(request), request.tokenId);
    return reply.status(201).send(presentPersonalAccessToken(row, token));
  });
};
