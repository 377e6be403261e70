import type { CardBillingAddress } from './cardPayment';
import type { Customer } from './purchaseApi';

export interface PurchaseDraft {
  seats: string;
  company: string;
  country: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

export const EMPTY_DRAFT: PurchaseDraft = {
  seats: '1',
  company: '',
  country: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
};

export type DraftErrors = Partial<Record<keyof PurchaseDraft, string>>;

/** The form's own checks, before the server's: what is missing or out of range, by field. */
export function draftErrors(draft: PurchaseDraft, countryHasStates: boolean): DraftErrors {
  const errors: DraftErrors = {};
  const seats = Number(draft.seats);
  if (!/^\d{1,7}$/.test(draft.seats.trim()) || seats < 1 || seats > 1_000_000)
    errors.seats = 'Enter a whole number of seats from 1 to 1,000,000.';
  if (!draft.country) errors.country = 'Select a country.';
  if (!draft.address1.trim()) errors.address1 = 'Enter the street address.';
  if (!draft.city.trim()) errors.city = 'Enter the city.';
  if (countryHasStates && !draft.state) errors.state = 'Select a state or province.';
  if (!draft.zip.trim()) errors.zip = 'Enter the postal code.';
  return errors;
}

export function customerOf(draft: PurchaseDraft): Customer {
  return {
    country: draft.country,
    address_1: draft.address1.trim(),
    ...(draft.address2.trim() ? { address_2: draft.address2.trim() } : {}),
    city: draft.city.trim(),
    ...(draft.state ? { state: draft.state } : {}),
    zip_code: draft.zip.trim(),
    ...(draft.company.trim() ? { company: draft.company.trim() } : {}),
  };
}

/** The billing address as Stripe.js sends it with the card (`billing_details.address`). */
export function billingAddressOf(draft: PurchaseDraft): CardBillingAddress {
  return {
    line1: draft.address1.trim(),
    ...(draft.address2.trim() ? { line2: draft.address2.trim() } : {}),
    city: draft.city.trim(),
    ...(draft.state ? { state: draft.state } : {}),
    postal_code: draft.zip.trim(),
    country: draft.country,
  };
}
