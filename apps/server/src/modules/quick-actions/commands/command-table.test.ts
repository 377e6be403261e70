import { couldNotApplyMessage, type QuickActionName, quickActionMessage } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { acceptsQuickAction } from './command-table';
import {
  type CommandRefs,
  type CommandTarget,
  type CommandTargetKind,
  NO_ISSUE_FIELDS,
  type QuickActionStep,
  type UpdateDelta,
} from './command-types';
import { planCommands } from './plan-commands';
import { noCommandRefs } from './resolve-command-refs';

/** The command table on plain targets: (command, target kind, current state) → change or skip message. */

const bug = { id: 1, title: 'bug' };
const doing = { id: 2, title: 'doing' };
const alice = { id: 10, username: 'alice' };
const bob = { id: 11, username: 'bob' };

function target(kind: CommandTargetKind, state: Partial<CommandTarget> = {}): CommandTarget {
  return {
    kind,
    persisted: true,
    state: 'opened',
    title: 'Tidy up',
    confidential: false,
    discussionLocked: false,
    draft: false,
    labels: [],
    assignees: [],
    reviewers: [],
    milestoneTitle: null,
    ...NO_ISSUE_FIELDS,
    issueId: kind === 'issue' ? 100 : null,
    inGroup: true,
    may: { admin: true, update: true, relate: true },
    ...state,
  };
}

const refs: CommandRefs = {
  ...noCommandRefs('2026-11-28'),
  users: new Map([
    ['alice', alice],
    ['bob', bob],
  ]),
  labels: new Map([
    ['bug', bug],
    ['doing', doing],
  ]),
  milestones: new Map([['v1', { id: 5, title: 'v1' }]]),
  iterations: [{ id: 7, title: 'Sprint 1' }],
  epics: new Map([['&3', { id: 30 }]]),
  copySources: new Map([['#4', { issueId: 4, reference: '#4', labels: [doing], milestoneId: 5 }]]),
};

type Expected = { delta: UpdateDelta; says?: string } | { step: QuickActionStep } | { skip: true };

const none = { add: [], remove: [] };
const KINDS: CommandTargetKind[] = ['issue', 'merge_request', 'epic'];
const each = (kinds: CommandTargetKind[], row: (k: CommandTargetKind) => Case): Case[] => kinds.map(row);
type Case = [name: QuickActionName, args: string, kind: CommandTargetKind, state: Partial<CommandTarget>, Expected];

const CASES: Case[] = [
  ...each(KINDS, (k) => [
    'label',
    '~bug ~nope',
    k,
    {},
    { delta: { labels: { add: [bug], remove: [] } }, says: 'Added ~bug label.' },
  ]),
  ...each(KINDS, (k) => ['label', '~nope', k, {}, { skip: true }]),
  ...each(KINDS, (k) => ['label', '~bug', k, { may: { admin: false, update: true, relate: true } }, { skip: true }]),
  ...each(KINDS, (k) => [
    'relabel',
    '~doing',
    k,
    { labels: [bug] },
    { delta: { labels: { replace: [doing], ...none } } },
  ]),
  ...each(KINDS, (k) => ['relabel', '~doing', k, { labels: [] }, { skip: true }]),
  ['relabel', '~doing', 'issue', { persisted: false }, { delta: { labels: { replace: [doing], ...none } } }],
  ...each(KINDS, (k) => [
    'unlabel',
    '',
    k,
    { labels: [bug] },
    { delta: { labels: { replace: [], ...none } }, says: 'Removed all labels.' },
  ]),
  ...each(KINDS, (k) => ['unlabel', '~bug', k, { labels: [bug] }, { delta: { labels: { add: [], remove: [bug] } } }]),
  ...each(KINDS, (k) => ['unlabel', '~bug', k, { labels: [] }, { skip: true }]),
  ...each(KINDS, (k) => ['close', '', k, { state: 'opened' }, { delta: { state_event: 'close' } }]),
  ...each(KINDS, (k) => ['close', '', k, { state: 'closed' }, { skip: true }]),
  ...each(KINDS, (k) => ['reopen', '', k, { state: 'closed' }, { delta: { state_event: 'reopen' } }]),
  ...each(KINDS, (k) => [
    'reopen',
    '',
    k,
    { state: 'opened', may: { admin: true, update: false, relate: true } },
    { skip: true },
  ]),
  ['close', '', 'merge_request', { state: 'merged' }, { skip: true }],
  ['close', '', 'epic', { state: 'opened' }, { delta: { state_event: 'close' }, says: 'Closed this epic.' }],
  ...each(['issue', 'epic'], (k) => ['confidential', '', k, {}, { delta: { confidential: true } }]),
  ['confidential', '', 'issue', { confidential: true }, { skip: true }],
  ['confidential', '', 'merge_request', {}, { skip: true }],
  ...each(['issue', 'merge_request'], (k) => [
    'assign',
    '@alice @nobody',
    k,
    {},
    { delta: { assignee_ids: [10] }, says: 'Assigned @alice.' },
  ]),
  ['assign', '@alice', 'epic', {}, { skip: true }],
  ['assign', '@nobody', 'issue', {}, { skip: true }],
  [
    'unassign',
    '',
    'issue',
    { assignees: [alice, bob] },
    { delta: { assignee_ids: [] }, says: 'Removed assignees @alice and @bob.' },
  ],
  ['unassign', '@bob', 'merge_request', { assignees: [alice, bob] }, { delta: { assignee_ids: [10] } }],
  ['unassign', '@bob', 'issue', { assignees: [alice] }, { skip: true }],
  [
    'assign_reviewer',
    '@bob',
    'merge_request',
    {},
    { delta: { reviewer_ids: [11] }, says: 'Assigned @bob as reviewer.' },
  ],
  ['assign_reviewer', '@bob', 'issue', {}, { skip: true }],
  ['unassign_reviewer', '', 'merge_request', { reviewers: [] }, { skip: true }],
  ...each(['issue', 'merge_request'], (k) => [
    'milestone',
    '%v1',
    k,
    {},
    { delta: { milestone_id: 5 }, says: 'Set the milestone to %v1.' },
  ]),
  ['milestone', '%v9', 'issue', {}, { skip: true }],
  ['remove_milestone', '', 'merge_request', { milestoneTitle: 'v1' }, { delta: { milestone_id: null } }],
  ['remove_milestone', '', 'issue', {}, { skip: true }],
  ...each(['issue', 'merge_request'], (k) => ['lock', '', k, {}, { delta: { discussion_locked: true } }]),
  ['lock', '', 'issue', { discussionLocked: true }, { skip: true }],
  ['unlock', '', 'merge_request', { discussionLocked: true }, { delta: { discussion_locked: false } }],
  ['lock', '', 'epic', {}, { skip: true }],
  ...each(['issue', 'merge_request'], (k) => [
    'title',
    ' New ',
    k,
    {},
    { delta: { title: 'New' }, says: 'Changed the title to "New".' },
  ]),
  ['title', 'x'.repeat(256), 'issue', {}, { skip: true }],
  ['title', 'New', 'issue', { persisted: false }, { skip: true }],
  ['draft', '', 'merge_request', {}, { delta: { wip_event: 'draft' }, says: 'Marked this merge request as a draft.' }],
  [
    'draft',
    '',
    'merge_request',
    { draft: true },
    { delta: {}, says: "No change to this merge request's draft status." },
  ],
  ['ready', '', 'merge_request', { draft: true }, { delta: { wip_event: 'ready' } }],
  ['draft', '', 'issue', {}, { skip: true }],
  ['iteration', '*iteration:"Sprint 1"', 'issue', {}, { delta: { iteration_id: 7 } }],
  ['iteration', '*iteration:"Sprint 9"', 'issue', {}, { skip: true }],
  ['remove_iteration', '', 'issue', { iteration: { id: 7, title: 'Sprint 1' } }, { delta: { iteration_id: null } }],
  ['epic', '&3', 'issue', {}, { delta: { epic_id: 30 }, says: 'Added an issue to an epic.' }],
  ['epic', '&3', 'issue', { epicId: 30 }, { skip: true }],
  ['remove_epic', '', 'issue', {}, { skip: true }],
  ['weight', '3', 'issue', {}, { delta: { weight: 3 } }],
  ['weight', 'heavy', 'issue', {}, { skip: true }],
  ['clear_weight', '', 'issue', { weight: 3 }, { delta: { weight: null } }],
  ['due', '2026-12-24', 'issue', {}, { delta: { due_date: '2026-12-24' } }],
  ['remove_due_date', '', 'issue', {}, { skip: true }],
  ['health_status', 'at_risk', 'issue', {}, { delta: { health_status: 'at_risk' } }],
  ['clear_health_status', '', 'issue', { healthStatus: 'at_risk' }, { delta: { health_status: null } }],
  ['estimate', '1h', 'issue', {}, { step: { kind: 'estimate', seconds: 3600 } }],
  ['estimate', '1h', 'issue', { persisted: false }, { skip: true }],
  ['remove_estimate', '', 'issue', {}, { step: { kind: 'estimate', seconds: 0 } }],
  ['spend', '30m 2026-11-01', 'issue', {}, { step: { kind: 'spend', seconds: 1800, date: '2026-11-01' } }],
  ['remove_time_spent', '', 'issue', {}, { step: { kind: 'reset_spent' } }],
  ['relate', '#4 #5', 'issue', {}, { step: { kind: 'link', linkType: 'relates_to', references: ['#4', '#5'] } }],
  ['blocks', '#4', 'issue', { may: { admin: true, update: true, relate: false } }, { skip: true }],
  ['blocked_by', '#4', 'issue', {}, { step: { kind: 'link', linkType: 'is_blocked_by', references: ['#4'] } }],
  ['promote', '', 'issue', {}, { step: { kind: 'promote' } }],
  ['promote', '', 'issue', { inGroup: false }, { skip: true }],
  ['promote', '', 'issue', { promotedToEpicId: 9 }, { skip: true }],
  ['copy_metadata', '#4', 'issue', {}, { delta: { labels: { add: [doing], remove: [] }, milestone_id: 5 } }],
  ['copy_metadata', '#4', 'issue', { issueId: 4 }, { skip: true }],
  ['copy_metadata', '#4', 'merge_request', {}, { skip: true }],
];

const cmd = (name: QuickActionName, args: string) => ({ name, alias: name, args });

const noun = { issue: 'issue', merge_request: 'merge request', epic: 'epic' } as const;

describe('the quick action table', () => {
  it.each(CASES)('/%s %s on %s %j', (name, args, kind, state, expected) => {
    const plan = planCommands(target(kind, state), refs, [cmd(name, args)]);
    if ('skip' in expected) {
      expect(plan.planned).toEqual([]);
      expect(plan.skipped).toEqual([{ name, message: couldNotApplyMessage(name) }]);
      return;
    }
    expect(plan.skipped).toEqual([]);
    const [only] = plan.planned;
    if ('step' in expected) {
      expect(only?.step).toEqual(expected.step);
      expect(plan.update).toBeNull();
      return;
    }
    expect(only?.step).toEqual({ kind: 'update', delta: expected.delta });
    expect(plan.update).toEqual(expected.delta);
    if (expected.says && only) expect(quickActionMessage(only.action, 'execution', noun[kind])).toBe(expected.says);
  });

  it('accumulates label and user changes in order, as GitLab’s @updates', () => {
    const plan = planCommands(target('issue', { assignees: [alice], labels: [bug] }), refs, [
      cmd('label', '~bug ~doing'),
      cmd('unlabel', '~bug'),
      cmd('assign', '@bob'),
      cmd('unassign', '@alice'),
      cmd('close', ''),
    ]);
    expect(plan.update).toEqual({
      labels: { add: [doing], remove: [bug] },
      assignee_ids: [11],
      state_event: 'close',
    });
    expect(plan.planned.map((p) => quickActionMessage(p.action, 'explanation'))).toEqual([
      'Adds ~bug ~doing labels.',
      'Removes ~bug label.',
      'Assigns @bob.',
      'Removes assignee @alice.',
      'Closes this issue.',
    ]);
  });

  it('puts the draft prefix on the title a /title before it set', () => {
    const plan = planCommands(target('merge_request', { title: 'x'.repeat(250) }), refs, [
      cmd('title', 'Short'),
      cmd('draft', ''),
    ]);
    expect(plan.update).toEqual({ title: 'Short', wip_event: 'draft' });
    const long = planCommands(target('merge_request', { title: 'x'.repeat(250) }), refs, [cmd('draft', '')]);
    expect(long.skipped).toEqual([{ name: 'draft', message: 'Could not apply draft command.' }]);
  });

  it.each([
    ['issue', ['label', 'weight', 'todo', 'copy_metadata'], ['assign_reviewer', 'draft', 'ready']],
    [
      'merge_request',
      ['assign_reviewer', 'draft', 'lock', 'todo', 'award'],
      ['weight', 'epic', 'confidential', 'spend'],
    ],
    ['epic', ['close', 'reopen', 'label', 'unlabel', 'relabel', 'confidential'], ['assign', 'todo', 'lock', 'title']],
  ] as const)('%s: which command lines are commands (the others stay text)', (kind, accepted, text) => {
    const accepts = acceptsQuickAction(kind);
    expect(accepted.filter((name) => !accepts(name))).toEqual([]);
    expect(text.filter((name) => accepts(name))).toEqual([]);
  });
});
