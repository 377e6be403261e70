import { newIdempotencyKey } from './idempotencyKey';
import { fetchPaymentMethod, type PaymentMethod, validatePaymentMethod } from './purchaseApi';

/** The billing address Stripe.js sends with the card, in Stripe's `billing_details.address` fields. */
export interface CardBillingAddress {
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postal_code: string;
  country: string;
}

/** What the card step's Stripe fields give: a PaymentMethod id, or Stripe's message for the card. */
export type CreatedPaymentMethod = { id: string } | { error: string };

/** The card fields of the payment step (`CardField.tsx`), once Stripe.js has loaded. */
export interface CardTokenizer {
  createPaymentMethod(address: CardBillingAddress): Promise<CreatedPaymentMethod>;
}

/** A card checked for the review step: the PaymentMethod to order with, how to show it, and its own purchase key. */
export interface CheckedCard {
  id: string;
  label: string;
  /** A new card is a new purchase: a key of its own, so a retry with another card is not a replay (409). */
  idempotencyKey: string;
}

/** GitLab's way of naming a card: "Visa ending in 4242 (expires 12/2029)". */
export function cardLabel(method: PaymentMethod): string {
  const last4 = method.credit_card_mask_number?.slice(-4) ?? '????';
  const month = method.credit_card_expiration_month;
  const year = method.credit_card_expiration_year;
  const expiry = month && year ? ` (expires ${String(month).padStart(2, '0')}/${year})` : '';
  return `${method.credit_card_type ?? 'Card'} ending in ${last4}${expiry}`;
}

/**
 * The card step's checks before the review: Stripe.js turns the card into a PaymentMethod (a wrong
 * number or expiry is Stripe's message), then GitLab's `validate_payment_method` and `payment_method`
 * calls check it on the server and name it for the review. A refusal answers `{ error }`.
 */
export async function checkCard(
  tokenizer: CardTokenizer,
  address: CardBillingAddress,
  userId: number,
): Promise<CheckedCard | { error: string }> {
  const created = await tokenizer.createPaymentMethod(address);
  if ('error' in created) return created;
  const check = await validatePaymentMethod(created.id, userId);
  if (!check.success) return { error: check.error_message ?? 'This card cannot be used. Enter another card.' };
  const method = await fetchPaymentMethod(created.id);
  return { id: method.id, label: cardLabel(method), idempotencyKey: newIdempotencyKey() };
}
