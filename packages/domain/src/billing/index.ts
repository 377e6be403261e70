export {
  invoiceNumber,
  orderAmountCents,
  PURCHASABLE_PLAN_CODES,
  type PurchasablePlanCode,
  SEAT_PRICE_PER_YEAR_CENTS,
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
