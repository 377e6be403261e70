import { type RawBuilder, sql } from 'kysely';

type Cond = RawBuilder<boolean>;

/**
 * `my_reaction_emoji`: the actor's award emoji on the row. 'None' = no reaction from the actor,
 * 'Any' = some reaction, otherwise that emoji name. `negate` gives `not[my_reaction_emoji]`
 * (the actor did not react with that emoji). Null for anonymous actors: GitLab ignores the filter.
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
  let cond: Cond;
  if (value === 'None') cond = sql<boolean>`NOT EXISTS (${mine})`;
  else if (value === 'Any') cond = sql<boolean>`EXISTS (${mine})`;
  else cond = sql<boolean>`EXISTS (${mine} AND ae.name = ${value})`;
  return negate ? sql<boolean>`NOT ${cond}` : cond;
}
