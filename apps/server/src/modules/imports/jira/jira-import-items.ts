import {
  defaultJiraState,
  exclusiveScopedLabels,
  type JiraMapping,
  jiraFooter,
  jiraLabels,
  jiraLabelTitle,
  positionAtEnd,
  projectReferenceContext,
  withJiraFooter,
} from '@meridian/domain';
import { sql } from 'kysely';
import { renderMarkdown } from '../../../markdown/render-markdown';
import type { InTransaction } from '../../../service-context';
import { nextIid } from '../../internal-ids';
import { findOrCreateLabels } from '../../labels';
import type { GroupRow, ProjectRow } from '../../namespaces';
import type { ImportJobRow } from '../import-jobs';
import type { ItemOutcome } from '../importer';
import { milestonesByTitle } from '../milestone-titles';
import { type PeopleScope, userForSourcePerson } from '../source-people';
import type { SourceRef } from '../source-refs';
import type { JiraDownload } from './jira-attachment-download';
import { customFieldLabelValues } from './jira-custom-fields';
import type { JiraItem } from './jira-plan';
import { sourceKey } from './jira-plan';
import { historyPeople, type JiraIssueRecord, type JiraPerson } from './jira-records';

/** Jira's import source: the Imported badge, GitLab's `imported_from: jira`. */
export const IMPORTED_FROM = 'jira';

export type RefKind = 'user' | 'milestone' | 'epic' | 'issue';

/** What one batch of a Jira import's items is created with. */
export interface JiraBatch {
  ctx: InTransaction;
  job: ImportJobRow;
  project: ProjectRow;
  /** The group that owns the project, where epics go; null for a project of a user's namespace. */
  group: GroupRow | null;
  mayCreateEpics: boolean;
  mapping: JiraMapping;
  site: string | null;
  people: PeopleScope;
  /** How the issues' attachments are had: null when the job has no Jira site to sign in to. */
  attachments: { maxBytes: number; download(url: string): Promise<JiraDownload> } | null;
  id(kind: RefKind, key: string): number | undefined;
}

const userRef = (person: JiraPerson | null): SourceRef<RefKind>[] =>
  person ? [{ kind: 'user', key: sourceKey(person.key) }] : [];

/** What an item refers to, looked up for the whole batch in one statement. */
export function refsOf(item: JiraItem): SourceRef<RefKind>[] {
  switch (item.kind) {
    case 'user':
    case 'milestone':
      return [];
    case 'epic':
    case 'issue': {
      const { issue } = item;
      const version = issue.fixVersions[0];
      return [
        ...userRef(issue.reporter),
        ...userRef(issue.creator),
        ...userRef(issue.assignee),
        ...(version ? [{ kind: 'milestone' as const, key: sourceKey(version.name) }] : []),
      ];
    }
    case 'parent_link':
      return [
        { kind: 'issue', key: item.child },
        ...(item.parent ? [{ kind: 'issue' as const, key: item.parent }] : []),
      ];
    case 'epic_link':
      return [{ kind: 'issue', key: item.child }, ...(item.epic ? [{ kind: 'epic' as const, key: item.epic }] : [])];
    case 'issue_link':
      return [
        { kind: 'issue', key: item.source },
        { kind: 'issue', key: item.target },
      ];
    case 'note':
      return [{ kind: item.onKind, key: item.on }, ...userRef(item.comment.author)];
    case 'history':
      return [{ kind: item.onKind, key: item.on }, ...historyPeople([item.history]).flatMap(userRef)];
    case 'timelog':
      return [{ kind: 'issue', key: item.on }, ...userRef(item.worklog.author)];
    case 'watcher':
      return [{ kind: item.onKind, key: item.on }, ...userRef(item.person)];
    case 'attachment':
      return [{ kind: item.onKind, key: item.on }];
  }
}

export const personId = (b: JiraBatch, person: JiraPerson | null) =>
  person === null ? undefined : b.id('user', sourceKey(person.key));

/** The author of what an issue holds: the person named, else the importing user. */
export const authorId = (b: JiraBatch, ...people: Array<JiraPerson | null>) =>
  people.map((p) => personId(b, p)).find((id) => id !== undefined) ?? b.ctx.actor.id;

export const at = (iso: string | null, fallback: Date = new Date()) => (iso ? new Date(iso) : fallback);

/** Open or closed, as the mapping says for the issue's status (its category's default otherwise). */
export const stateOf = (b: JiraBatch, issue: JiraIssueRecord) =>
  b.mapping.statuses[issue.status] ?? defaultJiraState(issue.statusCategory);

/** The issue's labels: its own, its type's (as mapped), and its status, priority and last sprint as scoped labels. */
function labelTitles(b: JiraBatch, issue: JiraIssueRecord): string[] {
  const titles = [
    ...issue.labels.map(jiraLabelTitle),
    b.mapping.types[issue.type.name]?.label || null,
    jiraLabels.status(issue.status),
    issue.priority ? jiraLabels.priority(issue.priority) : null,
    issue.sprints.length > 0 ? jiraLabels.sprint(issue.sprints.at(-1) ?? '') : null,
    ...customFieldLabelValues(issue, (field) => b.mapping.custom_fields?.[field] === 'labels').map(({ field, value }) =>
      jiraLabels.custom(field, value),
    ),
  ].filter((t): t is string => t !== null && t !== '');
  return exclusiveScopedLabels([...new Set(titles)]);
}

/** The description as Jira had it, then the footer: the Jira key and what Meridian has no field for. */
function descriptionOf(b: JiraBatch, issue: JiraIssueRecord, asEpic: boolean): string {
  const footer = jiraFooter({
    key: issue.key,
    url: b.site ? `${b.site}/browse/${encodeURIComponent(issue.key)}` : null,
    resolution: issue.resolution,
    otherFixVersions: asEpic ? issue.fixVersions.map((v) => v.name) : issue.fixVersions.slice(1).map((v) => v.name),
    earlierSprints: issue.sprints.slice(0, -1),
    components: issue.components,
  });
  return withJiraFooter(issue.description, footer).slice(0, 1_048_576);
}

/** Times of the row: Jira's, or now when the file has none. */
function timesOf(issue: JiraIssueRecord, closed: boolean) {
  const created = at(issue.created);
  const updated = at(issue.updated, created);
  return {
    created_at: created,
    updated_at: updated,
    closed_at: closed ? at(issue.resolved, updated) : null,
  };
}

export async function importUser(b: JiraBatch, person: JiraPerson): Promise<ItemOutcome> {
  const { id } = await userForSourcePerson(b.ctx.db, b.people, {
    sourceId: person.key,
    username: person.username,
    email: person.email,
    name: person.name,
  });
  return { created: id };
}

/** A version as a milestone: the project's (or its groups') of the same title, else a new one of the project. */
export async function importMilestone(
  b: JiraBatch,
  version: { name: string; released: boolean | null; releaseDate: string | null },
): Promise<ItemOutcome> {
  const title = version.name.trim().slice(0, 255);
  if (title === '') return { skipped: 'the version has no name' };
  const existing = (await milestonesByTitle(b.ctx.db, b.project, [title])).get(title);
  if (existing !== undefined) return { created: existing };
  const row = await b.ctx.db
    .insertInto('milestones')
    .values({
      project_id: b.project.id,
      iid: await nextIid(b.ctx.db, 'project_milestones', b.project.id),
      title,
      state: version.released ? 'closed' : 'active',
      due_date: version.releaseDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

/**
 * An epic in the group that owns the project: title, description with the Jira footer, author
 * (reporter), open or closed with Jira's dates, its due date fixed, labels of the group.
 */
export async function importEpic(b: JiraBatch, issue: JiraIssueRecord): Promise<ItemOutcome> {
  const { group } = b;
  if (!group) return { skipped: 'the project is not in a group, so there is no group for its epics' };
  if (!b.mayCreateEpics) return { skipped: `the importing user may not create epics in ${group.full_path}` };
  if (issue.summary === '') return { skipped: 'the epic has no summary' };
  const { db } = b.ctx;
  const closed = stateOf(b, issue) === 'closed';
  const description = descriptionOf(b, issue, true);
  const row = await db
    .insertInto('epics')
    .values({
      group_id: group.id,
      iid: await nextIid(db, 'epics', group.id),
      title: issue.summary,
      description,
      description_html: renderMarkdown(description, { groupPath: group.full_path }),
      author_id: authorId(b, issue.reporter, issue.creator),
      state: closed ? 'closed' : 'opened',
      due_date_is_fixed: issue.due !== null,
      due_date_fixed: issue.due,
      due_date: issue.due,
      imported_from: IMPORTED_FROM,
      ...timesOf(issue, closed),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const labels = await findOrCreateLabels(
    db,
    { groupId: group.id, groupIds: group.traversal_ids },
    labelTitles(b, issue),
  );
  if (labels.length > 0) {
    await db
      .insertInto('epic_labels')
      .values(labels.map((label_id) => ({ epic_id: row.id, label_id })))
      .execute();
  }
  return { created: row.id };
}

/**
 * An issue, or a task (a sub-task): title, description with the Jira footer, author (reporter),
 * assignee, open or closed with Jira's dates, due date, estimate, milestone (the first fix version),
 * labels.
 */
export async function importIssue(
  b: JiraBatch,
  issue: JiraIssueRecord,
  as: 'issue' | 'task' | 'epic' | 'skip',
): Promise<ItemOutcome> {
  if (as === 'skip') return { skipped: `its type ${issue.type.name} is mapped to be skipped` };
  if (as === 'epic') return { skipped: `${issue.key} is an epic` };
  if (issue.summary === '') return { skipped: 'the issue has no summary' };
  const { db } = b.ctx;
  const { project } = b;
  const closed = stateOf(b, issue) === 'closed';
  const description = descriptionOf(b, issue, false);
  const last = await db
    .selectFrom('issues')
    .select(sql<number | null>`max(relative_position)`.as('max'))
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  const version = issue.fixVersions[0];
  const row = await db
    .insertInto('issues')
    .values({
      project_id: project.id,
      iid: await nextIid(db, 'issues', project.id),
      issue_type: as,
      title: issue.summary,
      description,
      description_html: renderMarkdown(description, projectReferenceContext(project)),
      author_id: authorId(b, issue.reporter, issue.creator),
      state: closed ? 'closed' : 'opened',
      due_date: issue.due,
      time_estimate: issue.estimateSeconds ?? 0,
      weight: issue.storyPoints,
      milestone_id: version ? (b.id('milestone', sourceKey(version.name)) ?? null) : null,
      relative_position: positionAtEnd(last?.max ?? null).position,
      imported_from: IMPORTED_FROM,
      ...timesOf(issue, closed),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assignee = personId(b, issue.assignee);
  if (assignee !== undefined) {
    await db.insertInto('issue_assignees').values({ issue_id: row.id, user_id: assignee }).execute();
  }
  const labels = await findOrCreateLabels(
    db,
    { projectId: project.id, groupIds: project.namespace_traversal_ids },
    labelTitles(b, issue),
  );
  if (labels.length > 0) {
    await db
      .insertInto('issue_labels')
      .values(labels.map((label_id) => ({ issue_id: row.id, label_id })))
      .execute();
  }
  return { created: row.id };
}
