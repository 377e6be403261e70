import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, statusForCode } from '../../errors';
import { errorHandler } from '../../rest/error-handler';

/**
 * Page-JSON routes answer every client error as `{"message": "...", "field": "..."}` (the contract
 * the web bar reads); anything else goes to the app's error handler.
 */
export function suggestionErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const body: Record<string, string> = { message: error.message };
    if (error.field) body.field = error.field;
    return reply.status(statusForCode[error.code]).send(body);
  }
  return errorHandler(error, request, reply);
}
