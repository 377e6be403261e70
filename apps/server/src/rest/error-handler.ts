import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, statusForCode } from '../errors';

/** Maps every thrown error to a GitLab-style JSON body. Unknown errors are logged and are a 500. */
export function errorHandler(error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const status = statusForCode[error.code];
    const body: Record<string, unknown> =
      status === 404 || status === 401 || status === 403 ? { message: error.message } : { error: error.message };
    if (error.field) body.field = error.field;
    return reply.status(status).send(body);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit ?? 2 * 1024 * 1024;
    const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
    return reply.status(413).send({ error: `request body is too large (limit ${size})` });
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send({ error: 'unsupported content type' });
  }
  if (fastifyError.validation) {
    return reply.status(400).send({ error: fastifyError.message });
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return reply.status(fastifyError.statusCode).send({ error: fastifyError.message });
  }
  request.log.error(error);
  return reply.status(500).send({ message: '500 Internal Server Error' });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: '404 Not Found', path: request.url.split('?')[0] });
}
