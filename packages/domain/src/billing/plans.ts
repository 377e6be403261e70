/**
 * GitLab's subscription plans as a self-managed instance sells them per top-level group, and who
 * counts as a seat under each (GitLab's `Namespace#exclude_guests?`, `Member.billable`).
 */
export const PLAN_CODES = ['free', 'premium', 'premium_trial', 'ultimate', 'ultimate_trial'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export interface Plan {
  code: PlanCode;
  name: string;
  trial: boolean;
  /** Ultimate (and its trial) does not bill members whose highest role is Guest. */
  excludeGuests: boolean;
  /** A higher plan can be bought for the group. */
  upgradable: boolean;
}

export const PLANS: Record<PlanCode, Plan> = {
  free: { code: 'free', name: 'Free', trial: false, excludeGuests: false, upgradable: true },
  premium: { code: 'premium', name: 'Premium', trial: false, excludeGuests: false, upgradable: true },
  premium_trial: { code: 'premium_trial', name: 'Premium Trial', trial: true, excludeGuests: false, upgradable: true },
  ultimate: { code: 'ultimate', name: 'Ultimate', trial: false, excludeGuests: true, upgradable: false },
  ultimate_trial: {
    code: 'ultimate_trial',
    name: 'Ultimate Trial',
    trial: true,
    excludeGuests: true,
    upgradable: true,
  },
};

export const isPlanCode = (value: string): value is PlanCode => (PLAN_CODES as readonly string[]).includes(value);

/** GitLab's access levels that matter here: Minimal access is never billed, Guest only outside Ultimate. */
const MINIMAL_ACCESS = 5;
const GUEST = 10;

/** The lowest highest-role that makes a member a seat under `plan`. */
export function lowestBillableAccessLevel(plan: Plan): number {
  return plan.excludeGuests ? GUEST + 1 : MINIMAL_ACCESS + 1;
}

/** Whether a member whose highest role in the group's hierarchy is `accessLevel` takes a seat. */
export function isBillableAccessLevel(accessLevel: number, plan: Plan): boolean {
  return accessLevel >= lowestBillableAccessLevel(plan);
}

/** Seats used beyond those bought, owed at the next renewal (GitLab's `seats_owed`); none on free or trial plans. */
export function seatsOwed(plan: Plan, maxSeatsUsed: number, seatsInSubscription: number): number {
  if (plan.code === 'free' || plan.trial) return 0;
  return Math.max(0, maxSeatsUsed - seatsInSubscription);
}
