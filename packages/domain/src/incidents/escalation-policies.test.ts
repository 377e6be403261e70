import { describe, expect, it } from 'vitest';
import {
  ESCALATION_POLICY_ERRORS as E,
  type EscalationRuleDraft,
  escalationDueAt,
  escalationRulesError,
  pagedViaEscalationNote,
  ruleStillPages,
  rulesStillPaging,
} from './escalation-policies';

const rule = (over: Partial<EscalationRuleDraft> = {}): EscalationRuleDraft => ({
  status: 'acknowledged',
  elapsedTimeSeconds: 300,
  username: 'alice',
  ...over,
});

describe('escalationRulesError', () => {
  const cases: [string, EscalationRuleDraft[], string | null][] = [
    ['one user rule', [rule()], null],
    ['no rules', [], E.noRules],
    ['eleven rules', Array.from({ length: 11 }, (_, i) => rule({ elapsedTimeSeconds: i })), E.tooManyRules],
    ['ten rules', Array.from({ length: 10 }, (_, i) => rule({ elapsedTimeSeconds: i })), null],
    ['neither user nor schedule', [rule({ username: null })], E.noTarget],
    ['a schedule (none exist here)', [rule({ username: null, oncallScheduleIid: '1' })], E.badSchedules],
    ['negative time', [rule({ elapsedTimeSeconds: -1 })], E.elapsedTime],
    ['past a day', [rule({ elapsedTimeSeconds: 86_401 })], E.elapsedTime],
    ['a day exactly', [rule({ elapsedTimeSeconds: 86_400 })], null],
    ['a fraction', [rule({ elapsedTimeSeconds: 1.5 })], E.elapsedTime],
    ['the same rule twice, any case', [rule(), rule({ username: 'ALICE' })], E.duplicateRules],
    ['same user, other status', [rule(), rule({ status: 'resolved' })], null],
  ];
  it.each(cases)('%s', (_name, rules, expected) => expect(escalationRulesError(rules)).toBe(expected));
});

describe('ruleStillPages: acknowledging or resolving stops paging', () => {
  const cases: [Parameters<typeof ruleStillPages>[0], Parameters<typeof ruleStillPages>[1], boolean][] = [
    ['triggered', 'acknowledged', true],
    ['triggered', 'resolved', true],
    ['acknowledged', 'acknowledged', false],
    ['acknowledged', 'resolved', true],
    ['resolved', 'acknowledged', false],
    ['resolved', 'resolved', false],
    ['ignored', 'resolved', false],
  ];
  it.each(cases)('%s incident, rule until %s → %s', (status, ruleStatus, pages) =>
    expect(ruleStillPages(status, ruleStatus)).toBe(pages),
  );
  it('keeps the rules not yet reached', () => {
    const rules = [
      { id: 1, status: 'acknowledged' as const },
      { id: 2, status: 'resolved' as const },
    ];
    expect(rulesStillPaging('acknowledged', rules).map((r) => r.id)).toEqual([2]);
  });
});

describe('paging', () => {
  it('is due the elapsed time after the start', () =>
    expect(escalationDueAt(new Date('2026-11-30T10:00:00Z'), 90).toISOString()).toBe('2026-11-30T10:01:30.000Z'));
  it('writes GitLab’s note', () => {
    expect(pagedViaEscalationNote(['alice'], 'On call')).toBe(
      'notified @alice of this incident via escalation policy **On call**',
    );
    expect(pagedViaEscalationNote(['a', 'b', 'c'], 'P')).toBe(
      'notified @a, @b and @c of this incident via escalation policy **P**',
    );
  });
});
