import { invoiceNumber, isoDay, orderAmountCents, type PurchasablePlanCode, termsAfterPayment } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../errors';
import { canGroup } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor, requireAdmin } from '../../policy/require-actor';
import { findGroup, type GroupRow, groupSubject, type IdOrPath } from '../namespaces';
import { isCountryCode, isStateOf, statesForCountry } from './countries';
import type { OrderInput } from './order-params';
import type { PaymentProvider } from './payment-provider';
import { FREE_SUBSCRIPTION, storedTerms, storeSubscription } from './subscription-write.service';

export interface Order {
  id: number;
  namespace_id: number;
  plan_code: string;
  seats: number;
  provider: string;
  status: string;
  invoice_number: string;
  created_at: Date;
  paid_at: Date | null;
}

const ORDER_COLUMNS = [
  'id',
  'namespace_id',
  'plan_code',
  'seats',
  'provider',
  'status',
  'invoice_number',
  'created_at',
  'paid_at',
] as const;

const PLACED_COLUMNS = [
  'id',
  'namespace_id',
  'plan_code',
  'seats',
  'invoice_number',
  'status',
  'payment_method_id',
] as const;

/** The most orders one list shows (newest first). */
export const MAX_ORDERS_LISTED = 100;

/** A top-level group the actor owns: hidden or not owned is 404 (nothing about billing leaks), a subgroup 400. */
export async function ownedTopLevelGroup(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<GroupRow> {
  const me = requireActor(actor);
  const group = await findGroup(db, me, idOrPath);
  if (!canGroup(me, 'admin_group', groupSubject(group))) throw notFound('Group');
  if (group.parent_id !== null) throw unprocessable('selected_group must be a top-level group', 'selected_group');
  return group;
}

function checkAddress(customer: OrderInput['customer']): void {
  if (!isCountryCode(customer.country)) throw unprocessable('customer country is not a country', 'country');
  const hasStates = Object.keys(statesForCountry(customer.country) ?? {}).length > 0;
  if (customer.state !== undefined && !isStateOf(customer.country, customer.state)) {
    throw unprocessable(`customer state is not a state of ${customer.country}`, 'state');
  }
  if (hasStates && customer.state === undefined) throw unprocessable('customer state is missing', 'state');
}

export interface PlacedOrder {
  location: string;
  order_id: number;
  invoice_number: string;
  status: string;
}

/**
 * GitLab's `POST /-/subscriptions`: records an order for a top-level group the buyer owns and asks
 * the payment provider to charge it (offline: nothing to do until the invoice is paid). The same
 * idempotency key from the same buyer answers the first order again (the unique index decides, so
 * two racing requests make one row); the key reused for another purchase is a 409.
 */
export async function placeOrder(
  db: Database,
  actor: Actor | null,
  input: OrderInput,
  idempotencyKey: string | undefined,
  provider: PaymentProvider,
): Promise<PlacedOrder> {
  const me = requireActor(actor);
  const group = await ownedTopLevelGroup(db, me, { id: input.selected_group });
  checkAddress(input.customer);
  const amount = orderAmountCents(input.subscription.plan_id, input.subscription.quantity);
  if (provider.maxAmountCents !== null && amount > provider.maxAmountCents) {
    throw unprocessable('quantity is more than one card payment can pay for: buy fewer seats at a time', 'quantity');
  }
  const check = await provider.validatePaymentMethod(input.subscription.payment_method_id);
  if (!check.success) throw unprocessable(check.error_message, 'payment_method_id');
  const key = idempotencyKey ?? input.idempotency_key ?? null;
  const { customer, subscription } = input;
  const { rows } = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('subscription_orders', 'id'))::int AS id`.execute(db);
  const id = rows[0]?.id as number;
  const inserted = await db
    .insertInto('subscription_orders')
    .values({
      id,
      namespace_id: group.id,
      user_id: me.id,
      plan_code: subscription.plan_id,
      seats: subscription.quantity,
      provider: provider.name,
      payment_method_id: subscription.payment_method_id,
      invoice_number: invoiceNumber(id, new Date().getUTCFullYear()),
      idempotency_key: key,
      customer_company: customer.company ?? null,
      customer_country: customer.country,
      customer_address_1: customer.address_1,
      customer_address_2: customer.address_2 ?? null,
      customer_city: customer.city,
      customer_state: customer.state ?? null,
      customer_zip_code: customer.zip_code,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
    .returning(PLACED_COLUMNS)
    .executeTakeFirst();
  const order =
    inserted ??
    (await db
      .selectFrom('subscription_orders')
      .select(PLACED_COLUMNS)
      .where('user_id', '=', me.id)
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow());
  const same =
    order.namespace_id === group.id &&
    order.plan_code === subscription.plan_id &&
    order.seats === subscription.quantity &&
    order.payment_method_id === subscription.payment_method_id;
  if (!same) throw conflict('Idempotency-Key was already used for a different purchase');
  // A replay asks again while the order is pending: the provider's own idempotency makes it one charge.
  if (order.status === 'pending') {
    await provider.charge({
      id: order.id,
      plan_code: subscription.plan_id,
      seats: order.seats,
      invoice_number: order.invoice_number,
      payment_method_id: subscription.payment_method_id,
    });
  }
  return {
    location: `/groups/${group.full_path}/-/billings`,
    order_id: order.id,
    invoice_number: order.invoice_number,
    status: order.status,
  };
}

/** A group's orders, newest first, for its Owners (the billing page's pending orders). */
export async function groupOrders(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<Order[]> {
  const group = await ownedTopLevelGroup(db, actor, idOrPath);
  return db
    .selectFrom('subscription_orders')
    .select(ORDER_COLUMNS)
    .where('namespace_id', '=', group.id)
    .orderBy('id', 'desc')
    .limit(MAX_ORDERS_LISTED)
    .execute();
}

export interface AdminOrder extends Order {
  namespace_full_path: string;
  namespace_name: string;
}

/** Pending orders of every group, oldest first, for administrators. */
export async function pendingOrders(db: Database, actor: Actor | null): Promise<AdminOrder[]> {
  requireAdmin(actor);
  const rows = await db
    .selectFrom('subscription_orders as o')
    .innerJoin('namespaces as n', 'n.id', 'o.namespace_id')
    .select(ORDER_COLUMNS.map((c) => `o.${c}` as const))
    .select(['n.path as namespace_full_path', 'n.name as namespace_name'])
    .where('o.status', '=', 'pending')
    .orderBy('o.id')
    .limit(MAX_ORDERS_LISTED)
    .execute();
  return rows;
}

/**
 * Records a pending order's payment outcome inside the caller's transaction: paid changes the order
 * and the group's subscription together (a plan starts, or seats are added to the running one);
 * failed closes the order and leaves the subscription untouched. Undefined when the order is not
 * pending (settled already, or none): the one path for administrators and the card provider's events.
 */
export async function recordPayment(
  trx: Transaction<DB>,
  orderId: number,
  outcome: 'paid' | 'failed',
): Promise<Order | undefined> {
  const order = await trx
    .updateTable('subscription_orders')
    .set({ status: outcome, updated_at: new Date(), ...(outcome === 'paid' ? { paid_at: new Date() } : {}) })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returning(ORDER_COLUMNS)
    .executeTakeFirst();
  if (!order || outcome === 'failed') return order;
  const base = (await storedTerms(trx, order.namespace_id, true)) ?? FREE_SUBSCRIPTION;
  const terms = termsAfterPayment(
    base,
    { plan_code: order.plan_code as PurchasablePlanCode, seats: order.seats },
    isoDay(new Date()),
  );
  await storeSubscription(trx, order.namespace_id, {
    ...terms,
    trial_ends_on: null,
    auto_renew: base.auto_renew ?? true,
  });
  return order;
}

/** An administrator records the outcome of a pending order ("mark paid" / "mark failed"); a settled order is a 409. */
export async function settleOrder(
  db: Database,
  actor: Actor | null,
  orderId: number,
  outcome: 'paid' | 'failed',
): Promise<Order> {
  requireAdmin(actor);
  return db.transaction().execute(async (trx) => {
    const order = await recordPayment(trx, orderId, outcome);
    if (order) return order;
    const exists = await trx
      .selectFrom('subscription_orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!exists) throw notFound('Order');
    throw conflict(`Order is already ${exists.status}`);
  });
}
