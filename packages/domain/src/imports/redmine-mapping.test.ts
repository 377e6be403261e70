import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import {
  hierarchyLinkOf,
  journalSystemNotes,
  type RedmineTreeNode,
  type RedmineWorkItemType,
  relationLinkOf,
  selfWorkItemType,
  suggestedWorkItemType,
  workItemTypeUnder,
} from './redmine-mapping';

// Trackers: 1 Bug, 2 Feature (issues), 4 Epic, 5 Task.
const typeOf = (tracker: number): RedmineWorkItemType =>
  (({ 4: 'epic', 5: 'task' }) as Record<number, RedmineWorkItemType>)[tracker] ?? 'issue';
const leaf = (tracker: number): RedmineTreeNode => ({ tracker: { id: tracker } });
const node = (tracker: number, ...children: RedmineTreeNode[]): RedmineTreeNode => ({
  tracker: { id: tracker },
  children,
});

describe('suggestedWorkItemType', () => {
  expectCases(suggestedWorkItemType, [
    ['Bug', 'issue'],
    ['Feature', 'issue'],
    ['Support', 'issue'],
    ['Epic', 'epic'],
    ['Sub-task', 'task'],
    ['Task', 'task'],
    ['Incident', 'incident'],
  ]);
});

describe('selfWorkItemType', () => {
  expectCases(
    (n: RedmineTreeNode) => selfWorkItemType(n, typeOf),
    [
      [leaf(1), 'issue'],
      [leaf(5), 'task'],
      [leaf(4), 'epic'],
      // a task with children holds them as an issue
      [node(5, leaf(1)), 'issue'],
      // three levels: the top is an epic
      [node(2, node(2, leaf(1))), 'epic'],
      // a child epic makes its parent an epic
      [node(2, leaf(4)), 'epic'],
    ],
  );
});

describe('workItemTypeUnder', () => {
  expectCases(
    ([n, parent]: [RedmineTreeNode, RedmineWorkItemType | null]) => workItemTypeUnder(n, typeOf, parent),
    [
      [[leaf(1), null], 'issue'],
      [[leaf(1), 'issue'], 'task'],
      [[leaf(1), 'incident'], 'task'],
      [[leaf(1), 'epic'], 'issue'],
      [[leaf(5), 'epic'], 'issue'],
      [[leaf(5), null], 'task'],
      [[leaf(4), 'epic'], 'epic'],
      [[node(2, leaf(1)), 'epic'], 'issue'],
    ],
  );
});

describe('hierarchyLinkOf', () => {
  expectCases(
    ([p, c]: [RedmineWorkItemType, RedmineWorkItemType]) => hierarchyLinkOf(p, c),
    [
      [['epic', 'epic'], 'epic_parent'],
      [['epic', 'issue'], 'epic_issue'],
      [['epic', 'incident'], 'epic_issue'],
      [['epic', 'task'], null],
      [['issue', 'task'], 'parent_link'],
      [['incident', 'task'], 'parent_link'],
      [['issue', 'issue'], null],
    ],
  );
});

describe('relationLinkOf', () => {
  expectCases(relationLinkOf, [
    ['relates', { linkType: 'relates_to', reversed: false, duplicate: false }],
    ['blocks', { linkType: 'blocks', reversed: false, duplicate: false }],
    ['blocked', { linkType: 'blocks', reversed: true, duplicate: false }],
    ['precedes', { linkType: 'blocks', reversed: false, duplicate: false }],
    ['follows', { linkType: 'blocks', reversed: true, duplicate: false }],
    ['duplicates', { linkType: 'relates_to', reversed: false, duplicate: true }],
    ['copied_to', { linkType: 'relates_to', reversed: false, duplicate: false }],
    ['unknown', null],
  ]);
});

const names = {
  labelId: (key: string) => ({ 'status:1': 11, 'status:5': 15, 'priority:2': 22, 'priority:4': 24 })[key],
  statusClosed: (status: number) => status === 5,
  username: (user: number) => ({ 5: 'alice', 6: 'bob' })[user],
  milestoneTitle: (version: number) => ({ 1: 'v1.0' })[version],
  issueReference: (issue: number) => `#${issue}`,
};
const attr = (name: string, old_value: string | null, new_value: string | null) => ({
  property: 'attr',
  name,
  old_value,
  new_value,
});

describe('journalSystemNotes', () => {
  expectCases(
    (details: Parameters<typeof journalSystemNotes>[0]) => journalSystemNotes(details, names),
    [
      [[], []],
      [
        [attr('status_id', '1', '5'), attr('priority_id', '2', '4')],
        ['added ~15 ~24 labels and removed ~11 ~22 labels', 'closed'],
      ],
      [[attr('status_id', '5', '1')], ['added ~11 label and removed ~15 label', 'reopened']],
      [[attr('assigned_to_id', '5', '6')], ['assigned to @bob and unassigned @alice']],
      [[attr('assigned_to_id', null, '6')], ['assigned to @bob']],
      [[attr('fixed_version_id', null, '1')], ['changed milestone to %"v1.0"']],
      [[attr('fixed_version_id', '1', null)], ['removed milestone']],
      [[attr('subject', 'Old', 'New')], ['changed title from **Old** to **New**']],
      [[attr('description', 'a', 'b')], ['changed the description']],
      [[attr('due_date', null, '2026-12-01')], ['changed due date to Dec 1, 2026']],
      [[attr('estimated_hours', null, '2.5')], ['changed time estimate to 2h 30m']],
      [[attr('estimated_hours', '2.5', '')], ['removed time estimate']],
      [[attr('is_private', '0', '1')], ['made the issue confidential']],
      [[attr('done_ratio', '0', '100')], []],
      [
        [{ property: 'relation', name: 'blocks', old_value: null, new_value: '7' }],
        ['marked this issue as blocking #7'],
      ],
      [[{ property: 'relation', name: 'relates', old_value: '8', new_value: null }], ['removed the relation with #8']],
      [[{ property: 'cf', name: '3', old_value: null, new_value: 'x' }], []],
    ],
  );
});
