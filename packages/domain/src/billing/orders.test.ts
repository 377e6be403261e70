import { describe, expect, it } from 'vitest';
import { invoiceNumber, orderAmountCents, termsAfterPayment } from './orders';

describe('invoiceNumber', () => {
  it.each([
    [1, 2026, 'INV-2026-000001'],
    [42, 2027, 'INV-2027-000042'],
    [1234567, 2026, 'INV-2026-1234567'],
  ])('order %i in %i: %s', (id, year, expected) => {
    expect(invoiceNumber(id, year)).toBe(expected);
  });
});

describe('orderAmountCents', () => {
  it.each([
    ['premium', 1, 34_800],
    ['premium', 5, 174_000],
    ['ultimate', 3, 356_400],
  ] as const)('%s × %i seats: %i cents', (plan, seats, expected) => {
    expect(orderAmountCents(plan, seats)).toBe(expected);
  });
});

describe('termsAfterPayment', () => {
  const today = '2026-11-29';
  const free = { plan_code: 'free', seats: 0, start_date: null, end_date: null };
  const premium = { plan_code: 'premium', seats: 10, start_date: '2026-06-01', end_date: '2027-06-01' };
  it.each([
    [
      'a first plan starts a year from today',
      free,
      'premium',
      5,
      { plan_code: 'premium', seats: 5, start_date: today, end_date: '2027-11-29' },
    ],
    ['more seats of the running plan keep its term', premium, 'premium', 5, { ...premium, seats: 15 }],
    [
      'on its last day it still runs',
      { ...premium, end_date: today },
      'premium',
      1,
      { ...premium, end_date: today, seats: 11 },
    ],
    [
      'an ended plan starts anew',
      { ...premium, end_date: '2026-11-28' },
      'premium',
      3,
      { plan_code: 'premium', seats: 3, start_date: today, end_date: '2027-11-29' },
    ],
    [
      'another plan starts anew with its seats',
      premium,
      'ultimate',
      12,
      { plan_code: 'ultimate', seats: 12, start_date: today, end_date: '2027-11-29' },
    ],
    [
      'a trial is replaced',
      { ...premium, plan_code: 'premium_trial' },
      'premium',
      4,
      { plan_code: 'premium', seats: 4, start_date: today, end_date: '2027-11-29' },
    ],
  ] as const)('%s', (_name, current, plan, seats, expected) => {
    expect(termsAfterPayment(current, { plan_code: plan, seats }, today)).toEqual(expected);
  });

  it('ends on the last day of a shorter month a year on', () => {
    expect(termsAfterPayment(free, { plan_code: 'ultimate', seats: 1 }, '2028-02-29').end_date).toBe('2029-02-28');
  });
});
