import {
  assigneesChangedNote,
  DESCRIPTION_CHANGED_NOTE,
  dueDateChangedNote,
  labelsChangedNote,
  milestoneChangedNote,
  titleChangedNote,
} from '../system-notes/change-notes';
import { jiraLabels, jiraLabelTitle } from './jira-mapping';

/**
 * Jira's history of an issue (`expand=changelog`: `histories[{author, created, items[{field, from,
 * fromString, to, toString}]}]`) as Meridian's system notes, in the words the writers use for the same
 * change here: Jira's status, priority, sprint and labels are labels in Meridian (`status::Done`, …), so
 * their changes are label changes (`added ~12 label and removed ~11 label`), plus `closed` or `reopened`
 * when the status moves across the open/closed line the mapping draws; the assignee, the fix version
 * (the milestone), the summary (the title), the description and the due date have their own notes.
 * Other fields (resolution, components, rank, custom fields…) have no note.
 */

export interface JiraHistoryChange {
  field: string;
  /** Jira's ids (a user's username or account id for the assignee). */
  from: string | null;
  to: string | null;
  /** What Jira shows: names, titles, comma- or space-separated lists. */
  fromString: string | null;
  toString: string | null;
}

export interface JiraHistoryNames {
  /** A label's id here, by title (labels are found or made before). */
  labelId(title: string): number | undefined;
  /** The username here of a person Jira names by id (username or account id). */
  username(personId: string): string | undefined;
  /** Whether the mapping closes an issue in this status. */
  closed(status: string): boolean;
}

const field = (change: JiraHistoryChange) => change.field.trim().toLowerCase();
const sprintList = (s: string | null) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const labelList = (s: string | null) => (s ?? '').split(' ').filter(Boolean);

/** The label titles a change names, before and after: what `jiraHistoryNotes` asks `labelId` for. */
function labelTitlesOf(change: JiraHistoryChange): { before: string[]; after: string[] } {
  const one = (title: string | null) => (title === null ? [] : [title]);
  switch (field(change)) {
    case 'status':
      return {
        before: one(change.fromString ? jiraLabels.status(change.fromString) : null),
        after: one(change.toString ? jiraLabels.status(change.toString) : null),
      };
    case 'priority':
      return {
        before: one(change.fromString ? jiraLabels.priority(change.fromString) : null),
        after: one(change.toString ? jiraLabels.priority(change.toString) : null),
      };
    case 'sprint': {
      const last = (s: string | null) => sprintList(s).at(-1) ?? null;
      const [was, is] = [last(change.fromString), last(change.toString)];
      if (was === is) return { before: [], after: [] };
      return { before: one(was && jiraLabels.sprint(was)), after: one(is && jiraLabels.sprint(is)) };
    }
    case 'labels': {
      const was = new Set(labelList(change.fromString));
      const is = new Set(labelList(change.toString));
      const titles = (list: string[]) => list.flatMap((l) => one(jiraLabelTitle(l)));
      return { before: titles([...was].filter((l) => !is.has(l))), after: titles([...is].filter((l) => !was.has(l))) };
    }
    default:
      return { before: [], after: [] };
  }
}

/** Every label title the history names (to be found or made before the notes are written). */
export function jiraHistoryLabelTitles(changes: readonly JiraHistoryChange[]): string[] {
  return [
    ...new Set(
      changes.flatMap((c) => {
        const { before, after } = labelTitlesOf(c);
        return [...before, ...after];
      }),
    ),
  ];
}

/** The system notes of one history entry (one author, one moment), in the order Meridian writes them. */
export function jiraHistoryNotes(changes: readonly JiraHistoryChange[], names: JiraHistoryNames): string[] {
  const added: number[] = [];
  const removed: number[] = [];
  let state: 'closed' | 'reopened' | null = null;
  const notes: string[] = [];
  const ids = (titles: string[]) => titles.flatMap((t) => [names.labelId(t) ?? []].flat());
  for (const change of changes) {
    const { before, after } = labelTitlesOf(change);
    added.push(...ids(after));
    removed.push(...ids(before));
    switch (field(change)) {
      case 'status':
        if (change.fromString && change.toString) {
          const [was, is] = [names.closed(change.fromString), names.closed(change.toString)];
          if (!was && is) state = 'closed';
          if (was && !is) state = 'reopened';
        }
        break;
      case 'assignee': {
        const user = (id: string | null) => (id ? [names.username(id) ?? []].flat() : []);
        const note = assigneesChangedNote(user(change.to), user(change.from));
        if (note) notes.push(note);
        break;
      }
      case 'fix version':
      case 'fixversion':
      case 'fix version/s':
        notes.push(milestoneChangedNote(change.toString?.trim() || null));
        break;
      case 'summary':
        notes.push(titleChangedNote(change.fromString ?? '', change.toString ?? ''));
        break;
      case 'description':
        notes.push(DESCRIPTION_CHANGED_NOTE);
        break;
      case 'duedate': {
        const day = (change.to ?? '').slice(0, 10);
        notes.push(dueDateChangedNote(/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null));
        break;
      }
    }
  }
  const labels = labelsChangedNote(added, removed);
  return [...(labels ? [labels] : []), ...(state ? [state] : []), ...notes];
}
