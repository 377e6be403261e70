import { describe, expect, it } from 'vitest';
import { healthStatusText } from '../issuables/health-status';
import { referenceSummaryParts } from './health-status';

describe('healthStatusText', () => {
  it.each([
    ['on_track', 'On track'],
    ['needs_attention', 'Needs attention'],
    ['at_risk', 'At risk'],
    [null, null],
    ['toString', null],
    ['', null],
  ])('%s → %s', (status, text) => {
    expect(healthStatusText(status)).toBe(text);
  });
});

describe('referenceSummaryParts', () => {
  it.each([
    [{ assignees: [], milestone: null, healthStatus: null }, []],
    [{ assignees: ['alice', 'bob'], milestone: null, healthStatus: null }, ['@alice, @bob']],
    [{ assignees: [], milestone: 'v1.0', healthStatus: 'at_risk' }, ['v1.0', 'At risk']],
    [{ assignees: ['alice'], milestone: 'v1.0', healthStatus: 'on_track' }, ['@alice', 'v1.0', 'On track']],
  ])('%o', (item, parts) => {
    expect(referenceSummaryParts(item)).toEqual(parts);
  });
});
