import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { paymentsOf } from './payments';

describe('choosing the payment provider from the configuration', () => {
  it('pays by invoice without STRIPE_SECRET_KEY, and the Stripe webhook has no verifier', () => {
    const payments = paymentsOf(loadConfig({}));
    expect(payments.provider.name).toBe('offline');
    expect(payments.stripeEvents).toBeNull();
  });

  it('takes cards through Stripe with the secret key and the webhook secret', () => {
    const payments = paymentsOf(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      }),
    );
    expect(payments.provider.name).toBe('stripe');
    expect(payments.provider.paymentForm('f')).toMatchObject({ provider: 'stripe', submit_enabled: false });
    expect(payments.stripeEvents).toBeTypeOf('function');
  });

  it('refuses to boot with a secret key but no webhook secret, or a malformed API base', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'not a url' }),
    ).toThrow(/STRIPE_API_BASE/);
  });
});
