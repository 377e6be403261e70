import { addMonths } from '../dates/calendar-days';
import type { PlanCode } from './plans';

/** The plans a group can buy; trials and Free are given, not sold. */
export const PURCHASABLE_PLAN_CODES = ['premium', 'ultimate'] as const;
export type PurchasablePlanCode = (typeof PURCHASABLE_PLAN_CODES)[number];

/**
 * The list price of one seat for a year, in US cents (GitLab's: Premium $29, Ultimate $99 per user
 * per month, billed yearly). What a card provider charges for an order.
 */
export const SEAT_PRICE_PER_YEAR_CENTS: Record<PurchasablePlanCode, number> = { premium: 34_800, ultimate: 118_800 };

/** An order's total in US cents: the seats bought times a year of the plan's seat price. */
export function orderAmountCents(plan: PurchasablePlanCode, seats: number): number {
  return SEAT_PRICE_PER_YEAR_CENTS[plan] * seats;
}

/** The invoice number of an order: `INV-2026-000042` (year it was placed, order id). */
export function invoiceNumber(orderId: number, year: number): string {
  return `INV-${year}-${String(orderId).padStart(6, '0')}`;
}

export interface SubscriptionTerms {
  plan_code: string;
  seats: number;
  start_date: string | null;
  end_date: string | null;
}

/**
 * A group's subscription once an order is paid on `today`: the same plan while it still runs adds
 * the seats and keeps the term ("Add seats"); a new plan, or one that has ended, starts a one-year
 * term with the seats bought.
 */
export function termsAfterPayment(
  current: SubscriptionTerms,
  order: { plan_code: PurchasablePlanCode; seats: number },
  today: string,
): SubscriptionTerms & { plan_code: PlanCode } {
  const running = current.plan_code === order.plan_code && current.end_date !== null && current.end_date >= today;
  if (running) {
    return {
      plan_code: order.plan_code,
      seats: current.seats + order.seats,
      start_date: current.start_date,
      end_date: current.end_date,
    };
  }
  return { plan_code: order.plan_code, seats: order.seats, start_date: today, end_date: addMonths(today, 12) };
}
