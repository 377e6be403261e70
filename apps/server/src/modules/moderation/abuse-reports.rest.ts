import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseInput, parseIntParam, requestParams } from '../../rest/params';
import { usersById } from '../users';
import {
  createAbuseReportSchema,
  deleteSpamLogSchema,
  listAbuseReportsSchema,
  listSpamLogsSchema,
  updateAbuseReportSchema,
  updateSpamLogSchema,
} from './abuse-report-params';
import { presentAbuseReport, presentSpamLog } from './abuse-reports.presenter';
import {
  type AbuseReportRow,
  createAbuseReport,
  deleteAbuseReport,
  getAbuseReport,
  listAbuseReports,
  updateAbuseReport,
} from './abuse-reports.service';
import { actOnSpamLogUser, deleteSpamLog, listSpamLogs } from './spam.service';

/**
 * Moderation under /api/v4: the web app's report (the same service as the IE-20 form post) and
 * GitLab's admin abuse-report queue and spam log, instance administrators only.
 */
export const abuseReportsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const present = async (rows: AbuseReportRow[]) => {
    const users = await usersById(
      db,
      rows.flatMap((r) => [r.reporter_id, r.user_id, r.resolved_by_id]),
    );
    return rows.map((r) => presentAbuseReport(ctx, r, users));
  };
  const reportId = (request: FastifyRequest) => parseIntParam((request.params as { id: string }).id, 'id');

  app.post('/abuse_reports', async (request, reply) => {
    const row = await createAbuseReport(db, request.actor, parseInput(createAbuseReportSchema, requestParams(request)));
    reply.code(201);
    return (await present([row]))[0];
  });

  app.get('/admin/abuse_reports', async (request, reply) => {
    const input = parseInput(listAbuseReportsSchema, request.query);
    const { rows, total } = await listAbuseReports(db, request.actor, input);
    setPaginationHeaders(request, reply, input, total);
    return present(rows);
  });

  app.get('/admin/abuse_reports/:id', async (request) => {
    const row = await getAbuseReport(db, request.actor, reportId(request));
    return (await present([row]))[0];
  });

  app.put('/admin/abuse_reports/:id', async (request) => {
    const input = parseInput(updateAbuseReportSchema, requestParams(request));
    const row = await updateAbuseReport(db, request.actor, reportId(request), input);
    return (await present([row]))[0];
  });

  app.delete('/admin/abuse_reports/:id', async (request, reply) => {
    await deleteAbuseReport(db, request.actor, reportId(request));
    reply.code(204);
  });

  app.get('/admin/spam_logs', async (request, reply) => {
    const input = parseInput(listSpamLogsSchema, request.query);
    const { rows, total } = await listSpamLogs(db, request.actor, input);
    setPaginationHeaders(request, reply, input, total);
    const users = await usersById(
      db,
      rows.flatMap((r) => [r.user_id, r.submitted_by_id]),
    );
    return rows.map((r) => presentSpamLog(ctx, r, users));
  });

  const presentLog = async (row: Awaited<ReturnType<typeof actOnSpamLogUser>>) =>
    presentSpamLog(ctx, row, await usersById(db, [row.user_id, row.submitted_by_id]));

  app.put('/admin/spam_logs/:id', async (request) => {
    const input = parseInput(updateSpamLogSchema, requestParams(request));
    return presentLog(await actOnSpamLogUser(db, request.actor, reportId(request), input.user_action));
  });

  app.delete('/admin/spam_logs/:id', async (request, reply) => {
    const input = parseInput(deleteSpamLogSchema, request.query);
    await deleteSpamLog(db, request.actor, reportId(request), { removeUser: input.remove_user === true });
    reply.code(204);
  });
};
