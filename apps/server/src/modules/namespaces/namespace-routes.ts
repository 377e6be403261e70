import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import type { PageParams } from '../../db/list-page';
import type { Actor } from '../../policy/actor';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import type { IdOrPath } from './id-or-path';

/** What `GET`, `POST`, `PUT` and `DELETE` of `/groups` or `/projects` are made of. */
export interface NamespaceResource<Row, L extends z.ZodType<PageParams>, C extends z.ZodType, U extends z.ZodType> {
  path: '/groups' | '/projects';
  listParams: L;
  createParams: C;
  updateParams: U;
  list: (db: Database, actor: Actor | null, params: z.infer<L>) => Promise<{ rows: Row[]; total: number }>;
  create: (db: Database, actor: Actor | null, input: z.infer<C>) => Promise<Row>;
  update: (db: Database, actor: Actor | null, idOrPath: IdOrPath, input: z.infer<U>) => Promise<Row>;
  remove: (db: Database, actor: Actor | null, idOrPath: IdOrPath) => Promise<void>;
  present: (row: Row) => unknown;
  /** The single-resource answer of create and update, when it reads more than the row (default: `present`). */
  presentOne?: (row: Row, actor: Actor | null) => Promise<unknown>;
}

/** The list (paginated), create (201), update and delete (202, as GitLab schedules it) routes of a namespace kind. */
export function namespaceRoutes<Row, L extends z.ZodType<PageParams>, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  resource: NamespaceResource<Row, L, C, U>,
): void {
  const { path, present } = resource;
  const presentOne = resource.presentOne ?? (async (row: Row) => present(row));

  app.get(path, async (request, reply) => {
    const params = parseInput(resource.listParams, request.query);
    const { rows, total } = await resource.list(db, request.actor, params);
    setPaginationHeaders(request, reply, params, total);
    return rows.map(present);
  });

  app.post(path, async (request, reply) => {
    const input = parseInput(resource.createParams, requestParams(request));
    const row = await resource.create(db, request.actor, input);
    return reply.status(201).send(await presentOne(row, request.actor));
  });

  app.put<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
    const idOrPath = parseIdOrPath(request.params.id);
    const input = parseInput(resource.updateParams, requestParams(request));
    return presentOne(await resource.update(db, request.actor, idOrPath, input), request.actor);
  });

  app.delete<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
    await resource.remove(db, request.actor, parseIdOrPath(request.params.id));
    return reply.status(202).send({ message: '202 Accepted' });
  });
}
