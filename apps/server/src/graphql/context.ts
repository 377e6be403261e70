import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Actor } from '../policy/actor';
import { createLoaders, type Loaders } from './loaders/loaders';

/** What every resolver receives: the app, the signed-in actor (null = anonymous) and per-request loaders. */
export interface GraphQLContext {
  ctx: AppContext;
  actor: Actor | null;
  loaders: Loaders;
}

/** Builds the context for one request; loaders are per request so their caches never cross users. */
export function buildContext(ctx: AppContext, request: FastifyRequest): GraphQLContext {
  const actor = request.actor ?? null;
  return { ctx, actor, loaders: createLoaders(ctx.database.db, actor) };
}
