import { MAX_DURATION_TEXT } from '@meridian/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { findProject } from '../namespaces';
import { presentTimeStats } from './time-stats.presenter';
import { addSpentTime, resetSpentTime, setTimeEstimate, type TimeStats, timeStats } from './time-tracking.service';

type Params = { id: string; issue_iid: string };
const durationSchema = z.object({ duration: z.string().max(MAX_DURATION_TEXT) });
const spentSchema = durationSchema.extend({ summary: z.string().max(255).optional() });

const present = (s: TimeStats) => presentTimeStats(s.time_estimate, s.total_time_spent);

/** GitLab's issue time-tracking endpoints: estimate, spent time, their resets, and the stats. */
export const timeTrackingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const base = '/projects/:id/issues/:issue_iid';
  const target = async (request: FastifyRequest<{ Params: Params }>) => ({
    project: await findProject(db, request.actor, parseIdOrPath(request.params.id)),
    iid: parseIntParam(request.params.issue_iid, 'issue_iid'),
  });

  app.get<{ Params: Params }>(`${base}/time_stats`, async (request) => {
    const { project, iid } = await target(request);
    return present(await timeStats(db, request.actor, project, iid));
  });

  app.post<{ Params: Params }>(`${base}/time_estimate`, async (request, reply) => {
    const { project, iid } = await target(request);
    const { duration } = parseInput(durationSchema, requestParams(request));
    return reply
      .status(201)
      .send(present(await setTimeEstimate(serviceContext(ctx, request.actor), project, iid, duration)));
  });

  app.post<{ Params: Params }>(`${base}/reset_time_estimate`, async (request, reply) => {
    const { project, iid } = await target(request);
    return reply
      .status(201)
      .send(present(await setTimeEstimate(serviceContext(ctx, request.actor), project, iid, null)));
  });

  app.post<{ Params: Params }>(`${base}/add_spent_time`, async (request, reply) => {
    const { project, iid } = await target(request);
    const input = parseInput(spentSchema, requestParams(request));
    return reply.status(201).send(present(await addSpentTime(serviceContext(ctx, request.actor), project, iid, input)));
  });

  app.post<{ Params: Params }>(`${base}/reset_spent_time`, async (request, reply) => {
    const { project, iid } = await target(request);
    return reply.status(201).send(present(await resetSpentTime(serviceContext(ctx, request.actor), project, iid)));
  });
};
