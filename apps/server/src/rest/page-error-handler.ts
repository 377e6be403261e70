import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, statusForCode } from '../errors';
import { errorHandler } from './error-handler';

/**
 * The issue and epic page endpoints (`/<project>/-/issues/<iid>(.json)`, `/groups/<group>/-/epics/<iid>.json`)
 * answer a client error as GitLab's IssuableActions do, `{"errors": ["…"]}`, which GitLab's issue
 * page shows; `message` and `field` stay beside it for Meridian's page bar. Anything else goes to
 * the app's error handler.
 */
export function pageErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const body: Record<string, unknown> = { errors: [error.message], message: error.message };
    if (error.field) body.field = error.field;
    return reply.status(statusForCode[error.code]).send(body);
  }
  return errorHandler(error, request, reply);
}
