import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { parseInput, parseIntParam, requestParams } from '../../rest/params';
import { webUrl } from '../namespaces';
import { createAbuseReportSchema } from './abuse-report-params';
import { createAbuseReport } from './abuse-reports.service';
import { submitIssueAsSpam } from './spam.service';

/** Groups nest 20 deep, so a project path has 2 to 21 segments (as the page-JSON routes). */
const MAX_PROJECT_DEPTH = 21;

/** The web app asks for JSON; a plain HTML form gets GitLab's redirect. */
function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}

function answer(request: FastifyRequest, reply: FastifyReply, location: string, json: unknown) {
  if (wantsJson(request)) return json;
  return reply.redirect(location, 302);
}

/**
 * GitLab's web-form moderation paths, beside the pages (outside /api/v4): IE-20 `POST /abuse_reports`
 * (form fields `user_id`, `abuse_report[category]`, `abuse_report[reported_from_url]`) and IE-22
 * `POST /<project path>/-/issues/:iid/mark_as_spam`. Session writes carry the CSRF header like every
 * other (auth plugin); the services are the ones the /api/v4 routes call.
 */
export const moderationWebRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  applyGitlabTransport(app);
  app.addHook('onRequest', async (request) => {
    requireActor(request.actor);
  });

  app.post('/abuse_reports', async (request, reply) => {
    const row = await createAbuseReport(db, request.actor, parseInput(createAbuseReportSchema, requestParams(request)));
    if (wantsJson(request)) reply.code(201);
    return answer(request, reply, webUrl(ctx, ''), {
      id: row.id,
      message: 'Thank you for your report. An administrator will look into it shortly.',
    });
  });

  for (let depth = 2; depth <= MAX_PROJECT_DEPTH; depth++) {
    const segments = Array.from({ length: depth }, (_, i) => `:s${i}`).join('/');
    app.post(`/${segments}/-/issues/:iid/mark_as_spam`, async (request, reply) => {
      const params = request.params as Record<string, string>;
      const fullPath = Array.from({ length: depth }, (_, i) => params[`s${i}`] ?? '').join('/');
      const iid = parseIntParam(params.iid, 'iid');
      await submitIssueAsSpam(db, request.actor, { fullPath }, iid);
      return answer(request, reply, webUrl(ctx, `${fullPath}/-/issues/${iid}`), { hidden: true });
    });
  }
};
