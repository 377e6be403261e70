import { describe, expect, it } from 'vitest';
import { glIssue, glIterationEvent, glMember, glMilestoneEvent, glNote } from './relation-lines';

const at = '2025-01-01T00:00:00.000Z';
const base = { iid: 1, title: 'T', state: 'opened', created_at: at, updated_at: at };

/** GitLab's relation lines are checked before any mapping: hostile input is normal input. */
describe('relation line schemas', () => {
  it.each([
    ['a title of the wrong type', { title: 5 }],
    ['a title past 255 characters', { title: 'x'.repeat(256) }],
    ['a description past 1 MiB', { description: 'x'.repeat(1_048_577) }],
    ['an unknown state', { state: 'locked' }],
    ['a negative iid', { iid: -1 }],
    ['a date that is not one', { due_date: '2025-13-45' }],
    ['notes that are not a list', { notes: 'x' }],
  ])('refuses an issue line with %s', (_name, extra) => {
    expect(glIssue.safeParse({ ...base, ...extra }).success).toBe(false);
  });

  it.each([
    ['a member without a username', { access_level: 30, created_at: at, user: { id: 1 } }],
    [
      'a member with a username past 255',
      { access_level: 30, created_at: at, user: { id: 1, username: 'u'.repeat(256) } },
    ],
    [
      'a member with an access level out of range',
      { access_level: 1000, created_at: at, user: { id: 1, username: 'u' } },
    ],
  ])('refuses %s', (_name, line) => {
    expect(glMember.safeParse(line).success).toBe(false);
  });

  it('refuses a note whose thread id is past 64 characters, and a list of more than 100,000 notes', () => {
    expect(
      glNote.safeParse({ id: 1, note: 'n', discussion_id: 'd'.repeat(65), created_at: at, updated_at: at }).success,
    ).toBe(false);
    expect(glIssue.safeParse({ ...base, notes: new Array(100_001).fill(null) }).success).toBe(false);
  });

  it.each([
    [
      'an iteration whose cadence title is past 255',
      { iteration: { iid: 1, iterations_cadence: { title: 'c'.repeat(256) } } },
    ],
    ['an iteration of a negative iid', { iteration: { iid: -1 } }],
    ['an iteration date that is not one', { iteration: { iid: 1, start_date: '2025-02-30x' } }],
    ['more than 100,000 milestone events', { resource_milestone_events: new Array(100_001).fill(null) }],
    ['iteration events that are not a list', { resource_iteration_events: {} }],
  ])('refuses an issue line with %s', (_name, extra) => {
    expect(glIssue.safeParse({ ...base, ...extra }).success).toBe(false);
  });

  it.each([
    [glMilestoneEvent, { action: 'add', milestone: { title: 'm'.repeat(256) }, created_at: at }],
    [glMilestoneEvent, { action: 'rename', created_at: at }],
    [glIterationEvent, { action: 'add', iteration: { iid: 'one' }, created_at: at }],
    [glIterationEvent, { action: 'add', created_at: 'yesterday' }],
  ])('refuses a resource event out of shape (%#)', (schema, line) => {
    expect(schema.safeParse(line).success).toBe(false);
  });

  it('drops keys it does not read', () => {
    expect(glIssue.parse({ ...base, merge_requests_count: 3, moved_to_id: 9 })).not.toHaveProperty('moved_to_id');
  });
});
