import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { requireActor } from '../../../policy/require-actor';
import { parseIdOrPath, parseInput, requestParams } from '../../../rest/params';
import { serviceContext } from '../../../service-context';
import { findGroup } from '../../namespaces';
import { presentImportJob } from '../import-job.presenter';
import { previewRedmineImport, startRedmineImport } from './redmine-import.service';
import { redmineImportSchema } from './redmine-import-params';

/**
 * The Redmine importer's API (docs/API.md § Redmine import): `POST /groups/:id/import/redmine/preview`
 * reads the Redmine's projects and trackers with the key and answers the mapping (nothing written);
 * `POST /groups/:id/import/redmine` starts the import (202, the job). The job's progress and report are
 * the group import's `GET /groups/:id/import_jobs/:import_job_id(/skipped)`. Owners of the group only.
 */
export const redmineImportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const groupOf = async (request: FastifyRequest) => {
    const actor = requireActor(request.actor);
    return findGroup(db, actor, parseIdOrPath((request.params as { id?: string }).id ?? ''));
  };

  app.post('/groups/:id/import/redmine/preview', async (request) => {
    const group = await groupOf(request);
    const input = parseInput(redmineImportSchema, requestParams(request));
    return previewRedmineImport(serviceContext(ctx, request.actor), group, input);
  });

  app.post('/groups/:id/import/redmine', async (request, reply) => {
    const group = await groupOf(request);
    const input = parseInput(redmineImportSchema, requestParams(request));
    const job = await startRedmineImport(serviceContext(ctx, request.actor), group, input);
    reply.code(202);
    return { message: '202 Accepted', id: group.id, full_path: group.full_path, import_job: presentImportJob(job) };
  });
};
