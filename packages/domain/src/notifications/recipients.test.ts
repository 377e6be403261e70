import { describe, expect, it } from 'vitest';
import type { CustomNotificationEvent } from './levels';
import { isNotifiable, type RecipientCandidate, selectRecipients } from './recipients';

const base: RecipientCandidate = {
  reason: 'participating',
  level: 'participating',
  events: {},
  unsubscribed: false,
  canRead: true,
  isActor: false,
};

type Row = [string, Partial<RecipientCandidate>, CustomNotificationEvent | null, boolean];

describe('isNotifiable: GitLab recipient rules', () => {
  it.each<Row>([
    ['participant at participating', {}, 'new_note', true],
    ['participant at mention level', { level: 'mention' }, 'new_note', false],
    ['mentioned at mention level', { reason: 'mention', level: 'mention' }, 'new_note', true],
    ['mentioned at mention level, mention email', { reason: 'mention', level: 'mention' }, null, true],
    ['participant at disabled', { level: 'disabled' }, 'new_note', false],
    ['mentioned at disabled', { reason: 'mention', level: 'disabled' }, 'new_note', false],
    [
      'subscribed at disabled (a manual subscription wins)',
      { reason: 'subscription', level: 'disabled' },
      'new_note',
      true,
    ],
    ['subscribed but unsubscribed', { reason: 'subscription', unsubscribed: true }, 'new_note', false],
    ['participant who unsubscribed', { unsubscribed: true }, 'close_issue', false],
    ['mentioned although unsubscribed', { reason: 'mention', unsubscribed: true }, 'new_note', true],
    ['the author of the event', { isActor: true }, 'new_note', false],
    ['the author, mentioning themself', { reason: 'mention', isActor: true }, 'new_note', false],
    ['cannot read the item (confidential, internal note)', { canRead: false }, 'new_note', false],
    ['mentioned but cannot read', { reason: 'mention', canRead: false }, 'new_note', false],
    ['subscribed but cannot read', { reason: 'subscription', canRead: false }, 'new_note', false],
    ['watcher at watch', { reason: 'watch', level: 'watch' }, 'new_issue', true],
    ['watcher: excluded watcher event', { reason: 'watch', level: 'watch' }, 'issue_due', false],
    ['watcher whose project level is participating', { reason: 'watch', level: 'participating' }, 'new_issue', false],
    ['watcher whose project level is disabled', { reason: 'watch', level: 'disabled' }, 'new_issue', false],
    [
      'watcher who unsubscribed from the item',
      { reason: 'watch', level: 'watch', unsubscribed: true },
      'new_note',
      false,
    ],
    ['custom with the event on', { reason: 'watch', level: 'custom', events: { new_issue: true } }, 'new_issue', true],
    [
      'custom with the event off',
      { reason: 'watch', level: 'custom', events: { new_issue: false } },
      'new_issue',
      false,
    ],
    ['custom, another event on', { reason: 'watch', level: 'custom', events: { new_note: true } }, 'new_issue', false],
    ['custom participant without the event', { level: 'custom' }, 'close_issue', true],
    [
      'custom: excluded watcher event switched on',
      { reason: 'watch', level: 'custom', events: { issue_due: true } },
      'issue_due',
      true,
    ],
  ])('%s', (_name, overrides, action, expected) => {
    expect(isNotifiable({ ...base, ...overrides }, action)).toBe(expected);
  });
});

describe('selectRecipients', () => {
  it('mails a user once when any of their entries passes, ids ascending', () => {
    const candidates = [
      { ...base, userId: 7, level: 'mention' as const },
      { ...base, userId: 7, reason: 'mention' as const, level: 'mention' as const },
      { ...base, userId: 3 },
      { ...base, userId: 5, level: 'disabled' as const },
      { ...base, userId: 2, isActor: true },
    ];
    expect(selectRecipients(candidates, 'new_note')).toEqual([3, 7]);
  });
});
