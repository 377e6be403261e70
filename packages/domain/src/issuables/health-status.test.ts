import { describe, expect, it } from 'vitest';
import {
  GRAPHQL_HEALTH_STATUS,
  graphqlHealthStatus,
  HEALTH_STATUS_OF_GRAPHQL,
  HEALTH_STATUSES,
  isHealthStatus,
} from './health-status';

describe('health-status vocabulary', () => {
  it('maps every stored status to GraphQL and back', () => {
    for (const status of HEALTH_STATUSES) {
      expect(HEALTH_STATUS_OF_GRAPHQL[GRAPHQL_HEALTH_STATUS[status]]).toBe(status);
    }
    expect(Object.keys(HEALTH_STATUS_OF_GRAPHQL)).toEqual(['onTrack', 'needsAttention', 'atRisk']);
  });

  it.each([
    ['on_track', 'onTrack'],
    ['needs_attention', 'needsAttention'],
    ['at_risk', 'atRisk'],
    [null, null],
    [undefined, null],
    ['', null],
    ['On_Track', null],
    ['onTrack', null],
    ['constructor', null],
  ])('graphqlHealthStatus(%j) is %j', (status, expected) => {
    expect(graphqlHealthStatus(status)).toBe(expected);
  });

  it.each([
    ['at_risk', true],
    ['atRisk', false],
    ['toString', false],
    [1, false],
  ])('isHealthStatus(%j) is %s', (value, expected) => {
    expect(isHealthStatus(value)).toBe(expected);
  });
});
