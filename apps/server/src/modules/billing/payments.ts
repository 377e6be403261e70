import type { Config } from '../../config';
import { offlinePaymentProvider, type PaymentProvider } from './payment-provider';
import {
  type StripeEventVerifier,
  stripeClient,
  stripeEventVerifier,
  stripePaymentProvider,
} from './stripe-payment-provider';

export interface Payments {
  provider: PaymentProvider;
  /** Verifies Stripe's event deliveries; null when Stripe is not configured (the webhook is then 404). */
  stripeEvents: StripeEventVerifier | null;
}

type StripeConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE'
>;

/** Stripe when STRIPE_SECRET_KEY is set (loadConfig requires its webhook secret then), else pay by invoice. */
export function paymentsOf(config: StripeConfig): Payments {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    return { provider: offlinePaymentProvider, stripeEvents: null };
  }
  const stripe = stripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    apiBase: config.STRIPE_API_BASE ?? 'https://api.stripe.com',
  });
  return {
    provider: stripePaymentProvider(stripe, config.STRIPE_PUBLISHABLE_KEY ?? null),
    stripeEvents: stripeEventVerifier(stripe, config.STRIPE_WEBHOOK_SECRET),
  };
}
