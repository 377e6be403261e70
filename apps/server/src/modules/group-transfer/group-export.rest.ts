import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { parseIdOrPath } from '../../rest/params';
import { findGroup } from '../namespaces';
import { presentRelationStatus } from './group-export.presenter';
import { groupExportDownload, groupExportState, relationStatuses, startGroupExport } from './group-export.service';

type Params = { id: string };

/**
 * GitLab's group export API (issue 32), for the group's owners (`authorize! :admin_group`: 401
 * anonymous, 404 for a group the caller may not read, 403 for other readers): start an export
 * (202), download the archive when written, and the export's state per exported kind (GitLab's
 * relations status). The POST counts in the caller's write rate limit.
 */
export const groupExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const files = ctx.services.files;
  const group = (request: FastifyRequest) => {
    requireActor(request.actor);
    return findGroup(db, request.actor, parseIdOrPath((request.params as Params).id));
  };

  app.post('/groups/:id/export', async (request, reply) => {
    await startGroupExport(db, files, request.actor, await group(request));
    return reply.status(202).send({ message: '202 Accepted' });
  });

  app.get('/groups/:id/export/download', async (request, reply) => {
    const file = await groupExportDownload(db, files, request.actor, await group(request));
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });

  app.get('/groups/:id/export_relations/status', async (request) => {
    const state = await groupExportState(db, request.actor, await group(request));
    return relationStatuses(state).map(presentRelationStatus);
  });
};
