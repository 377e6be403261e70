import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam } from '../../rest/params';
import { findGroup } from '../namespaces';
import { presentBillableMembers, presentBillableMemberships } from './billable-members.presenter';
import {
  BILLABLE_MEMBER_SORTS,
  type BillableMemberSort,
  billableMemberships,
  indirectBillableMemberships,
  listBillableMembers,
  removeBillableMember,
} from './billable-members.service';

const listParams = pageParams.extend({
  search: z.string().max(255).optional(),
  sort: z.enum(Object.keys(BILLABLE_MEMBER_SORTS) as [BillableMemberSort, ...BillableMemberSort[]]).optional(),
});

type Req = FastifyRequest<{ Params: { id: string; user_id?: string } }>;

/** GitLab's billable members API (IE-50 … IE-53), on top-level groups, for their Owners. */
export const billableMembersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  // GitLab's members API authenticates before any lookup: 401 for anonymous, even on a public group.
  const located = async (request: Req) => {
    requireActor(request.actor);
    return {
      group: await findGroup(db, request.actor, parseIdOrPath(request.params.id)),
      userId: request.params.user_id === undefined ? 0 : parseIntParam(request.params.user_id, 'user_id'),
    };
  };

  app.get<{ Params: { id: string } }>('/groups/:id/billable_members', async (request, reply) => {
    const { group } = await located(request);
    const params = parseInput(listParams, request.query);
    const page = await listBillableMembers(db, request.actor, group, { ...params, page: params });
    setPaginationHeaders(request, reply, params, page.total);
    return presentBillableMembers(ctx, page, request.actor?.admin === true);
  });

  app.get<{ Params: { id: string; user_id: string } }>(
    '/groups/:id/billable_members/:user_id/memberships',
    async (request, reply) => {
      const { group, userId } = await located(request);
      const params = parseInput(pageParams, request.query);
      const { rows, total } = await billableMemberships(db, request.actor, group, userId, params);
      setPaginationHeaders(request, reply, params, total);
      return presentBillableMemberships(db, ctx, rows);
    },
  );

  app.get<{ Params: { id: string; user_id: string } }>(
    '/groups/:id/billable_members/:user_id/indirect',
    async (request) => {
      const { group, userId } = await located(request);
      return presentBillableMemberships(db, ctx, await indirectBillableMemberships(db, request.actor, group, userId));
    },
  );

  app.delete<{ Params: { id: string; user_id: string } }>(
    '/groups/:id/billable_members/:user_id',
    async (request, reply) => {
      const { group, userId } = await located(request);
      await removeBillableMember(db, request.actor, group, userId);
      return reply.status(204).send();
    },
  );
};
