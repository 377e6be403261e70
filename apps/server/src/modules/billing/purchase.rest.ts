import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireActor } from '../../policy/require-actor';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { parseInput, requestParams } from '../../rest/params';
import { nameParam, pathParam } from '../namespaces';
import { orderSchema, paymentIdSchema, validatePaymentMethodSchema } from './order-params';
import { placeOrder } from './orders.service';
import { createPurchaseGroup } from './purchase-group.service';

const groupSchema = z.object({ name: nameParam, path: pathParam });
const idempotencyHeader = z.string().trim().min(1).max(128).optional();

/**
 * The purchase flow's web calls (IE-55, IE-58 … IE-60), signed-in users only (401), with the
 * session's CSRF header like every web write. Payments go through the configured provider
 * (offline: pay by invoice; Stripe: by card).
 */
export const purchaseRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  applyGitlabTransport(app);
  const db = ctx.database.db;
  const provider = ctx.services.payments.provider;

  app.post('/-/subscriptions', async (request) => {
    requireActor(request.actor);
    const input = parseInput(orderSchema, requestParams(request));
    const key = parseInput(z.object({ 'idempotency-key': idempotencyHeader }), request.headers)['idempotency-key'];
    return placeOrder(db, request.actor, input, key, provider);
  });

  app.post('/-/subscriptions/groups', async (request, reply) => {
    requireActor(request.actor);
    const input = parseInput(z.object({ group: groupSchema }).or(groupSchema), requestParams(request));
    const group = await createPurchaseGroup(db, request.actor, 'group' in input ? input.group : input);
    return reply.code(201).send(group);
  });

  app.get('/-/subscriptions/payment_form', async (request) => {
    requireActor(request.actor);
    const { id } = parseInput(paymentIdSchema, requestParams(request));
    return provider.paymentForm(id);
  });

  app.get('/-/subscriptions/payment_method', async (request) => {
    requireActor(request.actor);
    const { id } = parseInput(paymentIdSchema, requestParams(request));
    const method = await provider.paymentMethod(id);
    if (!method) throw notFound('Payment method');
    return method;
  });

  app.post('/-/subscriptions/validate_payment_method', async (request) => {
    const me = requireActor(request.actor);
    const input = parseInput(validatePaymentMethodSchema, requestParams(request));
    if (input.gitlab_user_id !== me.id) {
      return { success: false, error_message: 'gitlab_user_id must be your own user id' };
    }
    return provider.validatePaymentMethod(input.id);
  });
};
