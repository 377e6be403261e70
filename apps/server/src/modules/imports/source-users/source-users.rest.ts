import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { requireActor } from '../../../policy/require-actor';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../../rest/params';
import { serviceContext } from '../../../service-context';
import { findGroup, findGroupRow, fullPathsOfNamespaces } from '../../namespaces';
import { placeholderReassignmentsCsv, reassignFromCsv } from './placeholder-csv';
import { placeholderReassignmentsSchema, REASSIGNMENT_CSV_MAX_BYTES } from './source-user-params';
import {
  acceptSourceUserReassignment,
  findSourceUserForAssignee,
  ownedTopLevelGroup,
  rejectSourceUserReassignment,
  type SourceUserRow,
  sourceUserPeople,
} from './source-users.service';

type Params = Record<string, string | undefined>;

const UPLOAD = {
  field: 'file',
  maxBytes: REASSIGNMENT_CSV_MAX_BYTES,
  tooLarge: 'file is too large (maximum is 10 MB)',
};
/**
 * The answer to an uploaded reassignment CSV. GitLab answers "The file is being processed and you will
 * receive an email when completed." from a background job; Meridian processes the file in the request,
 * so it says what happened instead (and sends no email).
 */
export function csvProcessedMessage(result: { reassigned: number; skipped: number; failed: unknown[] }): string {
  return `The file was processed: ${result.reassigned} reassignments requested, ${result.skipped} rows left blank, ${result.failed.length} rows refused.`;
}

/**
 * GitLab's placeholder reassignments API: `GET /groups/:id/placeholder_reassignments` (the CSV of the
 * top-level group's source users still to reassign) and `POST` (the filled-in CSV, multipart `file`),
 * for the group's Owners (404 for who cannot see the group, 403 for others).
 */
export const placeholderReassignmentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const groupOf = async (request: FastifyRequest) => {
    const actor = requireActor(request.actor);
    const group = await findGroup(db, actor, parseIdOrPath((request.params as Params).id ?? ''));
    return ownedTopLevelGroup(actor, group);
  };

  app.get('/groups/:id/placeholder_reassignments', async (request, reply) => {
    const group = await groupOf(request);
    const csv = await placeholderReassignmentsCsv(serviceContext(ctx, request.actor), group);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="placeholder_reassignments_for_group_${group.id}.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });

  app.post(
    '/groups/:id/placeholder_reassignments',
    { bodyLimit: REASSIGNMENT_CSV_MAX_BYTES + 64 * 1024, config: { upload: UPLOAD } },
    async (request, reply) => {
      const group = await groupOf(request);
      const input = parseInput(placeholderReassignmentsSchema, requestParams(request));
      const result = await reassignFromCsv(serviceContext(ctx, request.actor), group, input.file.data.toString('utf8'));
      reply.code(201);
      return { message: csvProcessedMessage(result), ...result };
    },
  );
};

/** What the review page shows: who asks, for whom, from which source, in which group. */
async function presentReview(app: AppContext, row: SourceUserRow) {
  const db = app.database.db;
  const people = await sourceUserPeople(db, [row]);
  const group = await findGroupRow(db, { id: row.namespace_id });
  const path = (await fullPathsOfNamespaces(db, [row.namespace_id])).get(row.namespace_id) ?? '';
  const user = (id: number | null) => {
    const u = id === null ? undefined : people.get(id);
    return u ? { id: u.id, username: u.username, name: u.name } : null;
  };
  return {
    id: row.id,
    status: row.status,
    source_hostname: row.source_hostname,
    source_username: row.source_username,
    source_name: row.source_name,
    group: { id: row.namespace_id, name: group?.name ?? path, full_path: path },
    reassign_to_user: user(row.reassign_to_user_id),
    reassigned_by_user: user(row.reassigned_by_user_id),
  };
}

/**
 * The assignee's review of a reassignment (the web page at GitLab's `/import/source_users/:id`):
 * `GET /-/import/source_users/:id`, `POST …/accept`, `POST …/decline`; only the user asked sees it.
 */
export const sourceUserReviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const idOf = (request: FastifyRequest) => parseIntParam((request.params as Params).id, 'id');

  app.get('/-/import/source_users/:id', async (request) => {
    const actor = requireActor(request.actor);
    return presentReview(ctx, await findSourceUserForAssignee(ctx.database.db, actor, idOf(request)));
  });

  app.post('/-/import/source_users/:id/accept', async (request) => {
    const row = await acceptSourceUserReassignment(serviceContext(ctx, request.actor), idOf(request));
    return presentReview(ctx, row);
  });

  app.post('/-/import/source_users/:id/decline', async (request) => {
    const row = await rejectSourceUserReassignment(serviceContext(ctx, request.actor), idOf(request));
    return presentReview(ctx, row);
  });
};
