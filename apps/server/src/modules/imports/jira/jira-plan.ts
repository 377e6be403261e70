import { createHash } from 'node:crypto';
import {
  type JiraItemKind,
  type JiraMapping,
  type JiraStatusSeen,
  type JiraTypeSeen,
  jiraLinkType,
} from '@meridian/domain';
import type { SourceItem } from '../importer';
import type {
  JiraAttachment,
  JiraComment,
  JiraHistory,
  JiraIssueRecord,
  JiraPerson,
  JiraVersion,
  JiraWorklog,
} from './jira-records';
import { historyPeople } from './jira-records';

/**
 * A Jira file as import items, kind after kind, in the order they are created: the people first, then
 * the versions (milestones), the epics, the issues and tasks, and then what joins them — sub-tasks to
 * their parents, issues to their epics, links — and what hangs on them: comments, history (system notes),
 * work logs, watchers.
 * Every item's source id is Jira's own (the issue key, `KEY#comment id`, …), so the job's keys double
 * as the map from Jira to the rows created, and a re-run finds what it made.
 */

/** The kinds of item, in the order they are imported (the counters and the progress bar list them so). */
export const JIRA_ITEM_ORDER = [
  'user',
  'milestone',
  'epic',
  'issue',
  'parent_link',
  'epic_link',
  'issue_link',
  'note',
  'history',
  'timelog',
  'watcher',
] as const;
export type JiraItemType = (typeof JIRA_ITEM_ORDER)[number];

export type JiraItem =
  | { kind: 'user'; person: JiraPerson }
  | { kind: 'milestone'; version: JiraVersion }
  | { kind: 'epic'; issue: JiraIssueRecord }
  | { kind: 'issue'; issue: JiraIssueRecord; as: JiraItemKind }
  | { kind: 'parent_link'; child: string; parent: string | null; problem: string | null }
  | { kind: 'epic_link'; child: string; epic: string | null; problem: string | null }
  | {
      kind: 'issue_link';
      source: string;
      target: string;
      type: 'blocks' | 'relates_to';
      problem: string | null;
    }
  | { kind: 'note'; on: string; onKind: 'epic' | 'issue'; comment: JiraComment; fallbackDate: string | null }
  | { kind: 'history'; on: string; onKind: 'epic' | 'issue'; history: JiraHistory }
  | { kind: 'timelog'; on: string; worklog: JiraWorklog; problem: string | null }
  | { kind: 'watcher'; on: string; onKind: 'epic' | 'issue'; person: JiraPerson }
  | { kind: 'attachment'; on: string; onKind: 'epic' | 'issue'; attachment: JiraAttachment };

/** A key of `import_job_items` (at most 255 characters): the text itself, or its hash when longer. */
export const sourceKey = (key: string) =>
  key.length <= 255 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;

export interface JiraPlan {
  items: SourceItem<JiraItem>[];
  /** `attachment` only when they are downloaded (the job signs in to the Jira site). */
  totals: Record<JiraItemType, number> & { attachment?: number };
}

/** An attachment's source id, `KEY/n/filename`: the report's key whether it is listed or downloaded. */
export const attachmentSourceId = (issueKey: string, index: number, filename: string) =>
  `${issueKey}/${index + 1}/${filename}`.slice(0, 255);

/** What each issue type and status of the file is, with how many issues have it: the mapping preview. */
export function typesAndStatuses(issues: readonly JiraIssueRecord[]) {
  const types = new Map<string, JiraTypeSeen & { count: number }>();
  const statuses = new Map<string, JiraStatusSeen & { count: number }>();
  for (const issue of issues) {
    const type = types.get(issue.type.name) ?? { ...issue.type, count: 0 };
    type.count += 1;
    type.subtask ||= issue.type.subtask;
    types.set(issue.type.name, type);
    const status = statuses.get(issue.status) ?? { name: issue.status, category: issue.statusCategory, count: 0 };
    status.count += 1;
    statuses.set(issue.status, status);
  }
  return { types: [...types.values()], statuses: [...statuses.values()] };
}

/** Where an issue goes: its mapped kind (a type the mapping does not name is imported as an issue). */
export const kindOf = (mapping: JiraMapping, issue: JiraIssueRecord): JiraItemKind =>
  mapping.types[issue.type.name]?.kind ?? 'issue';

/** The people an issue names: assignee, reporter, creator, comment and work log authors, watchers. */
function peopleOf(issue: JiraIssueRecord): JiraPerson[] {
  return [
    issue.reporter,
    issue.creator,
    issue.assignee,
    ...issue.comments.map((c) => c.author),
    ...issue.worklogs.map((w) => w.author),
    ...issue.watchers,
    ...historyPeople(issue.history),
  ].flatMap((p) => p ?? []);
}

/** The sub-task parent and epic links of one issue or task, with why one cannot be made. */
function hierarchyItems(
  issue: JiraIssueRecord,
  kind: JiraItemKind,
  find: (ref: string) => JiraIssueRecord | undefined,
  kindOfIssue: (issue: JiraIssueRecord) => JiraItemKind,
): Extract<JiraItem, { kind: 'parent_link' | 'epic_link' }>[] {
  const items: Extract<JiraItem, { kind: 'parent_link' | 'epic_link' }>[] = [];
  const parent = issue.parent ? find(issue.parent) : undefined;
  const parentIsEpic = parent !== undefined && kindOfIssue(parent) === 'epic';
  const epicRef = issue.epic ?? (parentIsEpic ? issue.parent : null);
  if (epicRef !== null) {
    const epic = find(epicRef);
    const epicKey = epic?.key ?? epicRef;
    let problem: string | null = null;
    if (!epic) problem = `its epic ${epicRef} is not in the file`;
    else if (kindOfIssue(epic) !== 'epic') problem = `its epic ${epic.key} is not imported as an epic`;
    else if (kind === 'task')
      problem = `a task cannot be in an epic (Meridian's epics hold issues); ${issue.key} is a task`;
    items.push({ kind: 'epic_link', child: issue.key, epic: epicKey, problem });
  }
  // A parent that is an epic was taken as the epic above (Jira Cloud's `parent` of a story).
  if (issue.parent !== null && !parentIsEpic) {
    let problem: string | null = null;
    if (!parent) problem = `its parent ${issue.parent} is not in the file`;
    else if (kindOfIssue(parent) === 'skip') problem = `its parent ${parent.key} is not imported (its type is skipped)`;
    else if (kind !== 'task') {
      problem = `only tasks go under issues in Meridian; ${issue.key} is imported as an issue (map its type ${issue.type.name} to task)`;
    } else if (kindOfIssue(parent) !== 'issue') problem = `its parent ${parent.key} is not imported as an issue`;
    items.push({ kind: 'parent_link', child: issue.key, parent: parent?.key ?? issue.parent, problem });
  }
  return items;
}

/** The links of the file, each once (Jira shows a link on both issues), with why one cannot be made. */
function linkItems(
  issues: readonly JiraIssueRecord[],
  find: (ref: string) => JiraIssueRecord | undefined,
  kindOfIssue: (issue: JiraIssueRecord) => JiraItemKind,
): SourceItem<JiraItem>[] {
  const byKey = new Map<string, SourceItem<JiraItem>>();
  for (const issue of issues) {
    if (kindOfIssue(issue) === 'skip') continue;
    for (const link of issue.links) {
      const other = find(link.ref);
      const otherKey = other?.key ?? link.ref;
      const type = jiraLinkType(link.type);
      // A block goes from the blocking issue; a relation has no direction (its ends in key order).
      const [source, target] =
        type === 'blocks'
          ? link.direction === 'outward'
            ? [issue.key, otherKey]
            : [otherKey, issue.key]
          : [issue.key, otherKey].sort();
      const id = sourceKey(`${type}:${source}>${target}`);
      if (byKey.has(id) || source === undefined || target === undefined) continue;
      let problem: string | null = null;
      const ends = [issue, other];
      if (!other) problem = `the linked issue ${link.ref} is not in the file`;
      else if (ends.some((end) => end && kindOfIssue(end) === 'epic')) {
        problem = `links join issues in Meridian; ${ends.find((e) => e && kindOfIssue(e) === 'epic')?.key} is an epic`;
      } else if (kindOfIssue(other) === 'skip')
        problem = `the linked issue ${other.key} is not imported (its type is skipped)`;
      byKey.set(id, { kind: 'issue_link', sourceId: id, data: { kind: 'issue_link', source, target, type, problem } });
    }
  }
  return [...byKey.values()];
}

/** A work log for the time an issue says was spent when the file has no work logs (Jira's CSV without `Log Work`). */
function worklogsOf(issue: JiraIssueRecord): JiraWorklog[] {
  if (issue.worklogs.length > 0 || !issue.spentSeconds) return issue.worklogs;
  return [
    {
      id: 'time-spent',
      author: issue.assignee ?? issue.reporter,
      comment: 'Time spent in Jira',
      started: issue.resolved ?? issue.updated ?? issue.created,
      seconds: issue.spentSeconds,
    },
  ];
}

/** The file's import items under `mapping`, in import order, and how many there are of each kind. */
export function planJiraImport(
  issues: readonly JiraIssueRecord[],
  mapping: JiraMapping,
  options: { attachments?: boolean } = {},
): JiraPlan {
  const byKey = new Map(issues.map((issue) => [issue.key, issue]));
  const byId = new Map(issues.flatMap((issue) => (issue.id ? [[issue.id, issue] as const] : [])));
  const find = (ref: string) => byKey.get(ref) ?? byId.get(ref);
  const kindOfIssue = (issue: JiraIssueRecord) => kindOf(mapping, issue);
  const of: { [K in JiraItemType]: SourceItem<JiraItem>[] } = {
    user: [],
    milestone: [],
    epic: [],
    issue: [],
    parent_link: [],
    epic_link: [],
    issue_link: [],
    note: [],
    history: [],
    timelog: [],
    watcher: [],
  };
  // After every other kind: an attachment's link is the last thing written to its issue's description.
  const attachments: SourceItem<JiraItem>[] = [];
  const add = (kind: JiraItemType, sourceId: string, data: JiraItem) =>
    of[kind].push({ kind, sourceId: sourceKey(sourceId), data });
  const people = new Map<string, JiraPerson>();
  const versions = new Map<string, JiraVersion>();
  for (const issue of issues) {
    const kind = kindOfIssue(issue);
    if (kind === 'skip') {
      add('issue', issue.key, { kind: 'issue', issue, as: 'skip' });
      continue;
    }
    for (const person of peopleOf(issue)) if (!people.has(person.key)) people.set(person.key, person);
    if (kind !== 'epic') {
      for (const version of issue.fixVersions) {
        const known = versions.get(version.name);
        if (!known || (known.releaseDate === null && version.releaseDate !== null)) versions.set(version.name, version);
      }
    }
    if (kind === 'epic') add('epic', issue.key, { kind: 'epic', issue });
    else add('issue', issue.key, { kind: 'issue', issue, as: kind });
    const onKind = kind === 'epic' ? 'epic' : 'issue';
    if (kind !== 'epic') {
      for (const item of hierarchyItems(issue, kind, find, kindOfIssue)) add(item.kind, issue.key, item);
    }
    for (const comment of issue.comments) {
      add('note', `${issue.key}#${comment.id}`, {
        kind: 'note',
        on: issue.key,
        onKind,
        comment,
        fallbackDate: issue.created,
      });
    }
    for (const history of issue.history) {
      add('history', `${issue.key}~${history.id}`, { kind: 'history', on: issue.key, onKind, history });
    }
    for (const worklog of worklogsOf(issue)) {
      add('timelog', `${issue.key}#${worklog.id}`, {
        kind: 'timelog',
        on: issue.key,
        worklog,
        problem: kind === 'epic' ? 'epics have no time tracking in Meridian' : null,
      });
    }
    const watchers = new Map(issue.watchers.map((person) => [person.key, person]));
    for (const person of watchers.values()) {
      add('watcher', `${issue.key}>${person.key}`, { kind: 'watcher', on: issue.key, onKind, person });
    }
    if (options.attachments) {
      issue.attachments.forEach((attachment, i) => {
        attachments.push({
          kind: 'attachment',
          sourceId: attachmentSourceId(issue.key, i, attachment.filename),
          data: { kind: 'attachment', on: issue.key, onKind, attachment },
        });
      });
    }
  }
  for (const person of people.values()) add('user', person.key, { kind: 'user', person });
  for (const version of versions.values()) add('milestone', version.name, { kind: 'milestone', version });
  of.issue_link = linkItems(issues, find, kindOfIssue);
  const totals = Object.fromEntries(JIRA_ITEM_ORDER.map((kind) => [kind, of[kind].length])) as JiraPlan['totals'];
  if (options.attachments) totals.attachment = attachments.length;
  return { items: [...JIRA_ITEM_ORDER.flatMap((kind) => of[kind]), ...attachments], totals };
}
