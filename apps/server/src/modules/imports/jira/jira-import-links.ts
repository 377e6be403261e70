import { mayBeChildOf, positionAfterLast } from '@meridian/domain';
import { sql } from 'kysely';
import { DomainError } from '../../../errors';
import { findEpicById, setIssueEpic } from '../../epics';
import type { ItemOutcome } from '../importer';
import type { JiraBatch } from './jira-import-items';
import type { JiraItem } from './jira-plan';

/** What joins the imported issues: sub-tasks under their parents, issues in their epics, links. */

/** A task under its parent issue (Meridian's work item hierarchy), last among the parent's children. */
export async function importParentLink(
  b: JiraBatch,
  item: Extract<JiraItem, { kind: 'parent_link' }>,
): Promise<ItemOutcome> {
  if (item.problem) return { skipped: item.problem };
  const child = b.id('issue', item.child);
  const parent = item.parent ? b.id('issue', item.parent) : undefined;
  if (child === undefined || parent === undefined) return { skipped: 'the task or its parent was not imported' };
  const { db } = b.ctx;
  const types = await db.selectFrom('issues').select(['id', 'issue_type']).where('id', 'in', [child, parent]).execute();
  const typeOf = (id: number) => types.find((t) => t.id === id)?.issue_type as 'issue' | 'task' | undefined;
  const parentType = typeOf(parent);
  const childType = typeOf(child);
  if (!parentType || !childType || !mayBeChildOf(parentType, childType)) {
    return { skipped: `a ${childType ?? 'work item'} cannot be a child of a ${parentType ?? 'work item'}` };
  }
  const last = await db
    .selectFrom('work_item_parent_links')
    .select(sql<number | null>`max(relative_position)`.as('relative_position'))
    .where('parent_issue_id', '=', parent)
    .executeTakeFirst();
  const row = await db
    .insertInto('work_item_parent_links')
    .values({
      child_issue_id: child,
      parent_issue_id: parent,
      relative_position: positionAfterLast([{ id: 0, relative_position: last?.relative_position ?? null }]),
    })
    .onConflict((oc) => oc.column('child_issue_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? { created: row.id } : { skipped: 'the task already has a parent' };
}

/** An issue in its epic, through the epics' writer (which checks the hierarchy and refreshes the epic's dates). */
export async function importEpicLink(
  b: JiraBatch,
  item: Extract<JiraItem, { kind: 'epic_link' }>,
): Promise<ItemOutcome> {
  if (item.problem) return { skipped: item.problem };
  const issue = b.id('issue', item.child);
  const epicId = item.epic ? b.id('epic', item.epic) : undefined;
  if (issue === undefined || epicId === undefined) return { skipped: 'the issue or its epic was not imported' };
  try {
    const epic = await findEpicById(b.ctx.db, b.ctx.actor, epicId);
    const candidate = { id: issue, namespace_traversal_ids: b.project.namespace_traversal_ids, confidential: false };
    const link = await setIssueEpic(b.ctx.db, b.ctx.actor, candidate, epic, { field: 'epic_id', sameEpic: 'ignore' });
    return link === null ? { skipped: 'the issue was not added to the epic' } : { created: link };
  } catch (error) {
    if (error instanceof DomainError) return { skipped: error.message };
    throw error;
  }
}

/** A Blocks or Relates link between two imported issues (one link per pair, as Meridian keeps them). */
export async function importIssueLink(
  b: JiraBatch,
  item: Extract<JiraItem, { kind: 'issue_link' }>,
): Promise<ItemOutcome> {
  if (item.problem) return { skipped: item.problem };
  const source = b.id('issue', item.source);
  const target = b.id('issue', item.target);
  if (source === undefined || target === undefined) return { skipped: 'one of the linked issues was not imported' };
  if (source === target) return { skipped: 'the issue is linked to itself' };
  const { db } = b.ctx;
  const existing = await db
    .selectFrom('issue_links')
    .select('link_type')
    .where(sql<boolean>`least(source_id, target_id) = ${Math.min(source, target)}`)
    .where(sql<boolean>`greatest(source_id, target_id) = ${Math.max(source, target)}`)
    .executeTakeFirst();
  if (existing) return { skipped: `${item.source} and ${item.target} are already linked (${existing.link_type})` };
  const row = await db
    .insertInto('issue_links')
    .values({ source_id: source, target_id: target, link_type: item.type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: row.id };
}
