import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { handleStripeEvent } from './stripe-webhook.service';

/** Stripe's events are a few kilobytes; anything larger is refused (413) before it is read whole. */
export const STRIPE_EVENT_MAX_BYTES = 64 * 1024;
const SIGNATURE_MAX_LENGTH = 1024;

/**
 * `POST /-/subscriptions/stripe_webhook`: Stripe's event deliveries. No session or token (Stripe
 * sends none): the `Stripe-Signature` header, checked against STRIPE_WEBHOOK_SECRET over the raw
 * body, is the authentication (400 when it is missing or does not match). 404 when Stripe is not
 * configured. Answers 200 `{received: true, result}` for every verified event, a redelivered one too.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The signature covers the exact bytes Stripe sent: keep the body as text, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: STRIPE_EVENT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/-/subscriptions/stripe_webhook', { bodyLimit: STRIPE_EVENT_MAX_BYTES }, async (request) => {
    const verify = ctx.services.payments.stripeEvents;
    if (!verify) throw notFound('Stripe webhook');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '' || signature.length > SIGNATURE_MAX_LENGTH) {
      throw badRequest('400 Stripe-Signature header is missing', 'Stripe-Signature');
    }
    let event: ReturnType<typeof verify>;
    try {
      event = verify(typeof request.body === 'string' ? request.body : '', signature);
    } catch {
      throw badRequest('400 Stripe-Signature does not match the payload', 'Stripe-Signature');
    }
    return { received: true, result: await handleStripeEvent(ctx.database.db, event) };
  });
};
