import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { pollCredential } from '../../realtime/poll-etag';
import { setPollHeaders } from '../../realtime/realtime.plugin';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { setPaginationHeaders } from '../../rest/pagination';
import { serviceContext } from '../../service-context';
import { findProject, namespacePathRoutes } from '../namespaces';
import { CSV_MAX_BYTES, CSV_TOO_LARGE } from './csv-issue-rows';
import { presentImportJob, presentSkip } from './import-job.presenter';
import { parseCsvUpload, parseJobId, parseSkipsPage } from './import-params';
import {
  CSV_IMPORT_STARTED,
  CSV_IMPORT_STARTED_WITH_EMAIL,
  findImportJob,
  importedIssues,
  listImportJobSkips,
  previewCsvImport,
  startCsvImport,
} from './imports.service';

type Params = Record<string, string | undefined>;

/** The multipart `file` these routes take: GitLab's 10 MB cap, a 400 naming it past that. */
const UPLOAD = { field: 'file', maxBytes: CSV_MAX_BYTES, tooLarge: CSV_TOO_LARGE };
const BODY_LIMIT = CSV_MAX_BYTES + 64 * 1024;
/** The issues the job view lists (the finished dialog's links). */
const LISTED_ISSUES = 20;

/**
 * GitLab's CSV issue import beside the project's pages (GitLab has no /api/v4 route for it; the web
 * route is the API): `POST <project>/-/issues/import_csv` (multipart `file`; Planner, Developer and up,
 * 404 for others) starts an import job and answers 202 with GitLab's message and the job;
 * `POST …/import_csv/preview` is its dry run; `GET <project>/-/import_jobs/:id` is the job's progress
 * (what the progress bar polls: 304 until a progress event on the live channel changes it) and `…/skipped` its report, paginated.
 * Cookie-session writes carry the CSRF header (auth plugin).
 */
export const importCsvRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  applyGitlabTransport(app);
  const db = ctx.database.db;
  const { versions, etags } = app.realtime;
  const projectOf = (request: FastifyRequest, fullPath: string) => {
    requireActor(request.actor);
    return findProject(db, request.actor, { fullPath });
  };
  const jobOf = async (request: FastifyRequest, fullPath: string) => {
    const project = await projectOf(request, fullPath);
    const params = request.params as Params;
    return findImportJob(db, requireActor(request.actor), project, parseJobId(params.import_job_id));
  };

  for (const route of namespacePathRoutes('project')) {
    const pathOf = (request: FastifyRequest) => route.fullPath(request.params as Params);

    app.post(
      route.url('issues/import_csv'),
      { bodyLimit: BODY_LIMIT, config: { upload: UPLOAD } },
      async (request, reply) => {
        const project = await projectOf(request, pathOf(request));
        const job = await startCsvImport(serviceContext(ctx, request.actor), project, parseCsvUpload(request.body));
        reply.code(202);
        const message = ctx.services.mail ? CSV_IMPORT_STARTED_WITH_EMAIL : CSV_IMPORT_STARTED;
        return { message, import_job: presentImportJob(job) };
      },
    );

    app.post(
      route.url('issues/import_csv/preview'),
      { bodyLimit: BODY_LIMIT, config: { upload: UPLOAD } },
      async (request) => {
        const project = await projectOf(request, pathOf(request));
        return previewCsvImport(db, requireActor(request.actor), project, parseCsvUpload(request.body).data);
      },
    );

    // Polled by the progress bar with If-None-Match: while no progress event came on the live channel
    // since the answer it holds, the realtime plugin answers 304 before authentication, with no SQL.
    const pollPathKey = (params: Params) => `import_job:${route.fullPath(params)}#${params.import_job_id}`;
    app.get(route.url('import_jobs/:import_job_id'), { config: { pollPathKey } }, async (request, reply) => {
      const mark = versions.mark();
      const job = await jobOf(request, pathOf(request));
      const issues = await importedIssues(db, job.id, LISTED_ISSUES);
      const version = versions.settle(pollPathKey(request.params as Params), `ImportJob:${job.id}`, mark);
      await etags.ready();
      const etag =
        version === undefined ? undefined : etags.etag(`ImportJob:${job.id}`, version, pollCredential(request));
      setPollHeaders(reply, etag);
      if (etag && etags.matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return { ...presentImportJob(job), issues };
    });

    app.get(route.url('import_jobs/:import_job_id/skipped'), async (request, reply) => {
      const job = await jobOf(request, pathOf(request));
      const page = parseSkipsPage(request.query);
      const { rows, total } = await listImportJobSkips(db, job.id, page);
      setPaginationHeaders(request, reply, page, total);
      return rows.map(presentSkip);
    });
  }
};
