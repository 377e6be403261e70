import { createHash } from 'node:crypto';
import { hierarchyLinkOf, journalSystemNotes, type RedmineWorkItemType, relationLinkOf } from '@meridian/domain';
import { type Insertable, sql } from 'kysely';
import type { NotesTable } from '../../../db/schema';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { nextIid } from '../../internal-ids';
import type { ItemOutcome } from '../importer';
import {
  at,
  dropSkip,
  personId,
  type RedmineImport,
  type RedmineRef,
  rememberKey,
  reportSkip,
  userRef,
} from './redmine-context';
import { labelKeys, type RedmineItem } from './redmine-source';
import { redmineText } from './redmine-text';
import type { RedmineIssue, RedmineRelation } from './redmine-types';

type IssueItem = Extract<RedmineItem, { kind: 'issues' }>;

/** Issue 32's Imported badge: what the issue or epic came from. */
export const IMPORTED_FROM = 'redmine';

const MAX_TITLE = 255;
const JOURNAL_LABELS: Record<string, keyof typeof labelKeys> = {
  status_id: 'status',
  priority_id: 'priority',
  tracker_id: 'tracker',
  category_id: 'category',
};

const otherEnd = (issue: RedmineIssue, r: RedmineRelation) => (r.issue_id === issue.id ? r.issue_to_id : r.issue_id);
const issueRefsOf = (id: number): RedmineRef[] => [
  { kind: 'issues', key: String(id) },
  { kind: 'epics', key: String(id) },
];

/** Everything an issue names, looked up for the whole batch in one statement. */
export function issueRefs(item: IssueItem): RedmineRef[] {
  const { issue } = item;
  const journalRefs = (issue.journals ?? []).flatMap((j) => [
    ...userRef(j.user),
    ...j.details.flatMap((d): RedmineRef[] => {
      if (d.property !== 'attr') return [];
      const values = [d.old_value, d.new_value].filter((v): v is string => v !== null && v !== '');
      const label = JOURNAL_LABELS[d.name];
      if (label) return values.map((v) => ({ kind: 'labels', key: labelKeys[label](Number(v)) }));
      if (d.name === 'assigned_to_id') return values.map((v) => ({ kind: 'users', key: v }));
      return [];
    }),
  ]);
  return [
    { kind: 'projects', key: String(issue.project.id) },
    ...userRef(issue.author),
    ...userRef(issue.assigned_to),
    ...(issue.watchers ?? []).flatMap(userRef),
    { kind: 'labels', key: labelKeys.status(issue.status.id) },
    { kind: 'labels', key: labelKeys.tracker(issue.tracker.id) },
    ...(issue.priority ? [{ kind: 'labels' as const, key: labelKeys.priority(issue.priority.id) }] : []),
    ...(issue.category ? [{ kind: 'labels' as const, key: labelKeys.category(issue.category.id) }] : []),
    ...(issue.fixed_version ? [{ kind: 'milestones' as const, key: String(issue.fixed_version.id) }] : []),
    ...(issue.parent ? issueRefsOf(issue.parent.id) : []),
    ...(issue.children ?? []).flatMap((c) => issueRefsOf(c.id)),
    ...(issue.relations ?? []).flatMap((r) => issueRefsOf(otherEnd(issue, r))),
    ...journalRefs,
  ];
}

/** Who closed it: the author of the last journal that moved it to a closed status. */
function closerOf(a: RedmineImport, issue: RedmineIssue) {
  const closing = (issue.journals ?? []).filter((j) =>
    j.details.some(
      (d) => d.property === 'attr' && d.name === 'status_id' && a.source.statusClosed.get(Number(d.new_value)),
    ),
  );
  return closing.at(-1)?.user;
}

/** An iid: Redmine's id where it is free (so `#123` still means issue 123), else the next one. */
async function iidFor(a: RedmineImport, usage: 'issues' | 'epics', containerId: number, wanted: number) {
  const taken =
    usage === 'issues'
      ? await a.ctx.db
          .selectFrom('issues')
          .select('id')
          .where('project_id', '=', containerId)
          .where('iid', '=', wanted)
          .executeTakeFirst()
      : await a.ctx.db
          .selectFrom('epics')
          .select('id')
          .where('group_id', '=', containerId)
          .where('iid', '=', wanted)
          .executeTakeFirst();
  if (taken) return nextIid(a.ctx.db, usage, containerId);
  await sql`
    INSERT INTO internal_ids (usage, container_id, last_value) VALUES (${usage}, ${containerId}, ${wanted})
    ON CONFLICT (usage, container_id) DO UPDATE SET last_value = greatest(internal_ids.last_value, ${wanted})`.execute(
    a.ctx.db,
  );
  return wanted;
}

const discussionId = (jobId: number, journalId: number, n: number) =>
  createHash('sha256').update(`redmine:${jobId}:${journalId}:${n}`).digest('hex').slice(0, 40);

/**
 * A Redmine issue as an issue, task, incident or epic (its resolved type), keeping its id as the iid,
 * its author, dates, closed state and closer; its status, priority, tracker and category as labels;
 * its version as the milestone; its assignee, watchers (subscribers), estimate; its journals as
 * comments (private notes internal) and system notes, with their authors and times; and its links to
 * the issues already imported — parent and children, relations — the other end making those later.
 */
export async function importRedmineIssue(a: RedmineImport, item: IssueItem): Promise<ItemOutcome> {
  const { issue, type } = item;
  const projectId = a.id('projects', String(issue.project.id));
  const project = projectId === undefined ? undefined : a.projects.get(projectId);
  if (!project) return { skipped: `its project (${issue.project.name}) was not imported` };
  const { db } = a.ctx;
  const author = await personId(a, issue.author);
  const closed =
    issue.closed_on !== null && (issue.status.is_closed ?? a.source.statusClosed.get(issue.status.id) ?? false);
  const closer = closed ? await personId(a, closerOf(a, issue)) : null;
  const title = issue.subject.slice(0, MAX_TITLE) || `Redmine issue ${issue.id}`;
  const description = await redmineText(a, issue.description, String(issue.id));
  const context = a.projectContext(project);
  const common = {
    title,
    description,
    description_html: renderMarkdown(description, context),
    author_id: author,
    closed_by_id: closer,
    state: closed ? 'closed' : 'opened',
    confidential: issue.is_private === true,
    imported_from: IMPORTED_FROM,
    created_at: at(issue.created_on),
    updated_at: at(issue.updated_on),
    closed_at: closed && issue.closed_on ? at(issue.closed_on) : null,
  };
  const labels = [
    labelKeys.status(issue.status.id),
    labelKeys.tracker(issue.tracker.id),
    ...(issue.priority ? [labelKeys.priority(issue.priority.id)] : []),
    ...(issue.category ? [labelKeys.category(issue.category.id)] : []),
  ].flatMap((key) => a.id('labels', key) ?? []);
  const key = String(issue.id);
  let created: number;
  let noteable: { type: 'Issue' | 'Epic'; project_id: number | null; group_id: number | null };
  if (type === 'epic') {
    const groupId = project.namespace_id;
    const row = await db
      .insertInto('epics')
      .values({
        ...common,
        group_id: groupId,
        iid: await iidFor(a, 'epics', groupId, issue.id),
        start_date_is_fixed: issue.start_date !== null,
        start_date_fixed: issue.start_date,
        start_date: issue.start_date,
        due_date_is_fixed: issue.due_date !== null,
        due_date_fixed: issue.due_date,
        due_date: issue.due_date,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    created = row.id;
    noteable = { type: 'Epic', project_id: null, group_id: groupId };
    await rememberKey(a, 'epics', key, created);
    if (labels.length > 0) {
      await db
        .insertInto('epic_labels')
        .values(labels.map((label_id) => ({ epic_id: created, label_id })))
        .execute();
    }
  } else {
    const row = await db
      .insertInto('issues')
      .values({
        ...common,
        project_id: project.id,
        iid: await iidFor(a, 'issues', project.id, issue.id),
        issue_type: type,
        start_date: issue.start_date,
        due_date: issue.due_date,
        milestone_id: issue.fixed_version ? (a.id('milestones', String(issue.fixed_version.id)) ?? null) : null,
        time_estimate: Math.max(0, Math.round((issue.estimated_hours ?? 0) * 3600)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    created = row.id;
    noteable = { type: 'Issue', project_id: project.id, group_id: null };
    if (labels.length > 0) {
      await db
        .insertInto('issue_labels')
        .values(labels.map((label_id) => ({ issue_id: created, label_id })))
        .execute();
    }
    const assignee = await personId(a, issue.assigned_to);
    if (assignee !== null)
      await db.insertInto('issue_assignees').values({ issue_id: created, user_id: assignee }).execute();
  }
  a.remember('issues', key, created);

  const watchers = new Set<number>();
  for (const watcher of issue.watchers ?? []) {
    const id = await personId(a, watcher);
    if (id !== null) watchers.add(id);
  }
  if (watchers.size > 0) {
    await db
      .insertInto('subscriptions')
      .values(
        [...watchers].map((user_id) => ({
          user_id,
          subscribable_type: noteable.type,
          subscribable_id: created,
          subscribed: true,
        })),
      )
      .execute();
  }

  const notes: Insertable<NotesTable>[] = [];
  const names = {
    labelId: (k: string) => a.id('labels', k),
    statusClosed: (status: number) => a.source.statusClosed.get(status),
    username: (user: number) => {
      const id = a.id('users', String(user));
      return id === undefined ? undefined : a.usernames.get(id);
    },
    milestoneTitle: (version: number) => a.source.versionTitles.get(version),
    issueReference: (id: number) => `#${id}`,
  };
  for (const journal of issue.journals ?? []) {
    const by = await personId(a, journal.user);
    const texts = [
      ...journalSystemNotes(journal.details, names).map((note) => ({ note, system: true, internal: false })),
      ...(journal.notes?.trim()
        ? [
            {
              note: await redmineText(a, journal.notes, `${issue.id}#${journal.id}`),
              system: false,
              internal: journal.private_notes === true,
            },
          ]
        : []),
    ];
    texts.forEach((text, n) => {
      notes.push({
        noteable_type: noteable.type,
        noteable_id: created,
        project_id: noteable.project_id,
        group_id: noteable.group_id,
        author_id: by,
        discussion_id: discussionId(a.job.id, journal.id, n),
        note: text.note,
        note_html: renderMarkdown(text.note, context),
        system: text.system,
        internal: text.internal,
        created_at: at(journal.created_on),
        updated_at: at(journal.created_on),
      });
    });
  }
  if (notes.length > 0) await db.insertInto('notes').values(notes).execute();

  if (issue.parent || (issue.children?.length ?? 0) > 0) await linkParent(a, item, created);
  await linkRelations(a, issue, created, type === 'epic');
  return { created };
}

/** Links the issue to its parent and its children that are already here (the later of two links them). */
async function linkParent(a: RedmineImport, item: IssueItem, created: number) {
  const { issue } = item;
  const pairs: Array<{
    parent: number;
    parentType: RedmineWorkItemType;
    child: number;
    childType: RedmineWorkItemType;
    childKey: number;
  }> = [];
  if (issue.parent && item.parentType) {
    const parent = a.id('issues', String(issue.parent.id));
    if (parent !== undefined)
      pairs.push({ parent, parentType: item.parentType, child: created, childType: item.type, childKey: issue.id });
  }
  for (const child of issue.children ?? []) {
    const childId = a.id('issues', String(child.id));
    const childType = item.childTypes[String(child.id)];
    if (childId !== undefined && childType) {
      pairs.push({ parent: created, parentType: item.type, child: childId, childType, childKey: child.id });
    }
  }
  for (const pair of pairs) {
    const link = hierarchyLinkOf(pair.parentType, pair.childType);
    if (link === 'epic_parent') {
      await a.ctx.db.updateTable('epics').set({ parent_id: pair.parent }).where('id', '=', pair.child).execute();
    } else if (link === 'epic_issue') {
      await a.ctx.db.insertInto('epic_issues').values({ epic_id: pair.parent, issue_id: pair.child }).execute();
    } else if (link === 'parent_link') {
      await a.ctx.db
        .insertInto('work_item_parent_links')
        .values({ parent_issue_id: pair.parent, child_issue_id: pair.child })
        .execute();
    } else {
      await reportSkip(
        a,
        'parents',
        String(pair.childKey),
        `a ${pair.childType} cannot be a child of an ${pair.parentType} here`,
      );
    }
  }
}

/**
 * Each relation with an issue already here becomes a link (related, blocking; a duplicate is related
 * and marked); one whose other end is not here yet is reported until that end arrives and links it.
 */
async function linkRelations(a: RedmineImport, issue: RedmineIssue, created: number, isEpic: boolean) {
  for (const relation of issue.relations ?? []) {
    const key = String(relation.id);
    const other = otherEnd(issue, relation);
    const otherId = a.id('issues', String(other));
    if (otherId === undefined) {
      await reportSkip(a, 'relations', key, `#${other} (${relation.relation_type} #${issue.id}) is not in the import`);
      continue;
    }
    await dropSkip(a, 'relations', key);
    const link = relationLinkOf(relation.relation_type);
    if (!link) {
      await reportSkip(a, 'relations', key, `Redmine's ${relation.relation_type} relation has no kind of link here`);
      continue;
    }
    const otherIsEpic = a.id('epics', String(other)) !== undefined;
    if (isEpic !== otherIsEpic) {
      await reportSkip(
        a,
        'relations',
        key,
        `#${relation.issue_id} ${relation.relation_type} #${relation.issue_to_id}: an epic and an issue cannot be linked`,
      );
      continue;
    }
    const ids = relation.issue_id === issue.id ? [created, otherId] : [otherId, created];
    const [source, target] = (link.reversed ? [ids[1], ids[0]] : ids) as [number, number];
    const table = isEpic ? 'epic_links' : 'issue_links';
    await sql`INSERT INTO ${sql.table(table)} (source_id, target_id, link_type) VALUES (${source}, ${target}, ${link.linkType})
      ON CONFLICT (source_id, target_id) DO NOTHING`.execute(a.ctx.db);
    if (link.duplicate && !isEpic) {
      await a.ctx.db.updateTable('issues').set({ duplicated_to_id: target }).where('id', '=', source).execute();
    }
  }
}
