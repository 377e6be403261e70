import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { unprocessable } from '../../../errors';
import { requireActor } from '../../../policy/require-actor';
import { setPaginationHeaders } from '../../../rest/pagination';
import { parseInput, parseIntParam, requestParams } from '../../../rest/params';
import { serviceContext } from '../../../service-context';
import { SourceInstanceError } from '../external-source';
import { presentBulkImport, presentBulkImportEntity } from './bulk-import.presenter';
import { bulkImportSchema, entitiesListSchema, sourceGroupsSchema } from './bulk-import-params';
import {
  bulkImportEntities,
  findBulkImport,
  listBulkImports,
  listUserBulkImportEntities,
  startBulkImport,
} from './bulk-imports.service';
import { listSourceGroups } from './source-groups';

type Params = { id: string };
/** The bulk imports listed (newest first): GitLab paginates; one page holds a user's recent ones. */
const LISTED = 100;

/**
 * GitLab's direct transfer API: `POST /bulk_imports` (201), `GET /bulk_imports`, `GET /bulk_imports/entities`
 * (all the user's groups, paged), `GET /bulk_imports/:id` and `GET /bulk_imports/:id/entities`, each for the user who started it (404 for
 * anyone else), signed in. And Meridian's own `POST /bulk_imports/source_groups` for the web's direct
 * transfer page: a page of the source's groups the token owns (POST, so the token stays out of URLs).
 */
export const bulkImportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.post('/bulk_imports', async (request, reply) => {
    requireActor(request.actor);
    const input = parseInput(bulkImportSchema, requestParams(request));
    const bulk = await startBulkImport(serviceContext(ctx, request.actor), input);
    reply.code(201);
    return presentBulkImport(bulk, await bulkImportEntities(db, [bulk.id]));
  });

  app.post('/bulk_imports/source_groups', async (request) => {
    requireActor(request.actor);
    const input = parseInput(sourceGroupsSchema, requestParams(request));
    try {
      return await listSourceGroups(db, input);
    } catch (error) {
      if (error instanceof SourceInstanceError) throw unprocessable(error.message);
      throw error;
    }
  });

  app.get('/bulk_imports', async (request) => {
    const rows = await listBulkImports(db, requireActor(request.actor), LISTED);
    const entities = await bulkImportEntities(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      presentBulkImport(
        row,
        entities.filter((e) => e.bulk_import_id === row.id),
      ),
    );
  });

  app.get('/bulk_imports/entities', async (request, reply) => {
    const actor = requireActor(request.actor);
    const input = parseInput(entitiesListSchema, request.query);
    const page = { page: input.page, perPage: input.per_page };
    const { rows, total } = await listUserBulkImportEntities(db, actor, {
      ...page,
      status: input.status,
      sort: input.sort,
    });
    setPaginationHeaders(request, reply, input, total);
    return rows.map(presentBulkImportEntity);
  });

  app.get<{ Params: Params }>('/bulk_imports/:id', async (request) => {
    const row = await findBulkImport(db, requireActor(request.actor), parseIntParam(request.params.id, 'id'));
    return presentBulkImport(row, await bulkImportEntities(db, [row.id]));
  });

  app.get<{ Params: Params }>('/bulk_imports/:id/entities', async (request) => {
    const row = await findBulkImport(db, requireActor(request.actor), parseIntParam(request.params.id, 'id'));
    return (await bulkImportEntities(db, [row.id])).map(presentBulkImportEntity);
  });
};
