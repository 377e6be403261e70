export {
  isBillableAccessLevel,
  isPlanCode,
  lowestBillableAccessLevel,
  PLAN_CODES,
  PLANS,
  type Plan,
  type PlanCode,
  seatsOwed,
} from './plans';
