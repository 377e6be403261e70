/**
 * The cards of the Stripe stand-in (`stripe-stand-in.ts`), after Stripe's documented test cards:
 * its ready-made PaymentMethods (`pm_card_visa` …) and the test card numbers a browser's
 * `stripe.createPaymentMethod` sends (`4242 4242 4242 4242` …), with how each one's charge ends.
 */
export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

export interface StandInCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** How a charge on it is refused; none: it pays. */
  decline?: Decline;
}

const YEAR = new Date().getUTCFullYear();
const GENERIC_DECLINE: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/** Stripe's test PaymentMethods, and `pm_card_expired` of the stand-in's own (its expiry is past). */
export const READY_METHODS: Record<string, StandInCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: YEAR + 3 },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: YEAR + 2 },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: YEAR + 3, decline: GENERIC_DECLINE },
  pm_card_expired: { brand: 'visa', last4: '0069', exp_month: 1, exp_year: YEAR - 1 },
};

/** Stripe's test card numbers: how a charge on each ends (any other valid number pays). */
const TEST_NUMBERS: Record<string, Decline | undefined> = {
  '4242424242424242': undefined,
  '5555555555554444': undefined,
  '4000000000000002': GENERIC_DECLINE,
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
};

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's `card_error` for card details it refuses when the PaymentMethod is created. */
export interface CardDetailsError {
  code: string;
  param: string;
  message: string;
}

/**
 * The card of `POST /v1/payment_methods` (`card[number]`, `card[exp_month]`, `card[exp_year]`,
 * `card[cvc]`), checked as Stripe checks it before any charge: the number, the expiry, the CVC.
 */
export function cardFromForm(form: URLSearchParams): StandInCard | CardDetailsError {
  const number = (form.get('card[number]') ?? '').replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' };
  }
  const month = Number(form.get('card[exp_month]'));
  const rawYear = Number(form.get('card[exp_year]'));
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { code: 'invalid_expiry_month', param: 'exp_month', message: "Your card's expiration month is invalid." };
  }
  const now = new Date();
  if (!Number.isInteger(year) || year < now.getUTCFullYear()) {
    return { code: 'invalid_expiry_year', param: 'exp_year', message: "Your card's expiration year is in the past." };
  }
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1) {
    return { code: 'invalid_expiry_month', param: 'exp_month', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? '')) {
    return { code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." };
  }
  const decline = TEST_NUMBERS[number];
  return {
    brand: brandOf(number),
    last4: number.slice(-4),
    exp_month: month,
    exp_year: year,
    ...(decline ? { decline } : {}),
  };
}
