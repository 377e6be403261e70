import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { requireActor } from '../../../policy/require-actor';
import { setPaginationHeaders } from '../../../rest/pagination';
import { parseIdOrPath } from '../../../rest/params';
import { serviceContext } from '../../../service-context';
import { findProject } from '../../namespaces';
import { presentImportJob, presentSkip } from '../import-job.presenter';
import { parseJobId, parseSkipsPage } from '../import-params';
import { findImportJob, listImportJobSkips } from '../imports.service';
import { parseJiraConnection } from './jira-connection-params';
import { JIRA_IMPORT_STARTED, previewJiraImport, startJiraImport } from './jira-import.service';
import { parseJiraUpload } from './jira-import-params';
import { guessJiraFormat, JIRA_MAX_BYTES, JIRA_TOO_LARGE, type JiraFormat } from './jira-read';

type Params = Record<string, string | undefined>;

const UPLOAD = { field: 'file', maxBytes: JIRA_MAX_BYTES, tooLarge: JIRA_TOO_LARGE };
const BODY_LIMIT = JIRA_MAX_BYTES + 512 * 1024;

/**
 * The Jira importer's API (issue 32): `POST /projects/:id/import/jira_csv` and `…/jira_json`
 * (multipart `file`, optional `mapping` as JSON, optional Jira site to download the attachments from:
 * `jira_url` with `jira_email` and `jira_api_token`, or `jira_personal_access_token`; Maintainer and
 * up, 404 for others) start an import
 * job and answer 202 with it; `POST /projects/:id/import/jira/preview` is the mapping preview (the
 * format from `format`, else the file's name or first character); `GET /projects/:id/import_jobs/:id`
 * is any import job of the project (the shared presenter: counters per kind, rate, time left) and
 * `…/skipped` its report. The web's progress bar polls the project page route of the same job, which
 * answers 304 until a progress event comes on the live channel.
 */
export const jiraImportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const projectOf = (request: FastifyRequest) =>
    findProject(db, requireActor(request.actor), parseIdOrPath((request.params as Params).id ?? ''));

  const start = (format: JiraFormat) => async (request: FastifyRequest, reply: { code(n: number): unknown }) => {
    const project = await projectOf(request);
    const { file, mapping } = parseJiraUpload(request.body);
    const connection = parseJiraConnection(request.body);
    const job = await startJiraImport(serviceContext(ctx, request.actor), project, {
      format,
      filename: file.filename,
      data: file.data,
      ...(mapping ? { mapping } : {}),
      connection,
    });
    reply.code(202);
    return { message: JIRA_IMPORT_STARTED, import_job: presentImportJob(job) };
  };
  const options = { bodyLimit: BODY_LIMIT, config: { upload: UPLOAD } };
  app.post('/projects/:id/import/jira_csv', options, start('csv'));
  app.post('/projects/:id/import/jira_json', options, start('json'));

  app.post('/projects/:id/import/jira/preview', options, async (request) => {
    const project = await projectOf(request);
    const { file, mapping } = parseJiraUpload(request.body);
    const said = (request.body as { format?: unknown } | undefined)?.format;
    const format: JiraFormat =
      said === 'csv' || said === 'json' ? said : guessJiraFormat(file.filename, file.data.subarray(0, 64).toString());
    return previewJiraImport(db, requireActor(request.actor), project, {
      format,
      filename: file.filename,
      data: file.data,
      ...(mapping ? { mapping } : {}),
    });
  });

  const jobOf = async (request: FastifyRequest) => {
    const project = await projectOf(request);
    return findImportJob(
      db,
      requireActor(request.actor),
      project,
      parseJobId((request.params as Params).import_job_id),
    );
  };
  app.get('/projects/:id/import_jobs/:import_job_id', async (request) => presentImportJob(await jobOf(request)));
  app.get('/projects/:id/import_jobs/:import_job_id/skipped', async (request, reply) => {
    const job = await jobOf(request);
    const page = parseSkipsPage(request.query);
    const { rows, total } = await listImportJobSkips(db, job.id, page);
    setPaginationHeaders(request, reply, page, total);
    return rows.map(presentSkip);
  });
};
