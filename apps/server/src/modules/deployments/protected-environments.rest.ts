import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findContainer } from '../namespaces';
import { createProtectedEnvironmentSchema, updateProtectedEnvironmentSchema } from './deployment-params';
import { presentProtectedEnvironment } from './deployments.presenter';
import {
  createProtectedEnvironment,
  deleteProtectedEnvironment,
  describeLevels,
  findProtectedEnvironment,
  listProtectedEnvironments,
  type ProtectedEnvironment,
  type ProtectionContainer,
  updateProtectedEnvironment,
} from './protected-environments.service';
import { deploymentErrorHandler } from './refusal-handler';

type Params = { id: string; name?: string };

const containerFor = (db: Database, request: FastifyRequest, kind: 'project' | 'group'): Promise<ProtectionContainer> =>
  findContainer(db, request.actor, kind, parseIdOrPath((request.params as Params).id));

/** The protected environment's name in the path, URL-decoded (`review%2Fapps`), at most 255 characters. */
function nameParam(request: FastifyRequest): string {
  return ((request.params as Params).name ?? '').slice(0, 255);
}

/** IE-80: GitLab's protected environments API for projects (by name) and groups (by tier); Maintainers. */
export const protectedEnvironmentsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(deploymentErrorHandler);
  const present = async (list: ProtectedEnvironment[]) => {
    const names = await describeLevels(
      db,
      list.flatMap((p) => [...p.deploy, ...p.approval]),
    );
    return list.map((p) => presentProtectedEnvironment(p, names));
  };

  for (const kind of ['project', 'group'] as const) {
    const base = kind === 'project' ? '/projects/:id/protected_environments' : '/groups/:id/protected_environments';

    app.get(base, async (request) =>
      present(await listProtectedEnvironments(db, request.actor, await containerFor(db, request, kind))),
    );

    app.post(base, async (request, reply) => {
      const container = await containerFor(db, request, kind);
      const input = parseInput(createProtectedEnvironmentSchema, requestParams(request));
      const created = await createProtectedEnvironment(db, request.actor, container, input);
      return reply.status(201).send((await present([created]))[0]);
    });

    app.get(`${base}/:name`, async (request) => {
      const container = await containerFor(db, request, kind);
      return (await present([await findProtectedEnvironment(db, request.actor, container, nameParam(request))]))[0];
    });

    app.put(`${base}/:name`, async (request) => {
      const container = await containerFor(db, request, kind);
      const input = parseInput(updateProtectedEnvironmentSchema, requestParams(request));
      const updated = await updateProtectedEnvironment(db, request.actor, container, nameParam(request), input);
      return (await present([updated]))[0];
    });

    app.delete(`${base}/:name`, async (request, reply) => {
      const container = await containerFor(db, request, kind);
      await deleteProtectedEnvironment(db, request.actor, container, nameParam(request));
      return reply.status(204).send();
    });
  }
};
