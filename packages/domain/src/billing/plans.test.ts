import { describe, expect, it } from 'vitest';
import { isBillableAccessLevel, PLANS, seatsOwed } from './plans';

describe('isBillableAccessLevel', () => {
  it.each([
    // plan, highest role, billable
    ['free', 5, false],
    ['free', 10, true],
    ['free', 15, true],
    ['premium', 10, true],
    ['premium_trial', 10, true],
    ['ultimate', 10, false],
    ['ultimate', 15, true],
    ['ultimate', 50, true],
    ['ultimate_trial', 10, false],
    ['ultimate_trial', 20, true],
  ] as const)('%s, role %i: %s', (plan, level, billable) => {
    expect(isBillableAccessLevel(level, PLANS[plan])).toBe(billable);
  });
});

describe('seatsOwed', () => {
  it.each([
    ['premium', 12, 10, 2],
    ['premium', 8, 10, 0],
    ['ultimate', 11, 10, 1],
    ['free', 30, 0, 0],
    ['ultimate_trial', 30, 10, 0],
  ] as const)('%s, max %i used of %i bought: owes %i', (plan, max, bought, owed) => {
    expect(seatsOwed(PLANS[plan], max, bought)).toBe(owed);
  });
});
