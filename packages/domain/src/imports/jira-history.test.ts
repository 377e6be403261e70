import { describe, expect, it } from 'vitest';
import { type JiraHistoryChange, jiraHistoryLabelTitles, jiraHistoryNotes } from './jira-history';

const LABELS: Record<string, number> = {
  'status::To Do': 1,
  'status::In Progress': 2,
  'status::Done': 3,
  'priority::Medium': 4,
  'priority::High': 5,
  'sprint::Sprint 1': 6,
  'sprint::Sprint 2': 7,
  backend: 8,
  ui: 9,
};
const names = {
  labelId: (title: string) => LABELS[title],
  username: (id: string) => ({ 'acc-alice': 'alice', bob: 'bob' })[id],
  closed: (status: string) => status === 'Done',
};
const change = (field: string, before: string | null, after: string | null, from = null, to = null) =>
  ({ field, from, to, fromString: before, toString: after }) as JiraHistoryChange;

describe('jiraHistoryNotes', () => {
  it.each([
    ['status, opened to opened', [change('status', 'To Do', 'In Progress')], ['added ~2 label and removed ~1 label']],
    [
      'status to a closed one',
      [change('status', 'In Progress', 'Done')],
      ['added ~3 label and removed ~2 label', 'closed'],
    ],
    [
      'status back to an open one',
      [change('status', 'Done', 'To Do')],
      ['added ~1 label and removed ~3 label', 'reopened'],
    ],
    ['priority', [change('priority', 'Medium', 'High')], ['added ~5 label and removed ~4 label']],
    ['sprint added', [change('Sprint', null, 'Sprint 1')], ['added ~6 label']],
    [
      'sprint moved on (the last one counts)',
      [change('Sprint', 'Sprint 1', 'Sprint 1, Sprint 2')],
      ['added ~7 label and removed ~6 label'],
    ],
    ['labels', [change('labels', 'backend', 'backend ui')], ['added ~9 label']],
    ['labels removed', [change('labels', 'backend ui', '')], ['removed ~8 ~9 labels']],
    [
      'assignee by account id',
      [{ field: 'assignee', from: null, to: 'acc-alice', fromString: null, toString: 'Alice' }],
      ['assigned to @alice'],
    ],
    [
      'assignee changed',
      [{ field: 'assignee', from: 'acc-alice', to: 'bob', fromString: 'Alice', toString: 'Bob' }],
      ['assigned to @bob and unassigned @alice'],
    ],
    ['assignee not known here', [{ field: 'assignee', from: null, to: 'nobody', fromString: null, toString: 'X' }], []],
    ['fix version', [change('Fix Version', null, 'v1.0')], ['changed milestone to %"v1.0"']],
    ['fix version removed', [change('Fix Version', 'v1.0', null)], ['removed milestone']],
    ['summary', [change('summary', 'Old', 'New')], ['changed title from **Old** to **New**']],
    ['description', [change('description', 'a', 'b')], ['changed the description']],
    [
      'due date',
      [{ field: 'duedate', from: null, to: '2026-03-01', fromString: null, toString: '2026-03-01 00:00:00.0' }],
      ['changed due date to Mar 1, 2026'],
    ],
    ['a field with no note', [change('resolution', null, 'Done'), change('Rank', 'a', 'b')], []],
    [
      'several at once: labels first, then the state, then the rest',
      [change('summary', 'A', 'B'), change('status', 'To Do', 'Done'), change('priority', null, 'High')],
      ['added ~3 ~5 labels and removed ~1 label', 'closed', 'changed title from **A** to **B**'],
    ],
  ])('%s', (_name, changes, notes) => {
    expect(jiraHistoryNotes(changes, names)).toEqual(notes);
  });

  it('lists the label titles a history names', () => {
    expect(
      jiraHistoryLabelTitles([
        change('status', 'To Do', 'Done'),
        change('Sprint', 'Sprint 1', 'Sprint 1, Sprint 2'),
        change('labels', 'a', 'a b'),
        change('summary', 'x', 'y'),
      ]),
    ).toEqual(['status::To Do', 'status::Done', 'sprint::Sprint 1', 'sprint::Sprint 2', 'b']);
  });
});
