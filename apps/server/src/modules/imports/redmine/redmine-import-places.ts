import { sql } from 'kysely';
import { nextIid } from '../../internal-ids';
import type { ItemOutcome } from '../importer';
import { userForSourcePerson } from '../source-people';
import { at, personId, type RedmineImport, type RedmineRef, userRef } from './redmine-context';
import type { RedmineItem } from './redmine-source';
import { redmineText } from './redmine-text';

type Of<K extends RedmineItem['kind']> = Extract<RedmineItem, { kind: K }>;

const PUBLIC = 20;
const PRIVATE = 0;

/** A person of the Redmine: matched by email, then login, else a placeholder (the archive importer's rule). */
export async function importRedmineUser(a: RedmineImport, { user }: Of<'users'>): Promise<ItemOutcome> {
  const name = `${user.firstname} ${user.lastname}`.trim() || user.login;
  const username = user.login || `redmine_user_${user.id}`;
  const { id } = await userForSourcePerson(
    a.ctx.db,
    { namespaceId: a.root.id, sourceHostname: a.source.url },
    { sourceId: username, username, email: user.mail || null, name },
  );
  return { created: id };
}

/** The group a project (or a project's own group) goes in: its parent's group, or the group imported into. */
const parentGroupId = (a: RedmineImport, parentId: number | undefined) =>
  (parentId === undefined ? undefined : a.id('groups', String(parentId))) ?? a.root.id;

export const groupRefs = ({ project }: Of<'groups'>): RedmineRef[] =>
  project.parent ? [{ kind: 'groups', key: String(project.parent.id) }] : [];

/** A project with subprojects becomes a group of the same path, holding its own project and theirs. */
export async function importRedmineGroup(a: RedmineImport, { project }: Of<'groups'>): Promise<ItemOutcome> {
  const parentId = parentGroupId(a, project.parent?.id);
  const row = await a.ctx.db
    .insertInto('namespaces')
    .values({
      type: 'Group',
      name: project.name.slice(0, 255),
      path: project.identifier,
      parent_id: parentId,
      visibility_level: sql<number>`least(${project.is_public === false ? PRIVATE : PUBLIC}, (SELECT visibility_level FROM namespaces WHERE id = ${parentId}))`,
      description: await redmineText(a, project.description, `project ${project.identifier}`),
      created_at: at(project.created_on),
      updated_at: at(project.updated_on),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

export const projectRefs = ({ project }: Of<'projects'>): RedmineRef[] => [
  { kind: 'groups', key: String(project.id) },
  ...(project.parent ? [{ kind: 'groups' as const, key: String(project.parent.id) }] : []),
];

/** A Redmine project as a project (path: its identifier); a closed one is archived. */
export async function importRedmineProject(a: RedmineImport, item: Of<'projects'>): Promise<ItemOutcome> {
  const { project } = item;
  const namespaceId = item.ownGroup ? a.id('groups', String(project.id)) : parentGroupId(a, project.parent?.id);
  if (namespaceId === undefined) return { skipped: "the project's group was not imported" };
  const row = await a.ctx.db
    .insertInto('projects')
    .values({
      namespace_id: namespaceId,
      creator_id: a.ctx.actor?.id ?? null,
      name: project.name.slice(0, 255),
      path: project.identifier,
      visibility_level: sql<number>`least(${project.is_public === false ? PRIVATE : PUBLIC}, (SELECT visibility_level FROM namespaces WHERE id = ${namespaceId}))`,
      description: await redmineText(a, project.description, `project ${project.identifier}`),
      archived: project.status === 5,
      created_at: at(project.created_on),
      updated_at: at(project.updated_on),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

export const labelRefs = (label: Of<'labels'>): RedmineRef[] =>
  label.projectId === null ? [] : [{ kind: 'projects', key: String(label.projectId) }];

/**
 * A status, priority or tracker as a scoped label of the group imported into (one already there with
 * the title is used); a category as a scoped label of its project.
 */
export async function importRedmineLabel(a: RedmineImport, label: Of<'labels'>): Promise<ItemOutcome> {
  const projectId = label.projectId === null ? null : a.id('projects', String(label.projectId));
  if (label.projectId !== null && projectId === undefined)
    return { skipped: "the category's project was not imported" };
  const owner = projectId ? { group_id: null, project_id: projectId } : { group_id: a.root.id, project_id: null };
  const title = label.title.slice(0, 255);
  const existing = await a.ctx.db
    .selectFrom('labels')
    .select('id')
    .where('title', '=', title)
    .$call((q) => (projectId ? q.where('project_id', '=', projectId) : q.where('group_id', '=', a.root.id)))
    .executeTakeFirst();
  if (existing) return { created: existing.id };
  const row = await a.ctx.db
    .insertInto('labels')
    .values({ ...owner, title, color: label.color, text_color: '#FFFFFF', description: label.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

export const milestoneRefs = ({ version }: Of<'milestones'>): RedmineRef[] => [
  { kind: 'projects', key: String(version.project.id) },
];

/**
 * A version as a milestone: of its project, or — shared with other projects — of the group imported
 * into. Closed versions are closed milestones (locked ones stay open: Meridian has no locked state).
 */
export async function importRedmineMilestone(a: RedmineImport, item: Of<'milestones'>): Promise<ItemOutcome> {
  const { version } = item;
  const projectId = item.shared ? undefined : a.id('projects', String(version.project.id));
  if (!item.shared && projectId === undefined) return { skipped: "the version's project was not imported" };
  const owner = projectId ? { group_id: null, project_id: projectId } : { group_id: a.root.id, project_id: null };
  const title = version.name.slice(0, 255);
  const existing = await a.ctx.db
    .selectFrom('milestones')
    .select('id')
    .where('title', '=', title)
    .$call((q) => (projectId ? q.where('project_id', '=', projectId) : q.where('group_id', '=', a.root.id)))
    .executeTakeFirst();
  if (existing) return { created: existing.id };
  const iid = projectId
    ? await nextIid(a.ctx.db, 'project_milestones', projectId)
    : await nextIid(a.ctx.db, 'group_milestones', a.root.id);
  const row = await a.ctx.db
    .insertInto('milestones')
    .values({
      ...owner,
      iid,
      title,
      description: await redmineText(a, version.description, `version ${version.id}`),
      state: version.status === 'closed' ? 'closed' : 'active',
      due_date: version.due_date,
      created_at: at(version.created_on),
      updated_at: at(version.updated_on),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

export const timeEntryRefs = ({ entry }: Of<'time_entries'>): RedmineRef[] => [
  ...(entry.issue
    ? [
        { kind: 'issues' as const, key: String(entry.issue.id) },
        { kind: 'epics' as const, key: String(entry.issue.id) },
      ]
    : []),
  ...userRef(entry.user),
];

/** Time spent on an issue, by whom, on which day; time on a project alone or on an epic has no place here. */
export async function importRedmineTimeEntry(a: RedmineImport, { entry }: Of<'time_entries'>): Promise<ItemOutcome> {
  if (!entry.issue) return { skipped: 'logged on the project, not on an issue' };
  const key = String(entry.issue.id);
  if (a.id('epics', key) !== undefined)
    return { skipped: `logged on #${key}, imported as an epic (epics have no time tracking)` };
  const issueId = a.id('issues', key);
  if (issueId === undefined) return { skipped: `logged on #${key}, which was not imported` };
  const seconds = Math.round(entry.hours * 3600);
  if (seconds === 0) return { skipped: 'no time (0 hours)' };
  const row = await a.ctx.db
    .insertInto('timelogs')
    .values({
      issue_id: issueId,
      user_id: await personId(a, entry.user),
      time_spent: seconds,
      summary: (entry.comments ?? '').slice(0, 255),
      spent_at: new Date(`${entry.spent_on}T00:00:00Z`),
      created_at: at(entry.created_on),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}
