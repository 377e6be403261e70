import { type RawBuilder, sql } from 'kysely';

type Cond = RawBuilder<boolean>;

/**
 * `my_reaction_emoji`: the actor's award emoji on the row. 'None' = no reaction from the actor,
 * 'Any' = some reaction, otherwise that emoji name. `negate` gives `not[my_reaction_emoji]`
 * (the actor did not react with that emoji). Null for anonymous actors: GitLab ignores the filter.
 *
 * 'Any' and a name read the actor's reactions first, through the (user_id, name, awardable_type)
 * index, as an id array: as a semi-join, PostgreSQL scanned every issue of a group to match them
 * (docs/BENCHMARKS.md). The negated forms stay anti-joins, probed per row.
 */
export function myReactionCondition(
  actorId: number | undefined,
  awardableType: 'Issue' | 'MergeRequest' | 'Epic',
  idColumn: string,
  value: string,
  negate = false,
): Cond | null {
  if (actorId === undefined) return null;
  const mine = sql`SELECT 1 FROM award_emoji ae WHERE ae.awardable_type = ${awardableType} AND ae.awardable_id = ${sql.ref(idColumn)} AND ae.user_id = ${actorId}`;
  const named = value === 'None' || value === 'Any' ? sql`` : sql` AND ae.name = ${value}`;
  if (value === 'None') return negate ? sql<boolean>`EXISTS (${mine})` : sql<boolean>`NOT EXISTS (${mine})`;
  if (negate) return sql<boolean>`NOT EXISTS (${mine}${named})`;
  return sql<boolean>`${sql.ref(idColumn)} = ANY(ARRAY(SELECT ae.awardable_id FROM award_emoji ae
    WHERE ae.user_id = ${actorId} AND ae.awardable_type = ${awardableType}${named}))`;
}
