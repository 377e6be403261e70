import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { requireActor } from '../../../policy/require-actor';
import { setPaginationHeaders } from '../../../rest/pagination';
import { parseIdOrPath, parseInput, requestParams } from '../../../rest/params';
import { serviceContext } from '../../../service-context';
import { findGroup } from '../../namespaces';
import { presentImportJob, presentSkip } from '../import-job.presenter';
import { parseJobId, parseSkipsPage } from '../import-params';
import { listImportJobSkips } from '../imports.service';
import { findGroupImportJob, startGroupImport } from './group-import.service';
import { groupArchiveUpload, groupImportSchema } from './group-import-params';

type Params = Record<string, string | undefined>;

/**
 * GitLab's group import from an export file: `POST /groups/import` (multipart `name`, `path`, `file`,
 * optional `parent_id`) answers 202 as GitLab does, with the new group and its import job;
 * `GET /groups/:id/import_jobs/:import_job_id` is the job's progress and `…/skipped` its report, for
 * the group's owners (404 for others).
 */
export const groupImportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const jobOf = async (request: FastifyRequest) => {
    const actor = requireActor(request.actor);
    const params = request.params as Params;
    const group = await findGroup(db, actor, parseIdOrPath(params.id ?? ''));
    return findGroupImportJob(db, actor, group, parseJobId(params.import_job_id));
  };

  app.post(
    '/groups/import',
    { config: { upload: groupArchiveUpload(ctx.config.IMPORT_MAX_UPLOAD_MB) } },
    async (request, reply) => {
      requireActor(request.actor);
      const input = parseInput(groupImportSchema, requestParams(request));
      const { group, job } = await startGroupImport(serviceContext(ctx, request.actor), {
        name: input.name,
        path: input.path,
        ...(input.parent_id === undefined ? {} : { parent_id: input.parent_id }),
        archivePath: input.file.path,
        filename: input.file.filename,
      });
      reply.code(202);
      return { message: '202 Accepted', id: group.id, full_path: group.full_path, import_job: presentImportJob(job) };
    },
  );

  app.get('/groups/:id/import_jobs/:import_job_id', async (request) => presentImportJob(await jobOf(request)));

  app.get('/groups/:id/import_jobs/:import_job_id/skipped', async (request, reply) => {
    const job = await jobOf(request);
    const page = parseSkipsPage(request.query);
    const { rows, total } = await listImportJobSkips(db, job.id, page);
    setPaginationHeaders(request, reply, page, total);
    return rows.map(presentSkip);
  });
};
