import { expectCases } from '@meridian/domain/test/cases';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CardTokenizer, cardLabel, checkCard } from './cardPayment';
import type { PaymentMethod } from './purchaseApi';

const card = (patch: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: 'pm_1',
  type: 'credit_card',
  credit_card_type: 'Visa',
  credit_card_mask_number: '************4242',
  credit_card_expiration_month: 3,
  credit_card_expiration_year: 2031,
  ...patch,
});

describe('cardLabel', () => {
  expectCases(cardLabel, [
    [card(), 'Visa ending in 4242 (expires 03/2031)'],
    [
      card({ credit_card_type: 'MasterCard', credit_card_mask_number: '************4444' }),
      'MasterCard ending in 4444 (expires 03/2031)',
    ],
    [card({ credit_card_expiration_month: null }), 'Visa ending in 4242'],
    [card({ credit_card_type: null, credit_card_mask_number: null }), 'Card ending in ???? (expires 03/2031)'],
  ]);
});

describe('checkCard', () => {
  const address = { line1: '1 Main St', city: 'Springfield', postal_code: '62701', country: 'US' };
  const tokenizer = (answer: Awaited<ReturnType<CardTokenizer['createPaymentMethod']>>): CardTokenizer => ({
    createPaymentMethod: vi.fn(async () => answer),
  });
  /** The server's answers by path: validate_payment_method, then payment_method. */
  function server(validation: object) {
    const fetch = vi.fn(async (url: string) =>
      Response.json(url.includes('validate_payment_method') ? validation : card({ id: 'pm_new' })),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("answers Stripe's message for a card it refused, asking the server nothing", async () => {
    const fetch = server({ success: true });
    expect(await checkCard(tokenizer({ error: 'Your card number is incorrect.' }), address, 7)).toEqual({
      error: 'Your card number is incorrect.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers the server's refusal of the PaymentMethod", async () => {
    server({ success: false, error_message: 'The card has expired.' });
    expect(await checkCard(tokenizer({ id: 'pm_new' }), address, 7)).toEqual({ error: 'The card has expired.' });
  });

  it('checks the PaymentMethod with GitLab’s calls and names it for the review, with a purchase key of its own', async () => {
    const fetch = server({ success: true });
    const first = await checkCard(tokenizer({ id: 'pm_new' }), address, 7);
    const second = await checkCard(tokenizer({ id: 'pm_new' }), address, 7);
    expect(first).toEqual({
      id: 'pm_new',
      label: 'Visa ending in 4242 (expires 03/2031)',
      idempotencyKey: expect.any(String),
    });
    expect(
      'idempotencyKey' in first && 'idempotencyKey' in second && first.idempotencyKey !== second.idempotencyKey,
    ).toBe(true);
    const [validate, method] = fetch.mock.calls.map((call) => call[0]);
    expect(validate).toBe('/-/subscriptions/validate_payment_method');
    expect(method).toBe('/-/subscriptions/payment_method?id=pm_new');
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body);
    expect(body).toEqual({ id: 'pm_new', gitlab_user_id: 7 });
  });
});
