import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { isSafeMethod } from '../../lib/safe-methods';
import type { Actor } from '../../policy/actor';
import type { ReplicaSet } from './replica-hosts';
import { type RequestTarget, requestTarget, runWithRequestTarget } from './request-target';
import { lastWriteLsn, recordWrite } from './stickiness';

const targets = new WeakMap<FastifyRequest, RequestTarget>();

/**
 * GitLab's database load balancing, per request (DATABASE_REPLICA_URLS): a read (GET, HEAD, a
 * GraphQL query) goes to a replica that has replayed the reader's own last write, else to the
 * primary; a write goes to the primary and records where it ended for the writer's next reads.
 * The reader is known once authenticated, so the choice is made in `preHandler`: the session or
 * token lookup before it reads the primary (a session made a moment ago is there).
 */
export const loadBalancingPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const replicas = ctx.database.replicas;
    if (!replicas || ctx.site.secondary) return;
    const db = ctx.database.db;

    app.addHook('preHandler', (request, _reply, done) => {
      const target: RequestTarget = { replica: null, wrote: false, read: isSafeMethod(request.method) };
      targets.set(request, target);
      if (!target.read) return runWithRequestTarget(target, done);
      replicaFor(db, replicas, request.actor).then(
        (host) => {
          target.replica = host;
          runWithRequestTarget(target, done);
        },
        (error: Error) => done(error),
      );
    });

    // Before the answer leaves: the writer's next request must already find the position.
    app.addHook('onSend', async (request, _reply, payload) => {
      const target = targets.get(request);
      if (request.actor && target && (target.wrote || !target.read)) await recordWrite(db, request.actor.id);
      return payload;
    });
  },
  { name: 'meridian-load-balancing', dependencies: ['meridian-auth'] },
);

async function replicaFor(db: AppContext['database']['db'], replicas: ReplicaSet, actor: Actor | null) {
  if (!replicas.hosts.some((h) => h.online)) return null;
  return replicas.hostFor(actor ? await lastWriteLsn(db, actor.id) : null);
}

/**
 * A request whose method writes but whose work only reads (a GraphQL query sent as POST) may read
 * on a replica too, chosen as for a GET. Called by the GraphQL transport before it executes.
 */
export async function readOnReplica(ctx: AppContext, actor: Actor | null): Promise<void> {
  const target = requestTarget();
  const replicas = ctx.database.replicas;
  if (!target || !replicas || target.wrote) return;
  target.read = true;
  target.replica = await replicaFor(ctx.database.db, replicas, actor);
}
