import { type RawBuilder, sql } from 'kysely';

/** Over a link table (`source_id`, `target_id`, as issue_links and epic_links): a link of `a` and `b` either way. */
export function linkBetween(a: number, b: number): RawBuilder<boolean> {
  return sql<boolean>`((source_id = ${a} AND target_id = ${b}) OR (source_id = ${b} AND target_id = ${a}))`;
}
