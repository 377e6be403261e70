import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { findIssue } from '../modules/issues/issues.service';
import { redactReferencesIn } from '../modules/markdown/reference-redaction.service';
import { findProject } from '../modules/namespaces/namespace-lookup.service';
import { parseIntParam } from '../rest/params';
import { pollCredential } from './poll-etag';
import { setPollHeaders } from './realtime.plugin';
import { presentRealtimeChanges } from './realtime-changes.presenter';

/** Projects sit at most 20 groups deep (namespaces.traversal_ids holds at most 21 ids). */
const MAX_PROJECT_DEPTH = 21;

const pathSegments = (params: Record<string, string>, depth: number) =>
  Array.from({ length: depth }, (_, i) => params[`s${i}`] ?? '').join('/');

/**
 * `GET /<namespace path>/<project>/-/issues/:iid/realtime_changes` (IE-1, IE-6), what the issue page
 * polls. The 304 for an unchanged item is answered by the realtime plugin's hook before this runs;
 * here the request is authenticated, the issue read through the policy (404 when hidden), and the
 * answer carries the ETag of the version seen before the read.
 */
export const realtimeChangesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const { versions, etags } = app.realtime;
  for (let depth = 2; depth <= MAX_PROJECT_DEPTH; depth++) {
    const segments = Array.from({ length: depth }, (_, i) => `:s${i}`).join('/');
    const pollPathKey = (params: Record<string, string>) => `issue:${pathSegments(params, depth)}#${params.iid}`;
    app.get(`/${segments}/-/issues/:iid/realtime_changes`, { config: { pollPathKey } }, async (request, reply) => {
      const params = request.params as Record<string, string>;
      const iid = parseIntParam(params.iid, 'iid');
      const mark = versions.mark();
      const project = await findProject(db, request.actor, { fullPath: pathSegments(params, depth) });
      const issue = await findIssue(db, request.actor, project.id, iid);
      const editor = issue.updated_by_id
        ? await db
            .selectFrom('users')
            .select(['name', 'username'])
            .where('id', '=', issue.updated_by_id)
            .executeTakeFirst()
        : undefined;
      const version = versions.settle(pollPathKey(params), `Issue:${issue.id}`, mark);
      await etags.ready();
      const etag =
        version === undefined ? undefined : etags.etag(`Issue:${issue.id}`, version, pollCredential(request));
      setPollHeaders(reply, etag);
      if (etag && etags.matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const descriptionHtml = await redactReferencesIn(db, request.actor, issue.description_html);
      return presentRealtimeChanges({ ...issue, description_html: descriptionHtml }, editor);
    });
  }
};
