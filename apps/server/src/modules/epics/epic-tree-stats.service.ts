import { sql } from 'kysely';
import { directReads, type ReadRows } from '../../db/combined-reads';
import type { Actor } from '../../policy/actor';
import { issueReadable } from '../../policy/sql-scopes';
import { ancestorLinks } from './epic-hierarchy';
import { type EpicRow, type Executor, epicSelect, epicVisible } from './epic-query';

/**
 * Per-epic figures of the epic tree that depend on who asks: each answers a batch of epics in a
 * fixed number of statements and counts only what the actor may read.
 */

/** Which of `epicIds` hold a direct issue the actor may read. One statement. */
export async function epicsWithReadableIssues(
  db: Executor,
  actor: Actor | null,
  epicIds: readonly number[],
  read: ReadRows = directReads(db),
): Promise<Map<number, boolean>> {
  const rows = await read<{ id: number; has_issues: boolean }>(sql`
    SELECT r.id,
      EXISTS (SELECT 1 FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
                JOIN projects p ON p.id = i.project_id JOIN namespaces pn ON pn.id = p.namespace_id
              WHERE ei.epic_id = r.id AND ${issueReadable(actor, { i: 'i', p: 'p', n: 'pn' })}) AS has_issues
    FROM unnest(${[...epicIds]}::int[]) AS r(id)`);
  return new Map(rows.map((r) => [r.id, r.has_issues]));
}

/**
 * The open epics that block each of `epicIds` (`epic_links` of type 'blocks', source blocks
 * target) that the actor may read, in link order. One statement.
 */
export function readableOpenBlockers(
  db: Executor,
  actor: Actor | null,
  epicIds: readonly number[],
  read: ReadRows = directReads(db),
): Promise<Array<EpicRow & { blocked_id: number }>> {
  const query = epicSelect(db)
    .innerJoin('epic_links as bl', 'bl.source_id', 'e.id')
    .select('bl.target_id as blocked_id')
    .where('bl.target_id', 'in', [...epicIds])
    .where('bl.link_type', '=', 'blocks')
    .where('e.state', '=', 'opened')
    .where(epicVisible(actor))
    .orderBy('bl.id');
  return read(query);
}

/**
 * The readable ancestors of each of `epicIds`, top-most first down to the direct parent
 * (`depth` 1). Two statements, the second even when no epic has a parent, so the count never
 * depends on the data. (One statement joining the walk is slower: its row estimate is a guess.)
 */
export async function readableAncestors(
  db: Executor,
  actor: Actor | null,
  epicIds: readonly number[],
): Promise<Array<EpicRow & { root_id: number; depth: number }>> {
  const links = await ancestorLinks(db, epicIds);
  const ancestorIds = [...new Set(links.map((l) => l.id))];
  const rows = await epicSelect(db)
    .where(sql<boolean>`e.id = ANY(${ancestorIds}::int[])`)
    .where(epicVisible(actor))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return links
    .sort((a, b) => a.root_id - b.root_id || b.depth - a.depth)
    .flatMap((link) => {
      const row = byId.get(link.id);
      return row ? [{ ...row, root_id: link.root_id, depth: link.depth }] : [];
    });
}
