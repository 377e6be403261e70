import { type RawBuilder, sql } from 'kysely';
import { likePattern } from '../../db/like-pattern';

/**
 * Free-text search: case-insensitive substring of the chosen columns (default title and
 * description), written as `col ILIKE '%…%'` so the trigram GIN indexes (gin_trgm_ops) serve it.
 * LIKE metacharacters in the user's text are escaped; the pattern is a bound parameter.
 */
export function searchCondition(
  alias: string,
  search: string,
  searchIn: ReadonlyArray<'title' | 'description'> | undefined,
): RawBuilder<boolean> {
  const pattern = likePattern(search);
  const fields = searchIn?.length ? searchIn : (['title', 'description'] as const);
  const parts = fields.map((col) => sql<boolean>`${sql.ref(`${alias}.${col}`)} ILIKE ${pattern}`);
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}
