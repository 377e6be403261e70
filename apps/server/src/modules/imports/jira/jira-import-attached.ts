import { createHash } from 'node:crypto';
import {
  defaultJiraState,
  jiraHistoryLabelTitles,
  jiraHistoryNotes,
  jiraStatusCategory,
  projectReferenceContext,
} from '@meridian/domain';
import { renderMarkdown } from '../../../markdown/render-markdown';
import { findOrCreateLabels } from '../../labels';
import type { ItemOutcome } from '../importer';
import { at, authorId, type JiraBatch, personId } from './jira-import-items';
import type { JiraItem } from './jira-plan';

/**
 * What hangs on an imported issue or epic: its comments (notes), its history (system notes), its work
 * logs (time spent) and its watchers (subscribers), each with Jira's author and date.
 */

/** Where a note of the issue or epic goes: its row, its project or group, and how references render. */
function noteTarget(b: JiraBatch, onKind: 'epic' | 'issue', on: string) {
  const id = b.id(onKind, on);
  if (id === undefined) return { skipped: `its ${onKind} ${on} was not imported` } as const;
  const epicGroup = onKind === 'epic' ? b.group : null;
  if (onKind === 'epic' && !epicGroup) return { skipped: 'the epic has no group' } as const;
  return {
    id,
    noteable_type: onKind === 'epic' ? 'Epic' : 'Issue',
    project_id: epicGroup ? null : b.project.id,
    group_id: epicGroup ? epicGroup.id : null,
    context: epicGroup ? { groupPath: epicGroup.full_path } : projectReferenceContext(b.project),
  } as const;
}

const discussionId = (b: JiraBatch, key: string) =>
  createHash('sha256').update(`jira:${b.job.id}:${key}`).digest('hex').slice(0, 40);

/** A comment as a note of the issue or epic, with its author and date, in a thread of its own. */
export async function importNote(b: JiraBatch, item: Extract<JiraItem, { kind: 'note' }>): Promise<ItemOutcome> {
  const target = noteTarget(b, item.onKind, item.on);
  if (target.skipped !== undefined) return { skipped: target.skipped };
  const created = at(item.comment.created ?? item.fallbackDate);
  const row = await b.ctx.db
    .insertInto('notes')
    .values({
      noteable_type: target.noteable_type,
      noteable_id: target.id,
      project_id: target.project_id,
      group_id: target.group_id,
      author_id: authorId(b, item.comment.author),
      discussion_id: discussionId(b, `${item.on}#${item.comment.id}`),
      note: item.comment.body,
      note_html: renderMarkdown(item.comment.body, target.context),
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

/**
 * One entry of Jira's history as the system notes Meridian writes for the same change (the domain's
 * `jiraHistoryNotes`), by its author, at its time. The labels it names (a status, priority or sprint
 * the issue no longer has) are found or made, as the issue's own are.
 */
export async function importHistory(b: JiraBatch, item: Extract<JiraItem, { kind: 'history' }>): Promise<ItemOutcome> {
  const target = noteTarget(b, item.onKind, item.on);
  if (target.skipped !== undefined) return { skipped: target.skipped };
  const { db } = b.ctx;
  const titles = jiraHistoryLabelTitles(item.history.changes);
  const owner =
    item.onKind === 'epic' && b.group
      ? { groupId: b.group.id, groupIds: b.group.traversal_ids }
      : { projectId: b.project.id, groupIds: b.project.namespace_traversal_ids };
  const labelIds = new Map<string, number>();
  for (const title of titles) {
    const [id] = await findOrCreateLabels(db, owner, [title]);
    if (id !== undefined) labelIds.set(title, id);
  }
  const userIds = item.history.changes.flatMap((c) =>
    c.field.toLowerCase() === 'assignee'
      ? [c.from, c.to].flatMap((key) => {
          const id = key ? personId(b, { key, username: null, email: null, name: key }) : undefined;
          return id === undefined ? [] : [[key as string, id] as const];
        })
      : [],
  );
  const usernames = new Map<number, string>();
  if (userIds.length > 0) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where(
        'id',
        'in',
        userIds.map(([, id]) => id),
      )
      .execute();
    for (const row of rows) usernames.set(row.id, row.username);
  }
  const byKey = new Map(userIds);
  const notes = jiraHistoryNotes(item.history.changes, {
    labelId: (title) => labelIds.get(title),
    username: (key) => {
      const id = byKey.get(key);
      return id === undefined ? undefined : usernames.get(id);
    },
    closed: (status) =>
      (b.mapping.statuses[status] ??
        defaultJiraState(jiraStatusCategory({ name: status, category: null, resolution: null }))) === 'closed',
  });
  if (notes.length === 0) return { skipped: 'no change Meridian keeps a note of' };
  const created = at(item.history.created);
  const rows = await db
    .insertInto('notes')
    .values(
      notes.map((note, n) => ({
        noteable_type: target.noteable_type,
        noteable_id: target.id,
        project_id: target.project_id,
        group_id: target.group_id,
        author_id: authorId(b, item.history.author),
        discussion_id: discussionId(b, `${item.on}~${item.history.id}~${n}`),
        note,
        note_html: renderMarkdown(note, target.context),
        system: true,
        created_at: created,
        updated_at: created,
      })),
    )
    .returning('id')
    .execute();
  return { created: rows[0]?.id as number };
}

/** A work log as time spent on the issue, by its author, on its day. */
export async function importTimelog(b: JiraBatch, item: Extract<JiraItem, { kind: 'timelog' }>): Promise<ItemOutcome> {
  if (item.problem) return { skipped: item.problem };
  const issue = b.id('issue', item.on);
  if (issue === undefined) return { skipped: `its issue ${item.on} was not imported` };
  const spentAt = at(item.worklog.started);
  const row = await b.ctx.db
    .insertInto('timelogs')
    .values({
      issue_id: issue,
      user_id: authorId(b, item.worklog.author),
      time_spent: item.worklog.seconds,
      summary: item.worklog.comment,
      spent_at: spentAt,
      created_at: spentAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}

/** A watcher as a subscriber, for a person with an account here (placeholders get no notifications). */
export async function importWatcher(b: JiraBatch, item: Extract<JiraItem, { kind: 'watcher' }>): Promise<ItemOutcome> {
  const on = b.id(item.onKind, item.on);
  const user = personId(b, item.person);
  if (on === undefined || user === undefined) return { skipped: `its ${item.onKind} ${item.on} was not imported` };
  const account = await b.ctx.db.selectFrom('users').select('placeholder').where('id', '=', user).executeTakeFirst();
  if (!account || account.placeholder) return { skipped: `${item.person.name} has no account here (placeholder user)` };
  const row = await b.ctx.db
    .insertInto('subscriptions')
    .values({ user_id: user, subscribable_type: item.onKind === 'epic' ? 'Epic' : 'Issue', subscribable_id: on })
    .onConflict((oc) => oc.columns(['subscribable_type', 'subscribable_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? { created: row.id } : { skipped: `${item.person.name} already watches it` };
}
