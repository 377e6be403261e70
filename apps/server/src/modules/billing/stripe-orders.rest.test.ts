import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, createGroup, createToken, createUser } from '../../test/factories';
import { type StartedServer, startTestServer } from '../../test/started-server';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';

/**
 * The Stripe provider (issue 29) against a real listening server and a local stand-in of Stripe's
 * API, which delivers its signed events back to the server's webhook: the card form, method and
 * validation in GitLab's shapes; a paid order starts the plan; a declined card fails the order and
 * leaves no active subscription; bad signatures, redelivered events and double submits change nothing.
 */
let stripe: StripeStandIn;
let s: StartedServer;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let paid: { id: number };
let declined: { id: number };

beforeAll(async () => {
  stripe = await startStripeStandIn({ publishableKey: 'pk_test_stand_in' });
  s = await startTestServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_API_BASE: stripe.apiBase,
  });
  stripe.deliverTo(`${s.url}/-/subscriptions/stripe_webhook`);
  for (const name of ['owner', 'outsider']) {
    const user = await createUser(s.db, { username: `stripe-${name}` });
    uid[name] = user.id;
    tok[name] = await createToken(s.db, user.id);
  }
  paid = await createGroup(s.db, { path: 'stripe-paid' });
  declined = await createGroup(s.db, { path: 'stripe-declined' });
  for (const g of [paid, declined]) await addGroupMember(s.db, g.id, uid.owner as number, 50);
}, 240_000);

afterAll(async () => {
  await s?.close();
  await stripe?.close();
}, 240_000);

function call(method: string, path: string, who?: string, body?: unknown, headers = {}) {
  return s.http(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? { 'private-token': tok[who] ?? '' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
// biome-ignore lint/suspicious/noExplicitAny: the answers' JSON, read field by field in the assertions
const json = (res: Response): Promise<any> => res.json();

const order = (groupId: number, paymentMethod: string, quantity = 4, plan = 'premium') => ({
  selected_group: groupId,
  customer: { country: 'US', address_1: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' },
  subscription: { plan_id: plan, payment_method_id: paymentMethod, quantity },
});
const purchase = (payload: object, key: string) =>
  call('POST', '/-/subscriptions', 'owner', payload, { 'idempotency-key': key });
const orderRow = (id: number) =>
  s.db.selectFrom('subscription_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const planOf = async (groupId: number) =>
  (await json(await call('GET', `/api/v4/namespaces/${groupId}/gitlab_subscription`, 'owner'))).plan.code;
const chargesFor = (orderId: number) =>
  stripe.requests.filter(
    (r) => r.path === '/v1/payment_intents' && r.form.get('metadata[order_id]') === String(orderId),
  );

describe('the card form, method and validation', () => {
  it('offers Stripe.js card fields with the publishable key, and no payment method id yet', async () => {
    const form = await json(await call('GET', '/-/subscriptions/payment_form?id=paid_signup_flow', 'owner'));
    expect(form).toEqual({
      id: 'paid_signup_flow',
      provider: 'stripe',
      payment_method_id: null,
      submit_enabled: true,
      description: expect.stringContaining('card'),
      publishable_key: 'pk_test_stand_in',
    });
  });

  it("answers a card's brand, masked number and expiry from Stripe's PaymentMethod; 404 for an unknown id", async () => {
    const res = await call('GET', '/-/subscriptions/payment_method?id=pm_card_mastercard', 'owner');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      id: 'pm_card_mastercard',
      type: 'credit_card',
      credit_card_type: 'MasterCard',
      credit_card_mask_number: '************4444',
      credit_card_expiration_month: 8,
      credit_card_expiration_year: new Date().getUTCFullYear() + 2,
    });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_methods/pm_card_mastercard' });
    expect((await call('GET', '/-/subscriptions/payment_method?id=pm_nope', 'owner')).status).toBe(404);
    expect((await call('GET', '/-/subscriptions/payment_method?id=pm_card_visa')).status).toBe(401);
  });

  it('validates a card that exists and has not expired', async () => {
    const validate = async (id: string) =>
      json(await call('POST', '/-/subscriptions/validate_payment_method', 'owner', { id, gitlab_user_id: uid.owner }));
    expect(await validate('pm_card_visa')).toEqual({ success: true });
    expect(await validate('pm_card_expired')).toEqual({ success: false, error_message: 'The card has expired.' });
    expect(await validate('offline-invoice')).toMatchObject({
      success: false,
      error_message: expect.stringContaining('not found'),
    });
  });
});

describe('POST /-/subscriptions with a card', () => {
  it('charges the order once, in US cents, and Stripe’s event starts the plan', async () => {
    const res = await purchase(order(paid.id, 'pm_card_visa'), 'card-1');
    expect(res.status).toBe(200);
    const placed = await json(res);
    expect(placed).toMatchObject({ location: '/groups/stripe-paid/-/billings', status: 'pending' });
    const [charge] = chargesFor(placed.order_id);
    expect(charge?.idempotencyKey).toBe(`meridian-order-${placed.order_id}`);
    expect(Object.fromEntries(charge?.form ?? [])).toMatchObject({
      amount: String(4 * 34_800),
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'metadata[invoice_number]': placed.invoice_number,
    });
    const deliveries = await stripe.settled();
    expect(deliveries.at(-1)).toMatchObject({ status: 200, body: expect.stringContaining('"settled"') });
    expect(await orderRow(placed.order_id)).toMatchObject({ provider: 'stripe', status: 'paid' });
    expect(await planOf(paid.id)).toBe('premium');
  });

  it('a double submit is one order and one charge (our key, and Stripe’s)', async () => {
    const payload = order(paid.id, 'pm_card_visa', 2);
    const answers = await Promise.all([purchase(payload, 'card-2'), purchase(payload, 'card-2')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map(json));
    expect(a.order_id).toBe(b.order_id);
    const charges = chargesFor(a.order_id);
    expect(new Set(charges.map((c) => c.idempotencyKey))).toEqual(new Set([`meridian-order-${a.order_id}`]));
    await stripe.settled();
    expect(
      stripe.events.filter((e) => (e.data.object.metadata as { order_id: string }).order_id === String(a.order_id)),
    ).toHaveLength(1);
    const sub = await json(await call('GET', `/api/v4/namespaces/${paid.id}/gitlab_subscription`, 'owner'));
    expect(sub.usage.seats_in_subscription).toBe(6);
  });

  it('a declined card answers 422 with the reason; the event fails the order and no subscription starts', async () => {
    const res = await purchase(order(declined.id, 'pm_card_chargeDeclined', 3, 'ultimate'), 'card-3');
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Your card was declined.');
    const deliveries = await stripe.settled();
    expect(deliveries.at(-1)?.status).toBe(200);
    const rows = await s.db
      .selectFrom('subscription_orders')
      .selectAll()
      .where('namespace_id', '=', declined.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', paid_at: null });
    expect(await planOf(declined.id)).toBe('free');
    const again = await purchase(order(declined.id, 'pm_card_chargeDeclined', 3, 'ultimate'), 'card-3');
    expect((await json(again)).status).toBe('failed');
    expect(chargesFor(rows[0]?.id as number)).toHaveLength(1);
  });

  it('refuses an order larger than one card payment, and a card that does not exist, before recording it', async () => {
    const before = (await s.db.selectFrom('subscription_orders').select('id').execute()).length;
    const big = await purchase(order(declined.id, 'pm_card_visa', 3000), 'card-big');
    expect(big.status).toBe(422);
    expect(await big.text()).toContain('quantity');
    const unknown = await purchase(order(declined.id, 'pm_nope'), 'card-unknown');
    expect(unknown.status).toBe(422);
    expect((await s.db.selectFrom('subscription_orders').select('id').execute()).length).toBe(before);
  });
});

describe("a card the browser's Stripe.js turned into a PaymentMethod (the checkout's card step)", () => {
  /** What Stripe.js's `createPaymentMethod` sends: the card fields and the publishable key, form-encoded. */
  async function createPaymentMethod(number: string, exp = `12/${new Date().getUTCFullYear() + 2}`, key?: string) {
    const [month, year] = exp.split('/');
    const res = await fetch(`${stripe.apiBase}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:3000' },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': month ?? '',
        'card[exp_year]': year ?? '',
        'card[cvc]': '123',
        key: key ?? stripe.publishableKey,
      }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    return { status: res.status, body: await json(res) };
  }

  it("refuses a wrong number, a past expiry and another key, as Stripe's card_error", async () => {
    expect(await createPaymentMethod('4242424242424241')).toEqual({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'incorrect_number',
          param: 'number',
          message: 'Your card number is incorrect.',
        },
      },
    });
    expect((await createPaymentMethod('4242424242424242', '01/2001')).body.error.code).toBe('invalid_expiry_year');
    expect((await createPaymentMethod('4242424242424242', undefined, 'pk_test_other')).status).toBe(401);
  });

  it('pays with a good card through payment_method, validate_payment_method and POST /-/subscriptions', async () => {
    const created = await createPaymentMethod('5555 5555 5555 4444');
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    expect(id).toMatch(/^pm_/);
    const method = await json(await call('GET', `/-/subscriptions/payment_method?id=${id}`, 'owner'));
    expect(method).toMatchObject({ credit_card_type: 'MasterCard', credit_card_mask_number: '************4444' });
    const check = await call('POST', '/-/subscriptions/validate_payment_method', 'owner', {
      id,
      gitlab_user_id: uid.owner,
    });
    expect(await json(check)).toEqual({ success: true });
    const group = await createGroup(s.db, { path: 'stripe-browser' });
    await addGroupMember(s.db, group.id, uid.owner as number, 50);
    const res = await purchase(order(group.id, id, 1), 'browser-1');
    expect(res.status).toBe(200);
    await stripe.settled();
    expect(await planOf(group.id)).toBe('premium');
  });

  it.each([
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
  ])('Stripe test card %s is declined at the charge: 422 naming the reason', async (number, reason) => {
    const { body } = await createPaymentMethod(number);
    const res = await purchase(order(declined.id, body.id, 1), `browser-${number}`);
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ error: `The payment was declined: ${reason}`, field: 'payment_method_id' });
    await stripe.settled();
    expect(await planOf(declined.id)).toBe('free');
  });
});

describe('POST /-/subscriptions/stripe_webhook', () => {
  const webhook = (body: string, signature?: string) =>
    s.http('/-/subscriptions/stripe_webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      body,
    });

  it('is 400 for a missing or wrong signature, or a changed body, and changes nothing', async () => {
    const [event] = stripe.events;
    const forged = JSON.stringify({ ...event, id: 'evt_forged' });
    expect((await webhook(forged)).status).toBe(400);
    const wrongSecret = await webhook(forged, stripe.sign(forged, 'whsec_not_ours'));
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.text()).toContain('Stripe-Signature does not match');
    const signed = stripe.sign(forged);
    expect((await webhook(forged.replace('evt_forged', 'evt_changed'), signed)).status).toBe(400);
    const stored = await s.db.selectFrom('stripe_webhook_events').select('event_id').execute();
    expect(stored.map((e) => e.event_id)).not.toContain('evt_forged');
  });

  it('a redelivered event is acknowledged and changes nothing', async () => {
    const succeeded = stripe.events.find((e) => e.type === 'payment_intent.succeeded') as { id: string };
    const seatsBefore = (await json(await call('GET', `/api/v4/namespaces/${paid.id}/gitlab_subscription`, 'owner')))
      .usage.seats_in_subscription;
    await stripe.redeliver(succeeded.id);
    const deliveries = await stripe.settled();
    expect(deliveries.at(-1)).toMatchObject({
      eventId: succeeded.id,
      status: 200,
      body: expect.stringContaining('"duplicate"'),
    });
    const after = await json(await call('GET', `/api/v4/namespaces/${paid.id}/gitlab_subscription`, 'owner'));
    expect(after.usage.seats_in_subscription).toBe(seatsBefore);
  });

  it('acknowledges event types it does not handle, and refuses a body over 64 KiB with 413', async () => {
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } });
    const res = await webhook(other, stripe.sign(other));
    expect(await json(res)).toEqual({ received: true, result: 'ignored' });
    const huge = JSON.stringify({ id: 'evt_huge', padding: 'x'.repeat(70 * 1024) });
    expect((await webhook(huge, stripe.sign(huge))).status).toBe(413);
  });

  it('is 404 where Stripe is not configured', async () => {
    const bare = await startTestServer({});
    try {
      const res = await bare.http('/-/subscriptions/stripe_webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  }, 120_000);
});
