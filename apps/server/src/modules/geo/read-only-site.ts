import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors';
import { hasMutation, type OperationsOf } from '../../lib/graphql-document';
import { isSafeMethod } from '../../lib/safe-methods';
import { isPassedToPrimary } from './sign-in-through-primary';

/** GitLab's answer to a write on a read-only instance, naming where writes go on a Geo secondary. */
export function readOnlyMessage(primaryUrl: string | null): string {
  const where = primaryUrl ? `, ${primaryUrl}` : '';
  return `You cannot perform write operations on a read-only instance. This is a secondary Geo site: make changes on the primary site${where}.`;
}

// GraphQL reads are POSTs too: its mutations are refused where they are parsed (graphql.plugin.ts).
const GRAPHQL_PATH = '/api/graphql';

/**
 * A Geo secondary's `onRequest` hook: every write (POST, PUT, PATCH, DELETE) is refused with 403
 * and the primary's URL, as GitLab's read-only middleware answers, before any body is read —
 * except signing in, up and out, which go to the primary (sign-in-through-primary.ts).
 */
export function refuseWritesOnSecondary(primaryUrl: string | null) {
  const message = readOnlyMessage(primaryUrl);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSafeMethod(request.method) || isPassedToPrimary(request)) return;
    if (request.method === 'POST' && request.url.split('?')[0] === GRAPHQL_PATH) return;
    return reply.status(403).send({ message, primary_url: primaryUrl });
  };
}

/** A Geo secondary's GraphQL pre-execution hook: queries run, mutations are refused. */
export function refuseMutationsOnSecondary(primaryUrl: string | null) {
  const message = readOnlyMessage(primaryUrl);
  return async (_schema: unknown, document: OperationsOf) => {
    if (hasMutation(document)) throw forbidden(message);
  };
}
