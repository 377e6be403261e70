import { describe, expect, it } from 'vitest';
import {
  assigneesChangedNote,
  discussionLockNote,
  dueDateChangedNote,
  healthStatusChangedNote,
  inverseIssueLinkKind,
  issueLinkNote,
  issueUnlinkNote,
  labelsChangedNote,
  labelTitlesChangedNote,
  reviewersChangedNote,
  stateChangedNote,
  weightChangedNote,
} from './change-notes';

describe('labelsChangedNote', () => {
  it.each([
    [[1], [], 'added ~1 label'],
    [[1, 2], [], 'added ~1 ~2 labels'],
    [[], [3], 'removed ~3 label'],
    [[1], [3, 4], 'added ~1 label and removed ~3 ~4 labels'],
    [[], [], null],
  ])('%o %o', (added, removed, note) => {
    expect(labelsChangedNote(added, removed)).toBe(note);
  });
});

describe('labelTitlesChangedNote', () => {
  it.each([
    [['bug'], [], 'added ~bug label'],
    [['bug', 'a b'], [], 'added ~bug ~"a b" labels'],
    [[], ['scope::x'], 'removed ~"scope::x" label'],
    [['a'], ['b', 'c'], 'added ~a label and removed ~b ~c labels'],
    [[], [], null],
  ])('%o %o', (added, removed, note) => {
    expect(labelTitlesChangedNote(added, removed)).toBe(note);
  });
});

describe('stateChangedNote', () => {
  it.each([
    ['closed', 'closed'],
    ['opened', 'reopened'],
    ['reopened', 'reopened'],
    ['merged', null],
    ['locked', null],
  ])('%s → %s', (state, note) => {
    expect(stateChangedNote(state)).toBe(note);
  });
});

describe('assigneesChangedNote and reviewersChangedNote', () => {
  it.each([
    [['a'], [], 'assigned to @a', 'requested review from @a'],
    [['a', 'b', 'c'], [], 'assigned to @a, @b, and @c', 'requested review from @a, @b, and @c'],
    [[], ['c'], 'unassigned @c', 'removed review request for @c'],
    [['a'], ['c'], 'assigned to @a and unassigned @c', 'requested review from @a and removed review request for @c'],
    [[], [], null, null],
  ])('%o %o', (added, removed, assignees, reviewers) => {
    expect(assigneesChangedNote(added, removed)).toBe(assignees);
    expect(reviewersChangedNote(added, removed)).toBe(reviewers);
  });
});

describe('single-field notes', () => {
  it.each([
    [dueDateChangedNote('2026-12-01'), 'changed due date to Dec 1, 2026'],
    [dueDateChangedNote(null), 'removed due date'],
    [weightChangedNote(3), 'changed weight to **3**'],
    [weightChangedNote(0), 'changed weight to **0**'],
    [weightChangedNote(null), 'removed the weight'],
    [healthStatusChangedNote('at_risk'), 'changed health status to **at risk**'],
    [healthStatusChangedNote(null), 'removed the health status'],
    [discussionLockNote(true, 'merge request'), 'locked the discussion in this merge request'],
    [discussionLockNote(false, 'issue'), 'unlocked the discussion in this issue'],
    [issueLinkNote('relates_to', '#2'), 'marked this issue as related to #2'],
    [issueLinkNote('blocks', 'api#2'), 'marked this issue as blocking api#2'],
    [issueLinkNote('is_blocked_by', 'acme/web#1'), 'marked this issue as blocked by acme/web#1'],
    [issueLinkNote(inverseIssueLinkKind('blocks'), '#1'), 'marked this issue as blocked by #1'],
    [issueLinkNote(inverseIssueLinkKind('is_blocked_by'), '#1'), 'marked this issue as blocking #1'],
    [issueLinkNote(inverseIssueLinkKind('relates_to'), '#1'), 'marked this issue as related to #1'],
    [issueUnlinkNote('#2'), 'removed the relation with #2'],
  ])('%s', (note, expected) => {
    expect(note).toBe(expected);
  });
});
