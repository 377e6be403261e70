import { renderMarkdown } from '../../../markdown/render-markdown';
import type { ArchiveRecords } from '../../group-transfer';
import type { ItemOutcome } from '../importer';
import { type ArchiveImport, insertCreated, type Ref, same, times } from './archive-context';
import { keys, labelCandidates } from './archive-keys';
import type { EpicParent } from './archive-source';

/** GitLab's import source of a direct transfer: the Imported badge. */
export const IMPORTED_FROM = 'gitlab_migration';

const userRef = (username: string | null): Ref[] => (username ? [{ kind: 'users', key: keys.user(username) }] : []);
const labelRefs = (owner: { group_path: string | null; project_path: string | null }, titles: string[]): Ref[] =>
  titles.flatMap((title) => labelCandidates(owner, title).map((key) => ({ kind: 'labels' as const, key })));
const userId = (a: ArchiveImport, username: string | null) =>
  username === null ? null : (a.id('users', keys.user(username)) ?? null);

/** The nearest label of each title (the item's own container first, then its groups), as ids. */
function labelIds(
  a: ArchiveImport,
  owner: { group_path: string | null; project_path: string | null },
  titles: string[],
) {
  return titles.flatMap((title) => {
    for (const key of labelCandidates(owner, title)) {
      const id = a.id('labels', key);
      if (id !== undefined) return [id];
    }
    return [];
  });
}

export const issueRefs = (i: ArchiveRecords['issues']): Ref[] => [
  { kind: 'projects', key: keys.project(i.project_path) },
  ...userRef(i.author),
  ...userRef(i.closed_by),
  ...i.assignees.flatMap(userRef),
  ...labelRefs({ group_path: null, project_path: i.project_path }, i.labels),
  ...(i.milestone ? [{ kind: 'milestones' as const, key: keys.milestone(i.milestone, i.milestone.iid) }] : []),
  ...(i.iteration
    ? [{ kind: 'iterations' as const, key: keys.iteration(i.iteration.group_path, i.iteration.iid) }]
    : []),
];

/** An issue (a task or incident too) with its iid, author, dates, state, assignees, labels, milestone and iteration. */
export async function importIssue(a: ArchiveImport, i: ArchiveRecords['issues']): Promise<ItemOutcome> {
  const projectId = a.id('projects', keys.project(i.project_path));
  const project = projectId === undefined ? undefined : a.projects.get(projectId);
  if (!project) return { skipped: 'the issue belongs to a project the import did not create' };
  const { db } = a.ctx;
  const { created } = await insertCreated(a, 'issues', {
    project_id: project.id,
    ...same(i, [
      'iid',
      'issue_type',
      'title',
      'description',
      'state',
      'confidential',
      'discussion_locked',
      'weight',
      'health_status',
      'severity',
      'escalation_status',
      'due_date',
      'start_date',
      'time_estimate',
      'relative_position',
    ]),
    description_html: renderMarkdown(i.description, a.projectContext(project)),
    author_id: userId(a, i.author),
    closed_by_id: userId(a, i.closed_by),
    milestone_id: i.milestone ? (a.id('milestones', keys.milestone(i.milestone, i.milestone.iid)) ?? null) : null,
    iteration_id: i.iteration
      ? (a.id('iterations', keys.iteration(i.iteration.group_path, i.iteration.iid)) ?? null)
      : null,
    imported_from: IMPORTED_FROM,
    ...times(i),
    closed_at: i.closed_at === null ? null : new Date(i.closed_at),
  });
  const assignees = [...new Set(i.assignees.flatMap((u) => a.id('users', keys.user(u)) ?? []))];
  if (assignees.length > 0) {
    await db
      .insertInto('issue_assignees')
      .values(assignees.map((user_id) => ({ issue_id: created, user_id })))
      .execute();
  }
  const labels = [...new Set(labelIds(a, { group_path: null, project_path: i.project_path }, i.labels))];
  if (labels.length > 0) {
    await db
      .insertInto('issue_labels')
      .values(labels.map((label_id) => ({ issue_id: created, label_id })))
      .execute();
  }
  return { created };
}

const issueRef = (ref: { project_path: string; iid: number }): Ref => ({ kind: 'issues', key: keys.issue(ref) });
const epicRef = (ref: { group_path: string; iid: number }): Ref => ({ kind: 'epics', key: keys.epic(ref) });
const MISSING_ENDS = 'one of its ends is not in the import';

export const parentLinkRefs = (l: ArchiveRecords['work_item_parent_links']): Ref[] => [
  issueRef(l.parent),
  issueRef(l.child),
];

export async function importParentLink(
  a: ArchiveImport,
  l: ArchiveRecords['work_item_parent_links'],
): Promise<ItemOutcome> {
  const parent = a.id('issues', keys.issue(l.parent));
  const child = a.id('issues', keys.issue(l.child));
  if (parent === undefined || child === undefined) return { skipped: `child item link: ${MISSING_ENDS}` };
  return insertCreated(a, 'work_item_parent_links', {
    parent_issue_id: parent,
    child_issue_id: child,
    relative_position: l.relative_position,
    created_at: new Date(l.created_at),
  });
}

export const timelogRefs = (t: ArchiveRecords['timelogs']): Ref[] => [issueRef(t.issue), ...userRef(t.user)];

export async function importTimelog(a: ArchiveImport, t: ArchiveRecords['timelogs']): Promise<ItemOutcome> {
  const issue = a.id('issues', keys.issue(t.issue));
  if (issue === undefined) return { skipped: 'time log of an issue not in the import' };
  return insertCreated(a, 'timelogs', {
    issue_id: issue,
    user_id: userId(a, t.user),
    time_spent: t.time_spent,
    summary: t.summary,
    spent_at: new Date(t.spent_at),
    created_at: new Date(t.created_at),
  });
}

export const epicRefs = (e: ArchiveRecords['epics']): Ref[] => [
  { kind: 'groups', key: keys.group(e.group_path) },
  ...userRef(e.author),
  ...userRef(e.closed_by),
  ...labelRefs({ group_path: e.group_path, project_path: null }, e.labels),
];

/** An epic with its iid, dates (fixed and inherited as the archive has them), labels and color; its parent comes later. */
export async function importEpic(a: ArchiveImport, e: ArchiveRecords['epics']): Promise<ItemOutcome> {
  const groupId = a.id('groups', keys.group(e.group_path));
  const group = groupId === undefined ? undefined : a.groups.get(groupId);
  if (!group) return { skipped: 'the epic belongs to a group the import did not create' };
  const { created } = await insertCreated(a, 'epics', {
    group_id: group.id,
    ...same(e, [
      'iid',
      'title',
      'description',
      'state',
      'confidential',
      'color',
      'start_date_is_fixed',
      'start_date_fixed',
      'due_date_is_fixed',
      'due_date_fixed',
      'start_date',
      'relative_position',
    ]),
    description_html: renderMarkdown(e.description, { groupPath: group.full_path }),
    author_id: userId(a, e.author),
    closed_by_id: userId(a, e.closed_by),
    due_date: e.end_date,
    imported_from: IMPORTED_FROM,
    ...times(e),
    closed_at: e.closed_at === null ? null : new Date(e.closed_at),
  });
  const labels = [...new Set(labelIds(a, { group_path: e.group_path, project_path: null }, e.labels))];
  if (labels.length > 0) {
    await a.ctx.db
      .insertInto('epic_labels')
      .values(labels.map((label_id) => ({ epic_id: created, label_id })))
      .execute();
  }
  return { created };
}

export const epicParentRefs = (e: EpicParent): Ref[] => [epicRef(e), ...(e.parent ? [epicRef(e.parent)] : [])];

/** The second pass over the epics: each linked to its parent, now that every epic exists. */
export async function importEpicParent(a: ArchiveImport, e: EpicParent): Promise<ItemOutcome> {
  const id = a.id('epics', keys.epic(e));
  if (id === undefined) return { skipped: 'the epic was not imported' };
  if (!e.parent) return { created: id };
  const parent = a.id('epics', keys.epic(e.parent));
  if (parent === undefined) return { skipped: 'its parent epic is not in the import' };
  await a.ctx.db.updateTable('epics').set({ parent_id: parent }).where('id', '=', id).execute();
  return { created: id };
}

export const epicIssueRefs = (l: ArchiveRecords['epic_issues']): Ref[] => [epicRef(l.epic), issueRef(l.issue)];

export async function importEpicIssue(a: ArchiveImport, l: ArchiveRecords['epic_issues']): Promise<ItemOutcome> {
  const epic = a.id('epics', keys.epic(l.epic));
  const issue = a.id('issues', keys.issue(l.issue));
  if (epic === undefined || issue === undefined) return { skipped: `epic issue link: ${MISSING_ENDS}` };
  return insertCreated(a, 'epic_issues', {
    epic_id: epic,
    issue_id: issue,
    relative_position: l.relative_position,
    created_at: new Date(l.created_at),
  });
}

export const issueLinkRefs = (l: ArchiveRecords['issue_links']): Ref[] => [issueRef(l.source), issueRef(l.target)];

export async function importIssueLink(a: ArchiveImport, l: ArchiveRecords['issue_links']): Promise<ItemOutcome> {
  const source = a.id('issues', keys.issue(l.source));
  const target = a.id('issues', keys.issue(l.target));
  if (source === undefined || target === undefined) return { skipped: `related item link: ${MISSING_ENDS}` };
  // An "is blocked by" link is stored as the blocking side's "blocks".
  const [from, to] = l.link_type === 'is_blocked_by' ? [target, source] : [source, target];
  return insertCreated(a, 'issue_links', {
    source_id: from,
    target_id: to,
    link_type: l.link_type === 'relates_to' ? 'relates_to' : 'blocks',
    created_at: new Date(l.created_at),
    updated_at: new Date(l.updated_at),
  });
}
