import { orderAmountCents, type PurchasablePlanCode } from '@meridian/domain';
import type Stripe from 'stripe';
import type { Database } from '../../db/connection';
import { recordPayment } from './orders.service';

/** What became of one delivery (the webhook's answer, for Stripe's dashboard and the tests). */
export type StripeEventResult =
  | 'settled'
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'already_settled'
  | 'amount_mismatch';

const OUTCOMES: Partial<Record<string, 'paid' | 'failed'>> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
};

/**
 * A verified Stripe event: a PaymentIntent of an order (`metadata.order_id`, the Stripe provider's
 * charge) succeeded or failed. The event id is stored in the same transaction as the order's
 * change, so a redelivery finds it and changes nothing; a success is recorded only for the order's
 * own amount in US dollars. Other event types are acknowledged and ignored.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<StripeEventResult> {
  const outcome = OUTCOMES[event.type];
  if (!outcome) return 'ignored';
  const intent = event.data.object as Stripe.PaymentIntent;
  const orderId = Number(intent.metadata?.order_id);
  return db.transaction().execute(async (trx) => {
    const order = Number.isSafeInteger(orderId)
      ? await trx
          .selectFrom('subscription_orders')
          .select(['id', 'plan_code', 'seats', 'provider'])
          .where('id', '=', orderId)
          .executeTakeFirst()
      : undefined;
    const first = await trx
      .insertInto('stripe_webhook_events')
      .values({ event_id: event.id, event_type: event.type, order_id: order?.id ?? null })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!first) return 'duplicate';
    if (order?.provider !== 'stripe') return 'unknown_order';
    const expected = orderAmountCents(order.plan_code as PurchasablePlanCode, order.seats);
    if (outcome === 'paid' && (intent.amount_received !== expected || intent.currency !== 'usd')) {
      return 'amount_mismatch';
    }
    return (await recordPayment(trx, order.id, outcome)) ? 'settled' : 'already_settled';
  });
}
