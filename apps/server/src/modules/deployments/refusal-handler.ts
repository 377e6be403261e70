import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorHandler } from '../../rest/error-handler';
import { DeploymentRefusal } from './deployments.service';

/** GitLab's own 400 bodies for deployment refusals; every other error as everywhere else. */
export function deploymentErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DeploymentRefusal) return reply.status(400).send(error.body);
  return errorHandler(error, request, reply);
}
