export {
  invoiceNumber,
  PURCHASABLE_PLAN_CODES,
  type PurchasablePlanCode,
  type SubscriptionTerms,
  termsAfterPayment,
} from './orders';
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
