import { describe, expect, it } from 'vitest';
import { glEpic, glIssue } from './relation-lines';
import { linkedGroupLabels, type MapContext, mapEpic, mapIssue } from './relation-mapping';

/** A context whose people are 1 → alice and 2 → bob; anyone else is `ghost-<id>`; groups 10 → top, 11 → top/sub. */
function context(): MapContext & { notes: number } {
  const ctx = {
    notes: 0,
    user: (id: number | null | undefined) => (id == null ? null : ({ 1: 'alice', 2: 'bob' }[id] ?? `ghost-${id}`)),
    groupPath: (id: number | null | undefined) => (id == null ? undefined : { 10: 'top', 11: 'top/sub' }[id]),
    nextNoteId: () => ++ctx.notes,
  };
  return ctx;
}
const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';
const base = { iid: 1, title: 'T', state: 'opened', created_at: at, updated_at: later };
const kinds = (items: { kind: string }[]) => items.map((i) => i.kind);

describe('GitLab relation lines as archive records: epics and issues with their history', () => {
  it.each([
    ['an epic without parent', {}, { parent: null, labels: [], closed_at: null }],
    ['a child epic of the same group', { parent: { iid: 7, group_id: 10 } }, { parent: { group_path: 'top', iid: 7 } }],
    [
      'a child of an epic in another imported group',
      { parent: { iid: 2, group_id: 11 } },
      { parent: { group_path: 'top/sub', iid: 2 } },
    ],
    ['a closed epic without closed_at', { state: 'closed', closed_by_id: 2 }, { closed_at: later, closed_by: 'bob' }],
    [
      'an epic with label links',
      { label_links: [{ label: { title: 'bug' } }, { label: { title: 'bug' } }] },
      { labels: ['bug'] },
    ],
  ])('maps %s', (_name, extra, expected) => {
    const { items } = mapEpic(glEpic.parse({ ...base, author_id: 1, ...extra }), 'top', context());
    expect(items[0]).toEqual({
      kind: 'epics',
      record: expect.objectContaining({ group_path: 'top', iid: 1, author: 'alice', ...expected }),
    });
  });

  it("writes an epic's history as an issue's: its emoji and its notes' on them, its events in Meridian's words", () => {
    const line = glEpic.parse({
      ...base,
      award_emoji: [{ name: 'rocket', user_id: 2, created_at: at }],
      notes: [
        {
          id: 5,
          note: 'plan',
          created_at: at,
          updated_at: at,
          award_emoji: [{ name: 'eyes', user_id: 1, created_at: at }],
        },
      ],
      resource_state_events: [{ state: 'closed', user_id: 2, created_at: later }],
      resource_label_events: [
        { action: 'add', label: { title: 'team::a' }, user_id: 1, created_at: at },
        { action: 'remove', label: { title: 'old' }, user_id: 1, created_at: at },
      ],
    });
    const records = mapEpic(line, 'top', context()).items.map((i) => i.record);
    const epic = { group_path: 'top', iid: 1 };
    expect(records.slice(1)).toEqual([
      expect.objectContaining({ id: 1, note: 'plan', system: false, noteable_type: 'Epic', noteable: epic }),
      expect.objectContaining({ name: 'eyes', user: 'alice', awardable_type: 'Note', awardable: { note_id: 1 } }),
      expect.objectContaining({ id: 2, note: 'closed', system: true, author: 'bob', created_at: later }),
      expect.objectContaining({ id: 3, note: 'added ~"team::a" label and removed ~old label', author: 'alice' }),
      expect.objectContaining({ name: 'rocket', user: 'bob', awardable_type: 'Epic', awardable: epic }),
    ]);
  });

  it.each([
    ['a plain issue', {}, ['issues'], { issue_type: 'issue', milestone: null, assignees: [] }],
    [
      'the work item type before the older issue_type',
      { issue_type: 'task', work_item_type: { base_type: 'issue' } },
      ['issues'],
      { issue_type: 'issue' },
    ],
    ['an objective', { work_item_type: { base_type: 'objective' } }, ['issues'], { issue_type: 'objective' }],
    [
      'an iteration of an imported group',
      {
        iteration: {
          iid: 2,
          start_date: '2025-01-20',
          due_date: '2025-02-02',
          group_id: 11,
          iterations_cadence: { title: 'Sprints' },
        },
      },
      ['issues'],
      { iteration: { group_path: 'top/sub', iid: 2 } },
    ],
    ['no iteration', { iteration: null }, ['issues'], { iteration: null }],
    [
      'assignees, known and not',
      { issue_assignees: [{ user_id: 2 }, { user_id: 5 }, { user_id: 2 }] },
      ['issues'],
      { assignees: ['bob', 'ghost-5'] },
    ],
    [
      'a group milestone',
      { milestone: { iid: 3, title: 'Q1', group_id: 10 } },
      ['issues'],
      { milestone: { group_path: 'top', project_path: null, iid: 3, title: 'Q1' } },
    ],
    [
      'a project milestone',
      { milestone: { iid: 1, title: 'v1', project_id: 9 } },
      ['issues'],
      { milestone: { group_path: null, project_path: 'top/p', iid: 1, title: 'v1' } },
    ],
    [
      'a closed issue',
      { state: 'closed', closed_at: at, closed_by_id: 1 },
      ['issues'],
      { closed_at: at, closed_by: 'alice' },
    ],
    [
      'an issue in an epic',
      { epic_issue: { epic: { iid: 2, group_id: 10 }, relative_position: 5 } },
      ['issues', 'epic_issues'],
      {},
    ],
    ['time logs', { timelogs: [{ time_spent: 60, user_id: 1, created_at: at }] }, ['issues', 'timelogs'], {}],
    [
      'a comment and a system note',
      {
        notes: [
          { id: 9, note: 'hi', author_id: 2, created_at: at, updated_at: at },
          { id: 10, note: 'closed', system: true, author_id: 1, created_at: at, updated_at: at },
        ],
      },
      ['issues', 'notes', 'notes'],
      {},
    ],
    [
      'emoji on the issue and on a note',
      {
        award_emoji: [{ name: 'thumbsup', user_id: 1, created_at: at }],
        notes: [
          {
            id: 9,
            note: 'hi',
            created_at: at,
            updated_at: at,
            award_emoji: [{ name: 'eyes', user_id: 2, created_at: at }],
          },
        ],
      },
      ['issues', 'notes', 'award_emoji', 'award_emoji'],
      {},
    ],
    [
      'state events as system notes',
      {
        resource_state_events: [
          { state: 'closed', user_id: 1, created_at: at },
          { state: 'reopened', user_id: 2, created_at: later },
        ],
      },
      ['issues', 'notes', 'notes'],
      {},
    ],
    [
      'milestone events as system notes',
      {
        resource_milestone_events: [
          { action: 'add', milestone: { title: 'v1' }, user_id: 1, created_at: at },
          { action: 'remove', milestone: { title: 'v1' }, user_id: 1, created_at: later },
        ],
      },
      ['issues', 'notes', 'notes'],
      {},
    ],
    [
      'label events as system notes',
      { resource_label_events: [{ action: 'add', label: { title: 'a b' }, user_id: 1, created_at: at }] },
      ['issues', 'notes'],
      {},
    ],
    [
      'milestone and iteration events as system notes',
      {
        resource_milestone_events: [{ action: 'add', milestone: { iid: 1, title: 'v1' }, user_id: 1, created_at: at }],
        resource_iteration_events: [{ action: 'remove', iteration: { iid: 1 }, user_id: 2, created_at: at }],
      },
      ['issues', 'notes', 'notes'],
      {},
    ],
  ])('maps %s', (_name, extra, expectedKinds, expected) => {
    const { items, skips } = mapIssue(glIssue.parse({ ...base, author_id: 1, ...extra }), 'top/p', context());
    expect(skips).toEqual([]);
    expect(kinds(items)).toEqual(expectedKinds);
    expect(items[0]?.record).toMatchObject({ project_path: 'top/p', iid: 1, author: 'alice', ...expected });
  });

  it('writes history as notes: system flags, authors, the emoji on the note it belongs to', () => {
    const line = glIssue.parse({
      ...base,
      notes: [
        {
          id: 900,
          note: 'hi',
          author_id: 2,
          created_at: at,
          updated_at: at,
          award_emoji: [{ name: 'eyes', user_id: 1, created_at: at }],
        },
      ],
      resource_state_events: [{ state: 'closed', user_id: 1, created_at: later }],
      resource_label_events: [{ action: 'remove', label: { title: 'bug' }, user_id: 2, created_at: later }],
    });
    const records = mapIssue(line, 'top/p', context()).items.map((i) => i.record);
    expect(records.slice(1)).toEqual([
      expect.objectContaining({
        id: 1,
        note: 'hi',
        system: false,
        author: 'bob',
        noteable: { project_path: 'top/p', iid: 1 },
      }),
      expect.objectContaining({ name: 'eyes', user: 'alice', awardable_type: 'Note', awardable: { note_id: 1 } }),
      expect.objectContaining({ id: 2, note: 'closed', system: true, author: 'alice', created_at: later }),
      expect.objectContaining({ id: 3, note: 'removed ~bug label', system: true, author: 'bob' }),
    ]);
  });

  it.each([
    [
      'milestone events: added, removed (GitLab names the milestone removed too)',
      [
        { action: 'add', milestone: { iid: 1, title: 'Q "1"' }, user_id: 1, created_at: at },
        { action: 'remove', milestone: { iid: 1, title: 'Q "1"' }, user_id: 2, created_at: later },
      ],
      [],
      [
        ['changed milestone to %"Q \\"1\\""', 'alice', at],
        ['removed milestone', 'bob', later],
      ],
    ],
    [
      'iteration events: an untitled iteration named by its period, a titled one by its title, a removal',
      [],
      [
        {
          action: 'add',
          iteration: { iid: 1, start_date: '2025-01-06', due_date: '2025-01-19', group_id: 10 },
          user_id: 1,
          created_at: at,
        },
        { action: 'add', iteration: { iid: 2, title: 'Sprint 2' }, user_id: 5, created_at: at },
        { action: 'remove', iteration: { iid: 2 }, user_id: 2, created_at: later },
      ],
      [
        ['changed iteration to *iteration:"Jan 6, 2025 - Jan 19, 2025"', 'alice', at],
        ['changed iteration to *iteration:"Sprint 2"', 'ghost-5', at],
        ['removed iteration', 'bob', later],
      ],
    ],
  ])('writes %s as system notes in threads of their own', (_name, milestoneEvents, iterationEvents, expected) => {
    const line = glIssue.parse({
      ...base,
      resource_milestone_events: milestoneEvents,
      resource_iteration_events: iterationEvents,
    });
    const notes = mapIssue(line, 'top/p', context())
      .items.slice(1)
      .map(
        (i) => i.record as { note: string; author: string; created_at: string; system: boolean; discussion_id: string },
      );
    expect(notes.map((n) => [n.note, n.author, n.created_at])).toEqual(expected);
    expect(notes.every((n) => n.system)).toBe(true);
    expect(new Set(notes.map((n) => n.discussion_id)).size).toBe(notes.length);
  });

  it.each([
    [
      'a task, reporting that GitLab exports no parent for it',
      { work_item_type: { base_type: 'task' } },
      { issue_type: 'task' },
      'task: GitLab does not export its parent issue; imported without one',
    ],
    [
      'an incident (issue_type), reporting that GitLab exports no severity for it',
      { issue_type: 'incident' },
      { issue_type: 'incident', severity: 'unknown', escalation_status: 'triggered' },
      'incident: GitLab does not export its severity or escalation status; imported as unknown and triggered',
    ],
  ])('maps %s', (_name, extra, expected, reason) => {
    const { items, skips } = mapIssue(glIssue.parse({ ...base, ...extra }), 'top/p', context());
    expect(items[0]?.record).toMatchObject(expected);
    expect(skips).toEqual([reason]);
  });

  it.each([
    ['no label links', [], new Set<string>(), []],
    [
      'a group label with its attributes, once',
      [
        { label: { title: 'bug', color: '#d9534f', description: 'Broken', type: 'GroupLabel', created_at: at } },
        { label: { title: 'bug', type: 'GroupLabel' } },
      ],
      new Set<string>(),
      [
        {
          group_path: null,
          project_path: 'top/p',
          title: 'bug',
          color: '#d9534f',
          text_color: '#FFFFFF',
          description: 'Broken',
          priority: null,
          created_at: at,
          updated_at: at,
        },
      ],
    ],
    [
      "the project's own labels and labels it has already left out",
      [{ label: { title: 'frontend', type: 'ProjectLabel' } }, { label: { title: 'ops', type: 'GroupLabel' } }],
      new Set(['ops']),
      [],
    ],
    [
      'a label without type or dates: the default colour, the issue’s date',
      [{ label: { title: 'x' } }, { label: { title: 5 } }],
      new Set<string>(),
      [expect.objectContaining({ title: 'x', color: '#6699cc', created_at: at, updated_at: at })],
    ],
  ])('makes project labels of linked group labels (a project alone): %s', (_name, links, known, expected) => {
    const line = glIssue.parse({ ...base, label_links: links });
    expect(linkedGroupLabels(line, 'top/p', known)).toEqual(expected);
  });

  it.each([
    ['a note of the wrong type', { notes: [{ id: 1, note: 5, created_at: at, updated_at: at }] }, /^note 1: note: /],
    ['an unknown work item type', { issue_type: 'requirement' }, /^work item type requirement: imported as an issue$/],
    [
      'an iteration of a group not imported',
      { iteration: { iid: 3, start_date: '2025-01-06', due_date: '2025-01-19', group_id: 99 } },
      /^iteration Jan 6, 2025 - Jan 19, 2025: its group is not imported$/,
    ],
    [
      'a milestone event adding no milestone',
      { resource_milestone_events: [{ action: 'add', created_at: at }] },
      /^milestone event 1: it names no milestone$/,
    ],
    [
      'an iteration event of an unknown action',
      { resource_iteration_events: [{ action: 'move', created_at: at }] },
      /^iteration event 1: action: /,
    ],
    ['an assignee without a user', { issue_assignees: [{}] }, /^assignee 1: user_id: /],
    [
      'a state event of an unknown state',
      { resource_state_events: [{ state: 'merged', created_at: at }] },
      /merged is not a state/,
    ],
    [
      'an epic of a group not imported',
      { epic_issue: { epic: { iid: 1, group_id: 99 } } },
      /^epic &1: its group is not imported/,
    ],
    [
      'a milestone of a group not imported',
      { milestone: { iid: 1, title: 'M', group_id: 99 } },
      /^milestone M: its group is not imported/,
    ],
  ])('skips %s with the reason and keeps the issue', (_name, extra, reason) => {
    const { items, skips } = mapIssue(glIssue.parse({ ...base, ...extra }), 'top/p', context());
    expect(kinds(items)).toEqual(['issues']);
    expect(skips).toEqual([expect.stringMatching(reason)]);
  });
});
