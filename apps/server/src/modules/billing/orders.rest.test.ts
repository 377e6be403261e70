import { describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { OFFLINE_PAYMENT_METHOD_ID } from './payment-provider';

/**
 * The offline purchase flow (IE-55, IE-58 … IE-60): an Owner orders, the order stays pending, an
 * administrator marks it paid and the subscription starts in the same transaction; a double
 * submit makes one order; a failed payment leaves no subscription; others get 404 or 403.
 */
const t = useRestTestApp({
  prefix: 'ord-',
  users: ['owner', 'maint', 'outsider'],
  admins: ['admin'],
  groups: {
    top: { path: 'ord-top', name: 'Ord Top', visibility: 0, members: { owner: 50, maint: 40 } },
    other: { path: 'ord-other', name: 'Ord Other', visibility: 20, members: { owner: 50 } },
    sub: { path: 'kid', name: 'Kid', parent: 'top', visibility: 0 },
  },
});
const { api, uid, gid } = t;

const web = apiClient(() => t.app, t.tok, '');
const customer = { country: 'US', address_1: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' };
const order = (groupId: number, extra: object = {}) => ({
  selected_group: groupId,
  customer,
  subscription: { plan_id: 'premium', payment_method_id: OFFLINE_PAYMENT_METHOD_ID, quantity: 5 },
  ...extra,
});
const purchase = (who: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/-/subscriptions',
    headers: { 'private-token': t.tok[who] ?? '', ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const orderCount = async (namespaceId: number) =>
  (await t.db.selectFrom('subscription_orders').select('id').where('namespace_id', '=', namespaceId).execute()).length;

describe('payment form, method and validation (offline provider)', () => {
  it('answers the invoice form and method, and validates only the caller and the invoice method', async () => {
    const form = await web('GET', '/-/subscriptions/payment_form?id=paid_signup_flow', 'owner');
    expect(form.json()).toMatchObject({ provider: 'offline', payment_method_id: OFFLINE_PAYMENT_METHOD_ID });
    const method = await web('GET', `/-/subscriptions/payment_method?id=${OFFLINE_PAYMENT_METHOD_ID}`, 'owner');
    expect(method.json()).toMatchObject({ id: OFFLINE_PAYMENT_METHOD_ID, type: 'invoice', credit_card_type: null });
    expect((await web('GET', '/-/subscriptions/payment_method?id=pm_card', 'owner')).statusCode).toBe(404);
    expect((await web('GET', '/-/subscriptions/payment_method', 'owner')).statusCode).toBe(400);
    expect((await web('GET', '/-/subscriptions/payment_form?id=x')).statusCode).toBe(401);
    const ok = await web('POST', '/-/subscriptions/validate_payment_method', 'owner', {
      id: OFFLINE_PAYMENT_METHOD_ID,
      gitlab_user_id: uid.owner,
    });
    expect(ok.json()).toEqual({ success: true });
    const someoneElse = await web('POST', '/-/subscriptions/validate_payment_method', 'owner', {
      id: OFFLINE_PAYMENT_METHOD_ID,
      gitlab_user_id: uid.admin,
    });
    expect(someoneElse.json()).toMatchObject({ success: false });
    const card = await web('POST', '/-/subscriptions/validate_payment_method', 'owner', {
      id: 'pm_1',
      gitlab_user_id: uid.owner,
    });
    expect(card.json()).toMatchObject({ success: false, error_message: expect.stringContaining('invoice') });
  });
});

describe('POST /-/subscriptions', () => {
  it('is 401 anonymous, 404 for a group the buyer does not own, 422 for a subgroup; no order made', async () => {
    expect((await web('POST', '/-/subscriptions', undefined, order(gid.top))).statusCode).toBe(401);
    expect((await purchase('maint', order(gid.top))).statusCode).toBe(404);
    expect((await purchase('outsider', order(gid.top))).statusCode).toBe(404);
    expect((await purchase('outsider', order(gid.other))).statusCode).toBe(404);
    expect((await purchase('owner', order(gid.sub))).statusCode).toBe(422);
    expect(await orderCount(gid.top)).toBe(0);
  });

  it('is 400 or 422 naming the bad field', async () => {
    const cases: [object, number, string][] = [
      [{ ...order(gid.top), customer: { ...customer, country: 'usa' } }, 400, 'country'],
      [{ ...order(gid.top), customer: { ...customer, country: 'ZZ' } }, 422, 'country'],
      [{ ...order(gid.top), customer: { ...customer, state: 'XX' } }, 422, 'state'],
      [{ ...order(gid.top), customer: { ...customer, state: undefined } }, 422, 'state'],
      [{ ...order(gid.top), customer: { ...customer, city: '' } }, 400, 'city'],
      [{ ...order(gid.top), customer: { ...customer, zip_code: '1'.repeat(21) } }, 400, 'zip_code'],
      [{ ...order(gid.top), subscription: { plan_id: 'gold', payment_method_id: 'x', quantity: 1 } }, 400, 'plan_id'],
      [
        {
          ...order(gid.top),
          subscription: { plan_id: 'premium', payment_method_id: OFFLINE_PAYMENT_METHOD_ID, quantity: 0 },
        },
        400,
        'quantity',
      ],
      [
        { ...order(gid.top), subscription: { plan_id: 'premium', payment_method_id: 'pm_card', quantity: 1 } },
        422,
        'invoice',
      ],
      [{ customer, subscription: order(gid.top).subscription }, 400, 'selected_group'],
    ];
    for (const [payload, status, text] of cases) {
      const res = await purchase('owner', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.body).toContain(text);
    }
    expect(await orderCount(gid.top)).toBe(0);
  });

  it('records a pending order with an invoice number; the subscription waits for payment', async () => {
    const res = await purchase('owner', order(gid.top), 'first-buy');
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json();
    expect(placed).toMatchObject({ location: '/groups/ord-top/-/billings', status: 'pending' });
    expect(placed.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
    const sub = await api('GET', `/namespaces/${gid.top}/gitlab_subscription`, 'owner');
    expect(sub.json().plan.code).toBe('free');
    const orders = await api('GET', `/namespaces/${gid.top}/subscription_orders`, 'owner');
    expect(orders.json()).toEqual([
      expect.objectContaining({
        id: placed.order_id,
        status: 'pending',
        seats: 5,
        invoice_number: placed.invoice_number,
      }),
    ]);
    expect((await api('GET', `/namespaces/${gid.top}/subscription_orders`, 'maint')).statusCode).toBe(404);
    expect((await api('GET', '/namespaces/ord-top/subscription_orders', 'owner')).json()).toHaveLength(1);
    const row = await t.db
      .selectFrom('subscription_orders')
      .selectAll()
      .where('id', '=', placed.order_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customer_country: 'US',
      customer_state: 'IL',
      customer_city: 'Springfield',
      user_id: uid.owner,
    });
  });

  it('makes one order of a double submit with one idempotency key, even in parallel; 409 when reused for another purchase', async () => {
    const before = await orderCount(gid.top);
    const [a, b, c] = await Promise.all([
      purchase('owner', order(gid.top), 'double-click'),
      purchase('owner', order(gid.top), 'double-click'),
      purchase('owner', order(gid.top, { idempotency_key: 'double-click' })),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().order_id, b.json().order_id, c.json().order_id]).size).toBe(1);
    expect(await orderCount(gid.top)).toBe(before + 1);
    const reused = await purchase(
      'owner',
      { ...order(gid.top), subscription: { ...order(gid.top).subscription, quantity: 9 } },
      'double-click',
    );
    expect(reused.statusCode).toBe(409);
  });
});

describe('settling orders (administrators)', () => {
  it('lists pending orders and refuses non-administrators with 403', async () => {
    expect((await api('GET', '/admin/subscription_orders', 'owner')).statusCode).toBe(403);
    expect((await api('GET', '/admin/subscription_orders')).statusCode).toBe(401);
    const list = await api('GET', '/admin/subscription_orders', 'admin');
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThanOrEqual(2);
    expect(list.json()[0]).toMatchObject({ namespace: { full_path: 'ord-top' }, order: { status: 'pending' } });
    const id = list.json()[0].order.id;
    expect((await api('POST', `/admin/subscription_orders/${id}/mark_paid`, 'owner')).statusCode).toBe(403);
  });

  it('a failed payment leaves no active subscription', async () => {
    const placed = (
      await purchase(
        'owner',
        order(gid.top, { subscription: { ...order(gid.top).subscription, plan_id: 'ultimate' } }),
        'fails',
      )
    ).json();
    const failed = await api('POST', `/admin/subscription_orders/${placed.order_id}/mark_failed`, 'admin');
    expect(failed.json()).toMatchObject({ status: 'failed', paid_at: null });
    expect((await api('GET', `/namespaces/${gid.top}/gitlab_subscription`, 'owner')).json().plan.code).toBe('free');
    expect((await api('POST', `/admin/subscription_orders/${placed.order_id}/mark_paid`, 'admin')).statusCode).toBe(
      409,
    );
  });

  it('marking paid starts the plan with the seats bought; a second order of the plan adds seats', async () => {
    const pending = (await api('GET', `/namespaces/${gid.top}/subscription_orders`, 'owner')).json() as {
      id: number;
      status: string;
    }[];
    const ids = pending
      .filter((o) => o.status === 'pending')
      .map((o) => o.id)
      .sort((x, y) => x - y);
    expect(ids.length).toBe(2);
    const paid = await api('POST', `/admin/subscription_orders/${ids[0]}/mark_paid`, 'admin');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const sub = (await api('GET', `/namespaces/${gid.top}/gitlab_subscription`, 'owner')).json();
    expect(sub).toMatchObject({ plan: { code: 'premium' }, usage: { seats_in_subscription: 5 } });
    expect(sub.billing.subscription_end_date > sub.billing.subscription_start_date).toBe(true);
    await api('POST', `/admin/subscription_orders/${ids[1]}/mark_paid`, 'admin');
    const more = (await api('GET', `/namespaces/${gid.top}/gitlab_subscription`, 'owner')).json();
    expect(more).toMatchObject({ plan: { code: 'premium' }, usage: { seats_in_subscription: 10 } });
    expect(more.billing.subscription_start_date).toBe(sub.billing.subscription_start_date);
    expect((await api('POST', `/admin/subscription_orders/${ids[0]}/mark_paid`, 'admin')).statusCode).toBe(409);
    expect((await api('POST', '/admin/subscription_orders/999999/mark_paid', 'admin')).statusCode).toBe(404);
  });
});

describe('POST /-/subscriptions/groups', () => {
  it('creates a private top-level group owned by the buyer; 400 for a bad path, 401 anonymous', async () => {
    const res = await web('POST', '/-/subscriptions/groups', 'outsider', {
      group: { name: 'Bought', path: 'ord-bought' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Bought', full_path: 'ord-bought' });
    const placed = await purchase('outsider', order(res.json().id));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(
      (await web('POST', '/-/subscriptions/groups', 'outsider', { group: { name: 'X', path: '-bad' } })).statusCode,
    ).toBe(400);
    expect(
      (await web('POST', '/-/subscriptions/groups', undefined, { group: { name: 'X', path: 'x' } })).statusCode,
    ).toBe(401);
  });
});
