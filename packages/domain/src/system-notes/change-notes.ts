import { healthStatusText } from '../issuables/health-status';
import { formatQuickActionDate, type QuickActionTargetNoun, toSentence } from '../quick-actions';

/**
 * GitLab's system notes for a field change of an issue or merge request (SystemNotes::IssuablesService),
 * as the activity stream shows them. Labels are written `~<id>`, which the page draws as the label.
 */

const plural = (word: string, n: number) => (n === 1 ? word : `${word}s`);
const mentions = (usernames: readonly string[]) => toSentence(usernames.map((u) => `@${u}`));

/** 'added ~1 ~2 labels', 'removed ~3 label', 'added ~1 label and removed ~3 label'; null when nothing changed. */
export function labelsChangedNote(addedIds: readonly number[], removedIds: readonly number[]): string | null {
  const refs = (ids: readonly number[]) => `${ids.map((id) => `~${id}`).join(' ')} ${plural('label', ids.length)}`;
  const parts = [
    ...(addedIds.length ? [`added ${refs(addedIds)}`] : []),
    ...(removedIds.length ? [`removed ${refs(removedIds)}`] : []),
  ];
  return parts.length ? parts.join(' and ') : null;
}

/** 'assigned to @a and @b', 'unassigned @c', 'assigned to @a and unassigned @c'; null when nothing changed. */
export function assigneesChangedNote(added: readonly string[], removed: readonly string[]): string | null {
  const parts = [
    ...(added.length ? [`assigned to ${mentions(added)}`] : []),
    ...(removed.length ? [`unassigned ${mentions(removed)}`] : []),
  ];
  return parts.length ? parts.join(' and ') : null;
}

/** 'requested review from @a', 'removed review request for @c', both joined by ' and '; null when nothing changed. */
export function reviewersChangedNote(added: readonly string[], removed: readonly string[]): string | null {
  const parts = [
    ...(added.length ? [`requested review from ${mentions(added)}`] : []),
    ...(removed.length ? [`removed review request for ${mentions(removed)}`] : []),
  ];
  return parts.length ? parts.join(' and ') : null;
}

export const titleChangedNote = (from: string, to: string) => `changed title from **${from}** to **${to}**`;

export const DESCRIPTION_CHANGED_NOTE = 'changed the description';

/** 'changed due date to Dec 1, 2026' or 'removed due date'. */
export const dueDateChangedNote = (date: string | null) =>
  date ? `changed due date to ${formatQuickActionDate(date)}` : 'removed due date';

export const weightChangedNote = (weight: number | null) =>
  weight === null ? 'removed the weight' : `changed weight to **${weight}**`;

export const healthStatusChangedNote = (status: string | null) => {
  const text = healthStatusText(status);
  return text ? `changed health status to **${text.toLowerCase()}**` : 'removed the health status';
};

export const confidentialityChangedNote = (confidential: boolean) =>
  confidential ? 'made the issue confidential' : 'made the issue visible to everyone';

export const discussionLockNote = (locked: boolean, noun: QuickActionTargetNoun) =>
  `${locked ? 'locked' : 'unlocked'} the discussion in this ${noun}`;
