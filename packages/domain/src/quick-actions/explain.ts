import { formatReference } from '../references/references';
import { formatDuration } from '../time-tracking/duration';
import { formatQuickActionDate } from './arguments';
import type { QuickActionName } from './commands';

/**
 * What a resolved quick action does, in GitLab's words: the explanation shown in the preview
 * ("Adds ~bug label.") and the message after it ran ("Added ~bug label.").
 */
export type ResolvedQuickAction =
  | { name: 'assign' | 'unassign' | 'assign_reviewer' | 'unassign_reviewer'; usernames: string[] }
  | { name: 'title'; title: string }
  | { name: 'award'; emoji: string }
  /** `change` false: the merge request already has that draft status (GitLab runs it and says so). */
  | { name: 'draft' | 'ready'; change: boolean }
  | { name: 'label' | 'relabel'; labels: string[] }
  /** `labels` empty: all labels. */
  | { name: 'unlabel'; labels: string[] }
  | { name: 'milestone' | 'remove_milestone'; milestone: string }
  | { name: 'iteration' | 'remove_iteration'; iteration: { id: number; title: string | null } }
  | { name: 'weight'; weight: number }
  | { name: 'due'; date: string }
  | { name: 'estimate'; seconds: number }
  | { name: 'spend'; seconds: number }
  | { name: 'health_status'; status: string }
  /** `label`: GitLab's name of the severity ('High - S2'). */
  | { name: 'severity'; label: string }
  | { name: 'relate' | 'blocks' | 'blocked_by'; references: string[] }
  | { name: 'copy_metadata'; reference: string }
  | {
      name:
        | 'epic'
        | 'remove_epic'
        | 'clear_weight'
        | 'remove_due_date'
        | 'remove_estimate'
        | 'remove_time_spent'
        | 'close'
        | 'reopen'
        | 'confidential'
        | 'lock'
        | 'unlock'
        | 'promote'
        | 'clear_health_status'
        | 'todo'
        | 'done'
        | 'subscribe'
        | 'unsubscribe';
    };

export type QuickActionTense = 'explanation' | 'execution';

/** What a command acts on, as GitLab names it in its messages (`to_ability_name.humanize`). */
export type QuickActionTargetNoun = 'issue' | 'epic' | 'merge request';

/** Rails' `to_sentence`: 'a', 'a and b', 'a, b, and c'. */
export function toSentence(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

const plural = (word: string, n: number) => (n === 1 ? word : `${word}s`);
const labelRefs = (titles: readonly string[]) => titles.map((title) => formatReference({ kind: 'label', title }));
const labelList = (titles: readonly string[]) => `${labelRefs(titles).join(' ')} ${plural('label', titles.length)}`;
const iterationRef = (it: { id: number; title: string | null }) =>
  it.title ? `*iteration:"${it.title.replace(/"/g, '\\"')}"` : `*iteration:${it.id}`;

type Phrase = [explanation: string, execution: string];

function phrases(action: ResolvedQuickAction, target: QuickActionTargetNoun): Phrase {
  switch (action.name) {
    case 'assign': {
      const users = toSentence(action.usernames.map((u) => `@${u}`));
      return [`Assigns ${users}.`, `Assigned ${users}.`];
    }
    case 'unassign': {
      const users = `${plural('assignee', action.usernames.length)} ${toSentence(action.usernames.map((u) => `@${u}`))}`;
      return [`Removes ${users}.`, `Removed ${users}.`];
    }
    case 'assign_reviewer': {
      const users = `${toSentence(action.usernames.map((u) => `@${u}`))} as ${plural('reviewer', action.usernames.length)}`;
      return [`Assigns ${users}.`, `Assigned ${users}.`];
    }
    case 'unassign_reviewer': {
      const users = `${plural('reviewer', action.usernames.length)} ${toSentence(action.usernames.map((u) => `@${u}`))}`;
      return [`Removes ${users}.`, `Removed ${users}.`];
    }
    case 'todo':
      return ['Adds a to-do.', 'Added a to-do.'];
    case 'done':
      return ['Marks to-do as done.', 'Marked to-do as done.'];
    case 'subscribe':
      return [`Subscribes to this ${target}.`, `Subscribed to this ${target}.`];
    case 'unsubscribe':
      return [`Unsubscribes from this ${target}.`, `Unsubscribed from this ${target}.`];
    case 'award':
      return [`Toggles :${action.emoji}: emoji reaction.`, `Toggled :${action.emoji}: emoji reaction.`];
    case 'title':
      return [`Changes the title to "${action.title}".`, `Changed the title to "${action.title}".`];
    case 'draft':
    case 'ready': {
      if (!action.change) return Array(2).fill(`No change to this ${target}'s draft status.`) as Phrase;
      const status = action.name === 'draft' ? 'a draft' : 'ready';
      return [`Marks this ${target} as ${status}.`, `Marked this ${target} as ${status}.`];
    }
    case 'label':
      return [`Adds ${labelList(action.labels)}.`, `Added ${labelList(action.labels)}.`];
    case 'unlabel':
      return action.labels.length
        ? [`Removes ${labelList(action.labels)}.`, `Removed ${labelList(action.labels)}.`]
        : ['Removes all labels.', 'Removed all labels.'];
    case 'relabel':
      return [
        `Replaces all labels with ${labelList(action.labels)}.`,
        `Replaced all labels with ${labelList(action.labels)}.`,
      ];
    case 'milestone': {
      const ref = formatReference({ kind: 'milestone', title: action.milestone });
      return [`Sets the milestone to ${ref}.`, `Set the milestone to ${ref}.`];
    }
    case 'remove_milestone': {
      const ref = formatReference({ kind: 'milestone', title: action.milestone });
      return [`Removes ${ref} milestone.`, `Removed ${ref} milestone.`];
    }
    case 'iteration':
      return [
        `Sets the iteration to ${iterationRef(action.iteration)}.`,
        `Set the iteration to ${iterationRef(action.iteration)}.`,
      ];
    case 'remove_iteration':
      return [
        `Removes ${iterationRef(action.iteration)} iteration.`,
        `Removed ${iterationRef(action.iteration)} iteration.`,
      ];
    case 'epic':
      return ['Adds an issue to an epic.', 'Added an issue to an epic.'];
    case 'remove_epic':
      return ['Removes an issue from an epic.', 'Removed an issue from an epic.'];
    case 'weight':
      return [`Sets weight to ${action.weight}.`, `Set weight to ${action.weight}.`];
    case 'clear_weight':
      return ['Clears weight.', 'Cleared weight.'];
    case 'due': {
      const date = formatQuickActionDate(action.date);
      return [`Sets the due date to ${date}.`, `Set the due date to ${date}.`];
    }
    case 'remove_due_date':
      return ['Removes the due date.', 'Removed the due date.'];
    case 'estimate':
      return action.seconds === 0
        ? ['Removes time estimate.', 'Removed time estimate.']
        : [
            `Sets time estimate to ${formatDuration(action.seconds)}.`,
            `Set time estimate to ${formatDuration(action.seconds)}.`,
          ];
    case 'remove_estimate':
      return ['Removes time estimate.', 'Removed time estimate.'];
    case 'spend': {
      const time = formatDuration(Math.abs(action.seconds));
      return action.seconds > 0
        ? [`Adds ${time} spent time.`, `Added ${time} spent time.`]
        : [`Subtracts ${time} spent time.`, `Subtracted ${time} spent time.`];
    }
    case 'remove_time_spent':
      return ['Removes spent time.', 'Removed spent time.'];
    case 'close':
      return [`Closes this ${target}.`, `Closed this ${target}.`];
    case 'reopen':
      return [`Reopens this ${target}.`, `Reopened this ${target}.`];
    case 'confidential':
      return [`Makes this ${target} confidential.`, `Made this ${target} confidential.`];
    case 'lock':
      return ['Locks the discussion.', 'Locked the discussion.'];
    case 'unlock':
      return ['Unlocks the discussion.', 'Unlocked the discussion.'];
    case 'relate': {
      const refs = toSentence(action.references);
      return [
        `Added ${refs} as a linked item related to this ${target}.`,
        `Added ${refs} as a linked item related to this ${target}.`,
      ];
    }
    case 'blocks': {
      const refs = toSentence(action.references);
      return [`Set this ${target} as blocking ${refs}.`, `Added ${refs} as a linked item blocked by this ${target}.`];
    }
    case 'blocked_by': {
      const refs = toSentence(action.references);
      return [`Set this ${target} as blocked by ${refs}.`, `Added ${refs} as a linked item blocking this ${target}.`];
    }
    case 'promote':
      return ['Promote issue to an epic', 'Promoted issue to an epic.'];
    case 'health_status':
      return [`Sets health status to ${action.status}.`, `Set health status to ${action.status}.`];
    case 'clear_health_status':
      return ['Clears health status.', 'Cleared health status.'];
    case 'severity':
      return ['Sets the severity', `Severity updated to ${action.label}.`];
    case 'copy_metadata':
      return [
        `Copy labels and milestone from ${action.reference}.`,
        `Copied labels and milestone from ${action.reference}.`,
      ];
  }
}

/**
 * GitLab's text for a resolved quick action on an issue, epic or merge request (`target`), before ('explanation')
 * or after ('execution') it ran.
 * quickActionMessage({ name: 'label', labels: ['bug'] }, 'explanation') → 'Adds ~bug label.'
 */
export function quickActionMessage(
  action: ResolvedQuickAction,
  tense: QuickActionTense,
  target: QuickActionTargetNoun = 'issue',
): string {
  const [explanation, execution] = phrases(action, target);
  return tense === 'explanation' ? explanation : execution;
}

/** GitLab's message for a command that could not be applied (not allowed, or nothing it names). */
export function couldNotApplyMessage(name: QuickActionName): string {
  return `Could not apply ${name} command.`;
}
