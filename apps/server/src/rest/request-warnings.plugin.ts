import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectWarnings } from '../lib/request-warnings';

/** The response header that carries the warnings a write raised (one per line, joined by `; `). */
export const WARNING_HEADER = 'x-meridian-warning';

const warningsOf = new WeakMap<object, string[]>();

/**
 * Opens a warning list for every request, REST and GraphQL alike. The list opens in `preHandler`,
 * after the body is parsed, so the handler and every service it awaits run inside it.
 */
export const requestWarnings = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    const warnings: string[] = [];
    warningsOf.set(request, warnings);
    collectWarnings(warnings, done);
  });
  // Synchronous: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const warnings = warningsOf.get(request);
    if (warnings && warnings.length > 0) reply.header(WARNING_HEADER, warnings.join('; '));
    done(null, payload);
  });
});
