import { healthStatusText } from '../issuables/health-status';
import { formatQuickActionDate, type QuickActionTargetNoun, toSentence } from '../quick-actions';
import { formatReference } from '../references';
import { type IssueBackedType, workItemTypeOf } from '../work-items';

/**
 * GitLab's system notes for a field change of an issue or merge request (SystemNotes::IssuablesService),
 * as the activity stream shows them. Labels are written `~<id>`, which the page draws as the label.
 */

const plural = (word: string, n: number) => (n === 1 ? word : `${word}s`);
const mentions = (usernames: readonly string[]) => toSentence(usernames.map((u) => `@${u}`));

function labelReferencesChangedNote(added: readonly string[], removed: readonly string[]): string | null {
  const refs = (list: readonly string[]) => `${list.join(' ')} ${plural('label', list.length)}`;
  const parts = [
    ...(added.length ? [`added ${refs(added)}`] : []),
    ...(removed.length ? [`removed ${refs(removed)}`] : []),
  ];
  return parts.length ? parts.join(' and ') : null;
}

/** 'added ~1 ~2 labels', 'removed ~3 label', 'added ~1 label and removed ~3 label'; null when nothing changed. */
export function labelsChangedNote(addedIds: readonly number[], removedIds: readonly number[]): string | null {
  const byId = (ids: readonly number[]) => ids.map((id) => `~${id}`);
  return labelReferencesChangedNote(byId(addedIds), byId(removedIds));
}

/**
 * The same note with the labels named by title (`added ~bug ~"a b" labels`), for history imported
 * before its labels have ids here (a GitLab's relation export is converted before the import writes it).
 */
export function labelTitlesChangedNote(added: readonly string[], removed: readonly string[]): string | null {
  const byTitle = (titles: readonly string[]) => titles.map((title) => formatReference({ kind: 'label', title }));
  return labelReferencesChangedNote(byTitle(added), byTitle(removed));
}

/** An issue's, merge request's or epic's state change (SystemNotes::IssuablesService#change_status): 'closed' or 'reopened'; null for other states. */
export function stateChangedNote(state: string): 'closed' | 'reopened' | null {
  if (state === 'closed') return 'closed';
  return state === 'opened' || state === 'reopened' ? 'reopened' : null;
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

export const confidentialityChangedNote = (confidential: boolean, noun: 'issue' | 'epic' = 'issue') =>
  confidential ? `made the ${noun} confidential` : `made the ${noun} visible to everyone`;

export const discussionLockNote = (locked: boolean, noun: QuickActionTargetNoun) =>
  `${locked ? 'locked' : 'unlocked'} the discussion in this ${noun}`;

/** 'changed milestone to %"v1"' or 'removed milestone'. */
export const milestoneChangedNote = (title: string | null) =>
  title === null ? 'removed milestone' : `changed milestone to %"${title.replace(/"/g, '\\"')}"`;

/** 'changed iteration to *iteration:"Sprint 1"' (by id when the iteration has no title), or 'removed iteration'. */
export function iterationChangedNote(iteration: { id: number; title: string | null } | null): string {
  if (iteration === null) return 'removed iteration';
  if (!iteration.title) return `changed iteration to *iteration:${iteration.id}`;
  return `changed iteration to *iteration:"${iteration.title.replace(/"/g, '\\"')}"`;
}

export const draftChangedNote = (draft: boolean) =>
  draft ? 'marked this merge request as **draft**' : 'marked this merge request as **ready**';

/** An epic's fixed date (SystemNoteService.change_epic_date_note): 'changed start date to Dec 1, 2026', 'removed the due date'. */
export const epicDateChangedNote = (which: 'start date' | 'due date', date: string | null) =>
  date ? `changed ${which} to ${formatQuickActionDate(date)}` : `removed the ${which}`;

/** On the parent (SystemNotes::EpicsService#change_epics_relation): 'added &2 as child epic', 'removed child epic &2'. */
export const childEpicNote = (action: 'added' | 'removed', childReference: string) =>
  action === 'added' ? `added ${childReference} as child epic` : `removed child epic ${childReference}`;

/** On the child: 'added &1 as parent epic', 'removed parent epic &1'. */
export const parentEpicNote = (action: 'added' | 'removed', parentReference: string) =>
  action === 'added' ? `added ${parentReference} as parent epic` : `removed parent epic ${parentReference}`;

/**
 * A work item hierarchy note (SystemNotes::IssuablesService#hierarchy_changed), on one end of the
 * link about the other: 'added #12 as child task', 'removed parent issue #10'. Both ends share a
 * project, so the short reference names them.
 */
export function hierarchyChangedNote(
  action: 'added' | 'removed',
  relation: 'child' | 'parent',
  other: { iid: number; issue_type: string },
): string {
  const type = workItemTypeOf(other.issue_type as IssueBackedType).name.toLowerCase();
  return action === 'added'
    ? `added #${other.iid} as ${relation} ${type}`
    : `removed ${relation} ${type} #${other.iid}`;
}

/** How one end of an issue link names it (REST's `link_type`, from that issue's side). */
export type IssueLinkKind = 'relates_to' | 'blocks' | 'is_blocked_by';

/** The same link seen from its other end: blocking one way is blocked by the other. */
export const inverseIssueLinkKind = (kind: IssueLinkKind): IssueLinkKind =>
  kind === 'blocks' ? 'is_blocked_by' : kind === 'is_blocked_by' ? 'blocks' : 'relates_to';

/**
 * SystemNotes::IssuablesService#relate_issuable, on each end about the other: 'marked this issue as
 * related to #2', 'marked this issue as blocking #2', 'marked this issue as blocked by #1'.
 */
export function issueLinkNote(kind: IssueLinkKind, reference: string): string {
  if (kind === 'blocks') return `marked this issue as blocking ${reference}`;
  if (kind === 'is_blocked_by') return `marked this issue as blocked by ${reference}`;
  return `marked this issue as related to ${reference}`;
}

/** #unrelate_issuable, on each end: 'removed the relation with #2'. */
export const issueUnlinkNote = (reference: string) => `removed the relation with ${reference}`;
