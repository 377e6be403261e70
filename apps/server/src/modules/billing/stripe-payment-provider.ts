import { createRequire } from 'node:module';
import { orderAmountCents } from '@meridian/domain';
import type Stripe from 'stripe';
import { badGateway, unprocessable } from '../../errors';
import type { PaymentMethod, PaymentMethodCheck, PaymentProvider } from './payment-provider';

/** Stripe charges at most eight digits of cents in US dollars ($999,999.99). */
const STRIPE_MAX_AMOUNT_CENTS = 99_999_999;

/** GitLab's card type names for Stripe's `card.brand`. */
const CARD_TYPES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export interface StripeSettings {
  secretKey: string;
  /** e.g. https://api.stripe.com (the default) or a local stand-in's http://127.0.0.1:PORT. */
  apiBase: string;
}

/**
 * The official client, pointed at `apiBase`; retries are safe since every write carries an
 * idempotency key. The package is loaded here, only when Stripe is configured: imported with the
 * app it would cost every process ~20 MB and ~0.1 s at start.
 */
export function stripeClient(settings: StripeSettings): Stripe {
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const base = new URL(settings.apiBase);
  return new StripeClient(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
  });
}

function cardOf(method: Stripe.PaymentMethod): PaymentMethod {
  const card = method.card;
  return {
    id: method.id,
    type: 'credit_card',
    credit_card_type: card ? (CARD_TYPES[card.brand] ?? card.brand) : null,
    credit_card_mask_number: card ? `************${card.last4}` : null,
    credit_card_expiration_month: card?.exp_month ?? null,
    credit_card_expiration_year: card?.exp_year ?? null,
  };
}

/** A Stripe error (its class name in `type`, the API's `code`), told apart without loading the package. */
function stripeError(error: unknown): { type: string; code?: string; message: string } | null {
  const e = error as { type?: unknown } | null;
  return typeof e === 'object' && e !== null && typeof e.type === 'string' && error instanceof Error
    ? (error as Error & { type: string; code?: string })
    : null;
}

const isMissing = (error: unknown) => stripeError(error)?.code === 'resource_missing';

function unreachable(error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return Object.assign(badGateway(`502 The payment provider failed: ${reason}`), { cause: error });
}

/**
 * Card payments through Stripe. The browser turns the card into a PaymentMethod with Stripe.js
 * (`stripe.createPaymentMethod` on the card fields, with `publishable_key`), so card numbers never
 * reach Meridian; the order names that `pm_…` id; `charge` creates and confirms a PaymentIntent
 * for the order's amount (idempotency key `meridian-order-<id>`: a retried purchase is one charge),
 * and Stripe's `payment_intent.succeeded` / `payment_intent.payment_failed` event settles the order
 * (`stripe-webhook.service.ts`).
 */
export function stripePaymentProvider(stripe: Stripe, publishableKey: string | null): PaymentProvider {
  async function retrieve(methodId: string): Promise<Stripe.PaymentMethod | null> {
    try {
      return await stripe.paymentMethods.retrieve(methodId);
    } catch (error) {
      if (isMissing(error)) return null;
      throw unreachable(error);
    }
  }
  return {
    name: 'stripe',
    maxAmountCents: STRIPE_MAX_AMOUNT_CENTS,
    paymentForm: (formId) => ({
      id: formId,
      provider: 'stripe',
      payment_method_id: null,
      submit_enabled: publishableKey !== null,
      description: 'Pay by card. The subscription starts as soon as Stripe confirms the payment.',
      publishable_key: publishableKey,
    }),
    paymentMethod: async (methodId) => {
      const method = await retrieve(methodId);
      return method?.type === 'card' ? cardOf(method) : null;
    },
    validatePaymentMethod: async (methodId): Promise<PaymentMethodCheck> => {
      const method = await retrieve(methodId);
      if (!method) return { success: false, error_message: 'Payment method not found. Enter your card again.' };
      if (method.type !== 'card' || !method.card) return { success: false, error_message: 'Only cards are accepted.' };
      const now = new Date();
      const { exp_year: year, exp_month: month } = method.card;
      if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
        return { success: false, error_message: 'The card has expired.' };
      }
      return { success: true };
    },
    charge: async (order) => {
      try {
        await stripe.paymentIntents.create(
          {
            amount: orderAmountCents(order.plan_code, order.seats),
            currency: 'usd',
            payment_method: order.payment_method_id,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: `Meridian ${order.plan_code}, ${order.seats} seats (${order.invoice_number})`,
            metadata: { order_id: String(order.id), invoice_number: order.invoice_number },
          },
          { idempotencyKey: `meridian-order-${order.id}` },
        );
      } catch (error) {
        const refused = stripeError(error);
        if (refused?.type === 'StripeCardError') {
          throw unprocessable(`The payment was declined: ${refused.message}`, 'payment_method_id');
        }
        throw unreachable(error);
      }
    },
  };
}

/** Stripe's signed event, verified with the endpoint's secret (`Stripe-Signature`, five minutes' tolerance). */
export function stripeEventVerifier(stripe: Stripe, webhookSecret: string) {
  return (rawBody: string, signature: string): Stripe.Event =>
    stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
export type StripeEventVerifier = ReturnType<typeof stripeEventVerifier>;
