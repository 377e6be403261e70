import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../policy/require-actor';
import { parseIdOrPath, parseIntParam } from '../../rest/params';
import { type AdminOrder, groupOrders, type Order, pendingOrders, settleOrder } from './orders.service';

const presentOrder = (o: Order) => ({
  id: o.id,
  namespace_id: o.namespace_id,
  plan_code: o.plan_code,
  seats: o.seats,
  provider: o.provider,
  status: o.status,
  invoice_number: o.invoice_number,
  created_at: o.created_at.toISOString(),
  paid_at: o.paid_at ? o.paid_at.toISOString() : null,
});

const presentAdminOrder = (o: AdminOrder) => ({
  namespace: { id: o.namespace_id, name: o.namespace_name, full_path: o.namespace_full_path },
  order: presentOrder(o),
});

/**
 * Subscription orders under /api/v4: a group's orders for its Owners (404 for anyone else), and
 * the administrators' pending list with "mark paid" / "mark failed" (403 for non-administrators).
 */
export const ordersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.get<{ Params: { id: string } }>('/namespaces/:id/subscription_orders', async (request) => {
    const orders = await groupOrders(db, request.actor, parseIdOrPath(request.params.id));
    return orders.map(presentOrder);
  });
  app.get('/admin/subscription_orders', async (request) =>
    (await pendingOrders(db, request.actor)).map(presentAdminOrder),
  );
  app.post<{ Params: { id: string } }>('/admin/subscription_orders/:id/mark_paid', async (request) => {
    requireAdmin(request.actor);
    return presentOrder(await settleOrder(db, request.actor, parseIntParam(request.params.id, 'id'), 'paid'));
  });
  app.post<{ Params: { id: string } }>('/admin/subscription_orders/:id/mark_failed', async (request) => {
    requireAdmin(request.actor);
    return presentOrder(await settleOrder(db, request.actor, parseIntParam(request.params.id, 'id'), 'failed'));
  });
};
