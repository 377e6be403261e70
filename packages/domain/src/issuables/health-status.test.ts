import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import {
  GRAPHQL_HEALTH_STATUS,
  graphqlHealthStatus,
  HEALTH_STATUS_OF_GRAPHQL,
  HEALTH_STATUSES,
  isHealthStatus,
} from './health-status';

describe('health-status vocabulary', () => {
  it('maps every stored status to GraphQL and back, in GitLab order', () => {
    for (const status of HEALTH_STATUSES) expect(HEALTH_STATUS_OF_GRAPHQL[GRAPHQL_HEALTH_STATUS[status]]).toBe(status);
    expect(HEALTH_STATUS_OF_GRAPHQL).toEqual({
      onTrack: 'on_track',
      needsAttention: 'needs_attention',
      atRisk: 'at_risk',
    });
  });
});

describe('graphqlHealthStatus', () => {
  expectCases(graphqlHealthStatus, [
    ['on_track', 'onTrack'],
    ['needs_attention', 'needsAttention'],
    ['at_risk', 'atRisk'],
    [null, null],
    [undefined, null],
    ['On_Track', null],
    ['onTrack', null],
    ['constructor', null],
  ]);
});

describe('isHealthStatus', () => {
  expectCases(isHealthStatus, [
    ['at_risk', true],
    ['atRisk', false],
    ['', false],
    ['toString', false],
    [1, false],
  ]);
});
