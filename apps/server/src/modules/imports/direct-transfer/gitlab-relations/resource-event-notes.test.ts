import { describe, expect, it } from 'vitest';
import { type GlLabelEvent, type GlStateEvent, glLabelEvent, glMilestoneEvent, glStateEvent } from './relation-lines';
import { labelEventNotes, milestoneEventNotes, stateEventNotes } from './resource-event-notes';

const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';
const label = (action: 'add' | 'remove', title: string, user_id = 1, created_at = at): GlLabelEvent =>
  glLabelEvent.parse({ action, label: { title }, user_id, created_at });
const state = (value: string): GlStateEvent => glStateEvent.parse({ state: value, user_id: 1, created_at: at });

describe('GitLab state events as system notes', () => {
  it.each([
    ['closed', 'closed'],
    ['reopened', 'reopened'],
    ['opened', 'reopened'],
  ])('%s → %s, as Meridian words it', (value, note) => {
    const skips: string[] = [];
    expect(stateEventNotes([state(value)], 'Issue:g/p:1', skips)).toEqual([
      { note, userId: 1, at, seed: 'state:Issue:g/p:1:0' },
    ]);
    expect(skips).toEqual([]);
  });

  it.each(['merged', 'locked'])('skips %s with the reason', (value) => {
    const skips: string[] = [];
    expect(stateEventNotes([state('closed'), state(value)], 'k', skips)).toHaveLength(1);
    expect(skips).toEqual([`state event 2: ${value} is not a state of an issue or epic`]);
  });
});

describe('GitLab label events as system notes', () => {
  it.each([
    ['one label added', [label('add', 'bug')], ['added ~bug label']],
    ['one label removed', [label('remove', 'bug')], ['removed ~bug label']],
    ['a title with a space', [label('add', 'a b')], ['added ~"a b" label']],
    ['a scoped label', [label('add', 'status::done')], ['added ~"status::done" label']],
    ['a title with a quote', [label('add', 'say "hi"')], ['added ~"say \\"hi\\"" label']],
    [
      'the events of one person at one moment, as one note',
      [label('add', 'a'), label('add', 'b'), label('remove', 'c')],
      ['added ~a ~b labels and removed ~c label'],
    ],
    [
      'two moments, two notes',
      [label('add', 'a'), label('remove', 'a', 1, later)],
      ['added ~a label', 'removed ~a label'],
    ],
    ['two people, two notes', [label('add', 'a', 1), label('add', 'b', 2)], ['added ~a label', 'added ~b label']],
    ['no events, no notes', [], []],
  ])('%s', (_name, events, notes) => {
    expect(labelEventNotes(events, 'k').map((n) => n.note)).toEqual(notes);
  });

  it('dates a note by its first event and seeds its thread by its key and place', () => {
    const events = [label('add', 'a', 1, later), label('add', 'b', 2), label('remove', 'c', 1, later)];
    expect(labelEventNotes(events, 'Epic:g:3')).toEqual([
      { note: 'added ~a label and removed ~c label', userId: 1, at: later, seed: 'label:Epic:g:3:0' },
      { note: 'added ~b label', userId: 2, at, seed: 'label:Epic:g:3:1' },
    ]);
  });
});

describe('GitLab milestone events as system notes', () => {
  const milestone = (action: 'add' | 'remove', title?: string) =>
    glMilestoneEvent.parse({ action, ...(title ? { milestone: { title } } : {}), user_id: 2, created_at: at });

  it.each([
    ['a milestone set', milestone('add', 'v1'), 'changed milestone to %"v1"'],
    ['a title with a quote', milestone('add', 'say "hi"'), 'changed milestone to %"say \\"hi\\""'],
    ['the milestone removed', milestone('remove', 'v1'), 'removed milestone'],
    ['removed, the milestone deleted since', milestone('remove'), 'removed milestone'],
  ])('%s', (_name, event, note) => {
    const skips: string[] = [];
    expect(milestoneEventNotes([event], 'Issue:g/p:1', skips)).toEqual([
      { note, userId: 2, at, seed: 'milestone:Issue:g/p:1:0' },
    ]);
    expect(skips).toEqual([]);
  });

  it('skips a milestone set that names no milestone, with the reason', () => {
    const skips: string[] = [];
    expect(milestoneEventNotes([milestone('add')], 'k', skips)).toEqual([]);
    expect(skips).toEqual(['milestone event 1: it names no milestone']);
  });
});
