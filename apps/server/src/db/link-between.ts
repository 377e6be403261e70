import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './executor';

/** Over a link table (`source_id`, `target_id`, as issue_links and epic_links): a link of `a` and `b` either way. */
export function linkBetween(a: number, b: number): RawBuilder<boolean> {
  return sql<boolean>`((source_id = ${a} AND target_id = ${b}) OR (source_id = ${b} AND target_id = ${a}))`;
}

/** Whether the link table already links `a` and `b`, either way. */
export async function linkExists(
  db: Executor,
  table: 'issue_links' | 'epic_links',
  a: number,
  b: number,
): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where(linkBetween(a, b)).executeTakeFirst();
  return row !== undefined;
}

/** The link `linkId` of the link table when it involves `ownerId` (at either end), else undefined. */
export function linkInvolving(db: Executor, table: 'issue_links' | 'epic_links', linkId: number, ownerId: number) {
  return db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('source_id', '=', ownerId), eb('target_id', '=', ownerId)]))
    .executeTakeFirst();
}
