import { describe, expect, it } from 'vitest';
import {
  sarifResultSeverity,
  severityFromCvss,
  type VulnerabilityAction,
  type VulnerabilityState,
  vulnerabilityStateStamps,
  vulnerabilityTransition,
} from '.';

describe('vulnerabilityTransition (GitLab: 304 when the action changes nothing)', () => {
  const table: [VulnerabilityState, VulnerabilityAction, VulnerabilityState | 'not_modified'][] = [
    ['detected', 'confirm', 'confirmed'],
    ['detected', 'resolve', 'resolved'],
    ['detected', 'dismiss', 'dismissed'],
    ['detected', 'revert', 'not_modified'],
    ['confirmed', 'confirm', 'not_modified'],
    ['confirmed', 'resolve', 'resolved'],
    ['confirmed', 'dismiss', 'dismissed'],
    ['confirmed', 'revert', 'detected'],
    ['resolved', 'confirm', 'confirmed'],
    ['resolved', 'resolve', 'not_modified'],
    ['resolved', 'dismiss', 'dismissed'],
    ['resolved', 'revert', 'detected'],
    ['dismissed', 'confirm', 'confirmed'],
    ['dismissed', 'resolve', 'resolved'],
    ['dismissed', 'dismiss', 'not_modified'],
    ['dismissed', 'revert', 'detected'],
  ];
  it.each(table)('%s + %s → %s', (state, action, expected) => {
    const t = vulnerabilityTransition(state, action);
    if (expected === 'not_modified') expect(t).toEqual({ kind: 'not_modified', state });
    else expect(t).toEqual({ kind: 'change', from: state, to: expected });
  });

  it('stamps who and when entering a state, and clears them all on revert', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(vulnerabilityStateStamps('dismissed', 7, at)).toEqual({ dismissed_at: at, dismissed_by_id: 7 });
    expect(vulnerabilityStateStamps('detected', 7, at)).toMatchObject({ confirmed_at: null, dismissed_by_id: null });
  });
});

describe('SARIF severity', () => {
  it.each([
    [10, 'critical'],
    [9.0, 'critical'],
    ['8.9', 'high'],
    [7, 'high'],
    [6.9, 'medium'],
    [4, 'medium'],
    [3.9, 'low'],
    [0.1, 'low'],
    [0, 'info'],
    [-1, null],
    [10.5, null],
    ['high', null],
    ['', null],
    [null, null],
  ])('CVSS %s → %s', (score, expected) => {
    expect(severityFromCvss(score)).toBe(expected);
  });

  it.each([
    [undefined, 'error', 'high'],
    [undefined, 'warning', 'medium'],
    [undefined, 'note', 'low'],
    [undefined, 'none', 'info'],
    [undefined, undefined, 'medium'],
    ['9.8', 'note', 'critical'],
    ['not a score', 'error', 'high'],
  ])('security-severity %s, level %s → %s', (score, level, expected) => {
    expect(sarifResultSeverity(score, level)).toBe(expected);
  });
});
