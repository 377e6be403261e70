import { formatQuickActionDate } from '../quick-actions';
import {
  assigneesChangedNote,
  confidentialityChangedNote,
  DESCRIPTION_CHANGED_NOTE,
  dueDateChangedNote,
  issueLinkNote,
  issueUnlinkNote,
  labelsChangedNote,
  milestoneChangedNote,
  stateChangedNote,
  titleChangedNote,
} from '../system-notes';
import { formatDuration } from '../time-tracking';

/**
 * How a Redmine becomes Meridian's plan (issue 32's Redmine importer): trackers to work item types,
 * Redmine's free parent tree to the work item hierarchy (epics hold issues and epics, issues and
 * incidents hold tasks), relations to links, and journals' attribute changes to system notes in
 * Meridian's wording. Pure: the server's importer and the web's mapping page share it.
 */

/** The types a tracker may become; the mapping is shown and may be changed before an import starts. */
export const REDMINE_WORK_ITEM_TYPES = ['issue', 'task', 'incident', 'epic'] as const;
export type RedmineWorkItemType = (typeof REDMINE_WORK_ITEM_TYPES)[number];

/**
 * Redmine's text formatting setting (`Setting.text_formatting`): Textile (the default of every Redmine),
 * Markdown (Redcarpet, before 5), CommonMark (5 and later), or none. Its REST API does not say which, so
 * the import asks; only Textile is converted, the others are Markdown or plain text already.
 */
export const REDMINE_TEXT_FORMATTINGS = ['textile', 'common_mark', 'markdown', 'none'] as const;
export type RedmineTextFormatting = (typeof REDMINE_TEXT_FORMATTINGS)[number];

/** The suggested type of a tracker, by its name (Redmine's own Bug, Feature and Support are issues). */
export function suggestedWorkItemType(trackerName: string): RedmineWorkItemType {
  const name = trackerName.toLowerCase();
  if (name.includes('epic') || name.includes('initiative')) return 'epic';
  if (name.includes('task') || name.includes('chore') || name.includes('todo')) return 'task';
  if (name.includes('incident') || name.includes('outage')) return 'incident';
  return 'issue';
}

/** An issue with its subtree, as Redmine's `include=children` answers it. */
export interface RedmineTreeNode {
  tracker: { id: number };
  children?: RedmineTreeNode[];
}

type TypeOf = (trackerId: number) => RedmineWorkItemType;

const height = (node: RedmineTreeNode): number =>
  node.children?.length ? 1 + Math.max(...node.children.map(height)) : 0;

/**
 * The type an issue takes by itself (its tracker's and its subtree): an epic when its tracker says
 * so, when it holds issues that hold issues (three levels), or when a child is an epic; an issue
 * with children is an issue (or incident: a task cannot hold children); a leaf keeps its tracker's.
 */
export function selfWorkItemType(node: RedmineTreeNode, typeOf: TypeOf): RedmineWorkItemType {
  const mapped = typeOf(node.tracker.id);
  const children = node.children ?? [];
  if (mapped === 'epic' || height(node) >= 2) return 'epic';
  if (children.some((child) => selfWorkItemType(child, typeOf) === 'epic')) return 'epic';
  if (children.length > 0) return mapped === 'task' ? 'issue' : mapped;
  return mapped;
}

/**
 * The type an issue is imported as, given its parent's own type: a leaf under an issue or incident
 * becomes a task (the only child they may hold); a task under an epic becomes an issue.
 */
export function workItemTypeUnder(
  node: RedmineTreeNode,
  typeOf: TypeOf,
  parent: RedmineWorkItemType | null,
): RedmineWorkItemType {
  const own = selfWorkItemType(node, typeOf);
  if (own === 'epic' || (node.children?.length ?? 0) > 0 || parent === null) return own;
  if (parent === 'issue' || parent === 'incident') return 'task';
  if (parent === 'epic' && own === 'task') return 'issue';
  return own;
}

/** Where a parent–child pair of Redmine goes: an epic's parent, an epic's issue, a work item's parent link. */
export function hierarchyLinkOf(
  parent: RedmineWorkItemType,
  child: RedmineWorkItemType,
): 'epic_parent' | 'epic_issue' | 'parent_link' | null {
  if (parent === 'epic') return child === 'epic' ? 'epic_parent' : child === 'task' ? null : 'epic_issue';
  if ((parent === 'issue' || parent === 'incident') && child === 'task') return 'parent_link';
  return null;
}

/**
 * A Redmine relation (`issue_id` → `issue_to_id`) as a link: relates and copies are related items;
 * blocks and precedes (the first must end before the second) are blocking links; duplicates is a
 * related link and marks the first a duplicate of the second. Redmine stores the reverse types
 * (blocked, follows, duplicated, copied_from) turned around, but the API may still show them.
 */
export function relationLinkOf(type: string): {
  linkType: 'relates_to' | 'blocks';
  /** The link's source is `issue_to_id` (a reverse type). */
  reversed: boolean;
  /** The source issue is a duplicate of the target. */
  duplicate: boolean;
} | null {
  switch (type) {
    case 'relates':
    case 'copied_to':
      return { linkType: 'relates_to', reversed: false, duplicate: false };
    case 'copied_from':
      return { linkType: 'relates_to', reversed: true, duplicate: false };
    case 'blocks':
    case 'precedes':
      return { linkType: 'blocks', reversed: false, duplicate: false };
    case 'blocked':
    case 'follows':
      return { linkType: 'blocks', reversed: true, duplicate: false };
    case 'duplicates':
      return { linkType: 'relates_to', reversed: false, duplicate: true };
    case 'duplicated':
      return { linkType: 'relates_to', reversed: true, duplicate: true };
    default:
      return null;
  }
}

/** One change of a Redmine journal (`details`). */
export interface RedmineJournalDetail {
  property: string;
  name: string;
  old_value: string | null;
  new_value: string | null;
}

/** What a journal's ids are here: the labels of statuses, priorities, trackers and categories, people, milestones. */
export interface RedmineJournalNames {
  /** The label made for a status, priority, tracker or category (`status:3`), as its id. */
  labelId(key: string): number | undefined;
  statusClosed(statusId: number): boolean | undefined;
  username(userId: number): string | undefined;
  milestoneTitle(versionId: number): string | undefined;
  /** The issue reference of a Redmine issue id (`#12`, `other/project#12`). */
  issueReference(issueId: number): string;
}

const LABELLED: Record<string, string> = {
  status_id: 'status',
  priority_id: 'priority',
  tracker_id: 'tracker',
  category_id: 'category',
};

const RELATION_NOTES: Record<string, (ref: string) => string> = {
  relates: (ref) => issueLinkNote('relates_to', ref),
  copied_to: (ref) => issueLinkNote('relates_to', ref),
  copied_from: (ref) => issueLinkNote('relates_to', ref),
  duplicates: (ref) => `marked this issue as a duplicate of ${ref}`,
  duplicated: (ref) => `marked ${ref} as a duplicate of this issue`,
  blocks: (ref) => issueLinkNote('blocks', ref),
  precedes: (ref) => issueLinkNote('blocks', ref),
  blocked: (ref) => issueLinkNote('is_blocked_by', ref),
  follows: (ref) => issueLinkNote('is_blocked_by', ref),
};

const id = (value: string | null) => (value === null || value === '' ? null : Number(value));
const orNull = (value: string | null) => (value === null || value === '' ? null : value);

/**
 * A journal's attribute changes as Meridian's system notes (one per kind of change, GitLab's
 * wording): labels added and removed for status, priority, tracker and category, closed and
 * reopened, assignees, milestone, title, description, dates, estimate, confidentiality, relations.
 * Changes Meridian has no field for (done ratio, custom fields, attachments) are left out.
 */
export function journalSystemNotes(details: readonly RedmineJournalDetail[], names: RedmineJournalNames): string[] {
  const notes: string[] = [];
  const added: number[] = [];
  const removed: number[] = [];
  let state: string | null = null;
  for (const detail of details) {
    const { name } = detail;
    const [from, to] = [detail.old_value, detail.new_value];
    if (detail.property === 'relation') {
      const note = RELATION_NOTES[name];
      const other = id(to) ?? id(from);
      if (note && other !== null) {
        notes.push(to === null ? issueUnlinkNote(names.issueReference(other)) : note(names.issueReference(other)));
      }
      continue;
    }
    if (detail.property !== 'attr') continue;
    const labelled = LABELLED[name];
    if (labelled) {
      const before = id(from) === null ? undefined : names.labelId(`${labelled}:${from}`);
      const after = id(to) === null ? undefined : names.labelId(`${labelled}:${to}`);
      if (after !== undefined) added.push(after);
      if (before !== undefined) removed.push(before);
      if (name === 'status_id' && id(from) !== null && id(to) !== null) {
        const [was, is] = [names.statusClosed(id(from) as number), names.statusClosed(id(to) as number)];
        if (was !== undefined && is !== undefined && was !== is) state = stateChangedNote(is ? 'closed' : 'opened');
      }
      continue;
    }
    switch (name) {
      case 'assigned_to_id': {
        const user = (value: string | null) =>
          id(value) === null ? [] : [names.username(id(value) as number) ?? []].flat();
        const note = assigneesChangedNote(user(to), user(from));
        if (note) notes.push(note);
        break;
      }
      case 'fixed_version_id':
        notes.push(milestoneChangedNote(id(to) === null ? null : (names.milestoneTitle(id(to) as number) ?? null)));
        break;
      case 'subject':
        notes.push(titleChangedNote(from ?? '', to ?? ''));
        break;
      case 'description':
        notes.push(DESCRIPTION_CHANGED_NOTE);
        break;
      case 'due_date':
        notes.push(dueDateChangedNote(orNull(to)));
        break;
      case 'start_date':
        notes.push(orNull(to) ? `changed start date to ${formatQuickActionDate(to as string)}` : 'removed start date');
        break;
      case 'estimated_hours': {
        const seconds = orNull(to) === null ? 0 : Math.round(Number(to) * 3600);
        notes.push(seconds ? `changed time estimate to ${formatDuration(seconds)}` : 'removed time estimate');
        break;
      }
      case 'is_private':
        notes.push(confidentialityChangedNote(to === '1' || to === 'true'));
        break;
    }
  }
  const labels = labelsChangedNote(added, removed);
  return [...(labels ? [labels] : []), ...(state ? [state] : []), ...notes];
}
