import { datesInOrder, type PlanCode } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireAdmin } from '../../policy/require-actor';
import { findGroup, type GroupRow, type IdOrPath } from '../namespaces';
import { type GroupSubscription, groupSubscription } from './subscription.service';
import type { SubscriptionWriteInput } from './subscription-params';

export type StoredFields = {
  plan_code: string;
  seats: number;
  start_date: string | null;
  end_date: string | null;
  trial_ends_on: string | null;
  auto_renew: boolean | null;
};

/** `trial: true` turns a paid plan into its trial; `trial: false` a trial into its paid plan. */
function planWithTrial(plan: string, trial: boolean | undefined): string {
  if (trial === undefined) return plan;
  const base = plan.replace(/_trial$/, '');
  if (base === 'free') {
    if (trial) throw badRequest('trial needs a paid plan_code (premium or ultimate)', 'trial');
    return base;
  }
  return trial ? `${base}_trial` : base;
}

/** The stored row with the input laid over it, checked: dates in order. */
function merged(stored: StoredFields, input: SubscriptionWriteInput): StoredFields & { max_seats_used?: number } {
  const next = {
    plan_code: planWithTrial(input.plan_code ?? stored.plan_code, input.trial),
    seats: input.seats ?? stored.seats,
    start_date: input.start_date !== undefined ? input.start_date : stored.start_date,
    end_date: input.end_date !== undefined ? input.end_date : stored.end_date,
    trial_ends_on: input.trial_ends_on !== undefined ? input.trial_ends_on : stored.trial_ends_on,
    auto_renew: input.auto_renew ?? stored.auto_renew,
    ...(input.max_seats_used !== undefined ? { max_seats_used: input.max_seats_used } : {}),
  };
  if (!datesInOrder(next.start_date, next.end_date)) {
    throw badRequest('end_date must be on or after start_date', 'end_date');
  }
  if (!datesInOrder(next.start_date, next.trial_ends_on)) {
    throw badRequest('trial_ends_on must be on or after start_date', 'trial_ends_on');
  }
  return next;
}

/** A group without a subscription row: the free plan, no seats, no dates. */
export const FREE_SUBSCRIPTION: StoredFields = {
  plan_code: 'free',
  seats: 0,
  start_date: null,
  end_date: null,
  trial_ends_on: null,
  auto_renew: null,
};

/** A group's stored subscription terms, undefined without a row; `forUpdate` locks the row for the transaction. */
export function storedTerms(db: Database, namespaceId: number, forUpdate = false): Promise<StoredFields | undefined> {
  return db
    .selectFrom('gitlab_subscriptions')
    .select(['plan_code', 'seats', 'start_date', 'end_date', 'trial_ends_on', 'auto_renew'])
    .where('namespace_id', '=', namespaceId)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** GitLab's `authenticated_as_admin!` (403 before any lookup), then the top-level group. */
async function adminTopLevelGroup(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<GroupRow> {
  const admin = requireAdmin(actor);
  const group = await findGroup(db, admin, idOrPath);
  if (group.parent_id !== null) throw badRequest('id must be a top-level group', 'id');
  return group;
}

/**
 * Admin `POST /namespaces/:id/gitlab_subscription`: gives a top-level group a subscription
 * (`start_date` required, as GitLab); 400 when it already has one (a start date or a paid plan).
 */
export async function createGroupSubscription(
  db: Database,
  actor: Actor | null,
  idOrPath: IdOrPath,
  input: SubscriptionWriteInput,
): Promise<GroupSubscription> {
  const group = await adminTopLevelGroup(db, actor, idOrPath);
  if (!input.start_date) throw badRequest('start_date is missing', 'start_date');
  const existing = await storedTerms(db, group.id);
  if (existing && (existing.start_date !== null || existing.plan_code !== 'free')) {
    throw badRequest('namespace has already been taken: the group has a subscription, update it with PUT', 'id');
  }
  await storeSubscription(db, group.id, merged(FREE_SUBSCRIPTION, input));
  return groupSubscription(db, actor, group);
}

/** Admin `PUT /namespaces/:id/gitlab_subscription`: changes the given fields; 404 without a subscription. */
export async function updateGroupSubscription(
  db: Database,
  actor: Actor | null,
  idOrPath: IdOrPath,
  input: SubscriptionWriteInput,
): Promise<GroupSubscription> {
  const group = await adminTopLevelGroup(db, actor, idOrPath);
  const stored = await storedTerms(db, group.id);
  if (!stored) throw notFound('GitlabSubscription');
  await storeSubscription(db, group.id, merged(stored, input));
  return groupSubscription(db, actor, group);
}

/** Inserts or overwrites a group's subscription terms (not its seat usage, which members keep). */
export async function storeSubscription(
  db: Database,
  namespaceId: number,
  terms: StoredFields & { max_seats_used?: number },
): Promise<void> {
  const values = { ...terms, plan_code: terms.plan_code as PlanCode, updated_at: new Date() };
  await db
    .insertInto('gitlab_subscriptions')
    .values({ namespace_id: namespaceId, ...values })
    .onConflict((oc) => oc.column('namespace_id').doUpdateSet(values))
    .execute();
}
