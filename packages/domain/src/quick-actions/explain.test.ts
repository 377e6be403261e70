import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { couldNotApplyMessage, quickActionMessage, type ResolvedQuickAction, toSentence } from './explain';

const both = (action: ResolvedQuickAction) => [
  quickActionMessage(action, 'explanation'),
  quickActionMessage(action, 'execution'),
];

describe('quickActionMessage', () => {
  expectCases(both, [
    [{ name: 'assign', usernames: ['bob'] }, ['Assigns @bob.', 'Assigned @bob.']],
    [{ name: 'assign', usernames: ['a', 'b', 'c'] }, ['Assigns @a, @b, and @c.', 'Assigned @a, @b, and @c.']],
    [{ name: 'unassign', usernames: ['bob'] }, ['Removes assignee @bob.', 'Removed assignee @bob.']],
    [{ name: 'unassign', usernames: ['a', 'b'] }, ['Removes assignees @a and @b.', 'Removed assignees @a and @b.']],
    [{ name: 'label', labels: ['bug'] }, ['Adds ~bug label.', 'Added ~bug label.']],
    [{ name: 'title', title: 'New "one"' }, ['Changes the title to "New "one"".', 'Changed the title to "New "one"".']],
    [
      { name: 'label', labels: ['bug', 'in progress', 'scope::x'] },
      ['Adds ~bug ~"in progress" ~"scope::x" labels.', 'Added ~bug ~"in progress" ~"scope::x" labels.'],
    ],
    [{ name: 'unlabel', labels: [] }, ['Removes all labels.', 'Removed all labels.']],
    [{ name: 'unlabel', labels: ['bug'] }, ['Removes ~bug label.', 'Removed ~bug label.']],
    [{ name: 'relabel', labels: ['x'] }, ['Replaces all labels with ~x label.', 'Replaced all labels with ~x label.']],
    [{ name: 'milestone', milestone: 'v1' }, ['Sets the milestone to %v1.', 'Set the milestone to %v1.']],
    [
      { name: 'remove_milestone', milestone: 'Release 1' },
      ['Removes %"Release 1" milestone.', 'Removed %"Release 1" milestone.'],
    ],
    [
      { name: 'iteration', iteration: { id: 4, title: 'Sprint 1' } },
      ['Sets the iteration to *iteration:"Sprint 1".', 'Set the iteration to *iteration:"Sprint 1".'],
    ],
    [
      { name: 'remove_iteration', iteration: { id: 4, title: null } },
      ['Removes *iteration:4 iteration.', 'Removed *iteration:4 iteration.'],
    ],
    [{ name: 'epic' }, ['Adds an issue to an epic.', 'Added an issue to an epic.']],
    [{ name: 'remove_epic' }, ['Removes an issue from an epic.', 'Removed an issue from an epic.']],
    [{ name: 'weight', weight: 3 }, ['Sets weight to 3.', 'Set weight to 3.']],
    [{ name: 'clear_weight' }, ['Clears weight.', 'Cleared weight.']],
    [{ name: 'due', date: '2026-12-01' }, ['Sets the due date to Dec 1, 2026.', 'Set the due date to Dec 1, 2026.']],
    [{ name: 'remove_due_date' }, ['Removes the due date.', 'Removed the due date.']],
    [{ name: 'estimate', seconds: 5400 }, ['Sets time estimate to 1h 30m.', 'Set time estimate to 1h 30m.']],
    [{ name: 'estimate', seconds: 0 }, ['Removes time estimate.', 'Removed time estimate.']],
    [{ name: 'remove_estimate' }, ['Removes time estimate.', 'Removed time estimate.']],
    [{ name: 'spend', seconds: 3600 }, ['Adds 1h spent time.', 'Added 1h spent time.']],
    [{ name: 'spend', seconds: -1800 }, ['Subtracts 30m spent time.', 'Subtracted 30m spent time.']],
    [{ name: 'remove_time_spent' }, ['Removes spent time.', 'Removed spent time.']],
    [{ name: 'close' }, ['Closes this issue.', 'Closed this issue.']],
    [{ name: 'reopen' }, ['Reopens this issue.', 'Reopened this issue.']],
    [{ name: 'confidential' }, ['Makes this issue confidential.', 'Made this issue confidential.']],
    [{ name: 'lock' }, ['Locks the discussion.', 'Locked the discussion.']],
    [{ name: 'unlock' }, ['Unlocks the discussion.', 'Unlocked the discussion.']],
    [
      { name: 'relate', references: ['#2', '#3'] },
      [
        'Added #2 and #3 as a linked item related to this issue.',
        'Added #2 and #3 as a linked item related to this issue.',
      ],
    ],
    [
      { name: 'blocks', references: ['#2'] },
      ['Set this issue as blocking #2.', 'Added #2 as a linked item blocked by this issue.'],
    ],
    [
      { name: 'blocked_by', references: ['#2'] },
      ['Set this issue as blocked by #2.', 'Added #2 as a linked item blocking this issue.'],
    ],
    [{ name: 'promote' }, ['Promote issue to an epic', 'Promoted issue to an epic.']],
    [{ name: 'health_status', status: 'at_risk' }, ['Sets health status to at_risk.', 'Set health status to at_risk.']],
    [{ name: 'clear_health_status' }, ['Clears health status.', 'Cleared health status.']],
    [
      { name: 'copy_metadata', reference: '#7' },
      ['Copy labels and milestone from #7.', 'Copied labels and milestone from #7.'],
    ],
  ]);

  expectCases((name: 'close') => quickActionMessage({ name }, 'explanation', 'epic'), [['close', 'Closes this epic.']]);
  expectCases(couldNotApplyMessage, [['label', 'Could not apply label command.']]);
  expectCases(toSentence, [
    [['a'], 'a'],
    [['a', 'b'], 'a and b'],
    [['a', 'b', 'c'], 'a, b, and c'],
  ]);
});

describe('quickActionMessage on a merge request', () => {
  const onMergeRequest = (action: ResolvedQuickAction) => [
    quickActionMessage(action, 'explanation', 'merge request'),
    quickActionMessage(action, 'execution', 'merge request'),
  ];
  expectCases(onMergeRequest, [
    [{ name: 'assign_reviewer', usernames: ['bob'] }, ['Assigns @bob as reviewer.', 'Assigned @bob as reviewer.']],
    [
      { name: 'assign_reviewer', usernames: ['a', 'b'] },
      ['Assigns @a and @b as reviewers.', 'Assigned @a and @b as reviewers.'],
    ],
    [{ name: 'unassign_reviewer', usernames: ['bob'] }, ['Removes reviewer @bob.', 'Removed reviewer @bob.']],
    [
      { name: 'unassign_reviewer', usernames: ['a', 'b'] },
      ['Removes reviewers @a and @b.', 'Removed reviewers @a and @b.'],
    ],
    [
      { name: 'draft', change: true },
      ['Marks this merge request as a draft.', 'Marked this merge request as a draft.'],
    ],
    [{ name: 'ready', change: true }, ['Marks this merge request as ready.', 'Marked this merge request as ready.']],
    [
      { name: 'ready', change: false },
      ["No change to this merge request's draft status.", "No change to this merge request's draft status."],
    ],
    [{ name: 'close' }, ['Closes this merge request.', 'Closed this merge request.']],
    [{ name: 'todo' }, ['Adds a to-do.', 'Added a to-do.']],
    [{ name: 'done' }, ['Marks to-do as done.', 'Marked to-do as done.']],
    [{ name: 'subscribe' }, ['Subscribes to this merge request.', 'Subscribed to this merge request.']],
    [{ name: 'unsubscribe' }, ['Unsubscribes from this merge request.', 'Unsubscribed from this merge request.']],
    [{ name: 'award', emoji: '100' }, ['Toggles :100: emoji reaction.', 'Toggled :100: emoji reaction.']],
  ]);
});
