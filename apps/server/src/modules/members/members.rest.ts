import { isValidIsoDate, MAX_INT4 } from '@meridian/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { todayIso } from '../../lib/today';
import { VALID_ACCESS_LEVELS } from '../../policy/access-levels';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { gitlabList, parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { findGroup, findProject } from '../namespaces';
import { presentMember } from './members.presenter';
import { addMember, getMember, listMembers, type MemberSource, removeMember, updateMember } from './members.service';

const accessLevel = z.coerce
  .number()
  .int()
  .refine((v) => (VALID_ACCESS_LEVELS as readonly number[]).includes(v), 'must be one of 10, 15, 20, 30, 40, 50');

const expiresAt = z
  .string()
  .max(10)
  .refine(isValidIsoDate, 'must be a real date (YYYY-MM-DD)')
  .refine((d) => d >= todayIso(), 'cannot be a date in the past')
  .nullable()
  .or(z.literal('').transform(() => null));

const listParams = pageParams.extend({
  query: z.string().max(255).optional(),
  user_ids: gitlabList
    .refine((ids) => ids.every((id) => /^\d{1,9}$/.test(id)), 'must be a list of user ids')
    .transform((ids) => ids.map(Number))
    .optional(),
});
const createParams = z.object({
  user_id: z.coerce.number().int().positive().max(MAX_INT4),
  access_level: accessLevel,
  expires_at: expiresAt.optional(),
});
const updateParams = z.object({ access_level: accessLevel, expires_at: expiresAt.optional() });

type Req = FastifyRequest<{ Params: { id: string; user_id?: string } }>;

/** Group and project members: list (direct and /all), show, add, update, remove. */
export const membersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const sources = {
    groups: async (request: Req): Promise<MemberSource> => ({
      kind: 'group',
      group: await findGroup(db, request.actor, parseIdOrPath(request.params.id)),
    }),
    projects: async (request: Req): Promise<MemberSource> => ({
      kind: 'project',
      project: await findProject(db, request.actor, parseIdOrPath(request.params.id)),
    }),
  };

  for (const [kind, load] of Object.entries(sources)) {
    for (const inherited of [false, true]) {
      const base = `/${kind}/:id/members${inherited ? '/all' : ''}`;
      app.get<{ Params: { id: string } }>(base, async (request, reply) => {
        const source = await load(request);
        const params = parseInput(listParams, request.query);
        const { rows, total } = await listMembers(db, source, params, params, inherited);
        setPaginationHeaders(request, reply, params, total);
        return rows.map((r) => presentMember(ctx, r));
      });
      app.get<{ Params: { id: string; user_id: string } }>(`${base}/:user_id`, async (request) => {
        const source = await load(request);
        const userId = parseIntParam(request.params.user_id, 'user_id');
        return presentMember(ctx, await getMember(db, source, userId, inherited));
      });
    }

    app.post<{ Params: { id: string } }>(`/${kind}/:id/members`, async (request, reply) => {
      const source = await load(request);
      const input = parseInput(createParams, requestParams(request));
      const member = await addMember(db, request.actor, source, input.user_id, input);
      return reply.status(201).send(presentMember(ctx, member));
    });

    app.put<{ Params: { id: string; user_id: string } }>(`/${kind}/:id/members/:user_id`, async (request) => {
      const source = await load(request);
      const userId = parseIntParam(request.params.user_id, 'user_id');
      const input = parseInput(updateParams, requestParams(request));
      return presentMember(ctx, await updateMember(db, request.actor, source, userId, input));
    });

    app.delete<{ Params: { id: string; user_id: string } }>(`/${kind}/:id/members/:user_id`, async (request, reply) => {
      const source = await load(request);
      const userId = parseIntParam(request.params.user_id, 'user_id');
      await removeMember(db, request.actor, source, userId);
      return reply.status(204).send();
    });
  }
};
