import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { findEpic } from '../modules/epics';
import { findIssue } from '../modules/issues';
import { readableHtmlOf } from '../modules/markdown';
import { findGroup, findProject } from '../modules/namespaces';
import { parseIntParam } from '../rest/params';
import { pollCredential } from './poll-etag';
import { setPollHeaders } from './realtime.plugin';
import { presentRealtimeChanges, type RealtimeItem } from './realtime-changes.presenter';

/** Projects sit at most 20 groups deep (namespaces.traversal_ids holds at most 21 ids). */
const MAX_PROJECT_DEPTH = 21;
const MAX_GROUP_DEPTH = 20;

const pathSegments = (params: Record<string, string>, depth: number) =>
  Array.from({ length: depth }, (_, i) => params[`s${i}`] ?? '').join('/');

/**
 * `GET /<namespace path>/<project>/-/issues/:iid/realtime_changes` (IE-1, IE-6), what the issue page
 * polls, and `GET /groups/<group path>/-/epics/:iid/realtime_changes`, what the epic page polls. The 304 for an unchanged item is answered by the realtime plugin's hook before this runs;
 * here the request is authenticated, the issue read through the policy (404 when hidden), and the
 * answer carries the ETag of the version seen before the read.
 */
export const realtimeChangesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const { versions, etags } = app.realtime;

  /** Registers one polled route: `read` finds the item through the policy (404 when hidden). */
  const polled = (
    url: string,
    pollPathKey: (params: Record<string, string>) => string,
    read: (request: FastifyRequest, params: Record<string, string>, iid: number) => Promise<PolledItem>,
  ) =>
    app.get(url, { config: { pollPathKey } }, async (request, reply) => {
      const params = request.params as Record<string, string>;
      const iid = parseIntParam(params.iid, 'iid');
      const mark = versions.mark();
      const { itemKey, table, row } = await read(request, params, iid);
      const editor = row.updated_by_id
        ? await db
            .selectFrom('users')
            .select(['name', 'username'])
            .where('id', '=', row.updated_by_id)
            .executeTakeFirst()
        : undefined;
      const version = versions.settle(pollPathKey(params), itemKey, mark);
      await etags.ready();
      const etag = version === undefined ? undefined : etags.etag(itemKey, version, pollCredential(request));
      setPollHeaders(reply, etag);
      if (etag && etags.matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const descriptionHtml = await readableHtmlOf(db, request.actor, {
        table,
        id: row.id,
        html: row.description_html,
      });
      return presentRealtimeChanges({ ...row, description_html: descriptionHtml }, editor);
    });

  for (let depth = 2; depth <= MAX_PROJECT_DEPTH; depth++) {
    const segments = Array.from({ length: depth }, (_, i) => `:s${i}`).join('/');
    polled(
      `/${segments}/-/issues/:iid/realtime_changes`,
      (params) => `issue:${pathSegments(params, depth)}#${params.iid}`,
      async (request, params, iid) => {
        const project = await findProject(db, request.actor, { fullPath: pathSegments(params, depth) });
        const row = await findIssue(db, request.actor, project.id, iid);
        return { itemKey: `Issue:${row.id}`, table: 'issues', row };
      },
    );
  }
  for (let depth = 1; depth <= MAX_GROUP_DEPTH; depth++) {
    const segments = Array.from({ length: depth }, (_, i) => `:s${i}`).join('/');
    polled(
      `/groups/${segments}/-/epics/:iid/realtime_changes`,
      (params) => `epic:${pathSegments(params, depth)}&${params.iid}`,
      async (request, params, iid) => {
        const group = await findGroup(db, request.actor, { fullPath: pathSegments(params, depth) });
        const row = await findEpic(db, request.actor, group.id, iid);
        return { itemKey: `Epic:${row.id}`, table: 'epics', row };
      },
    );
  }
};

interface PolledItem {
  itemKey: string;
  table: 'issues' | 'epics';
  row: Omit<RealtimeItem, 'description_html'> & {
    id: number;
    description_html: string | null;
    updated_by_id: number | null;
  };
}
