/**
 * PostgreSQL `integer` (int4) bounds. Every id and iid is an int4 column, so every parser of an id
 * or iid from a path, a query, a GraphQL argument or a reference checks against these: a larger
 * number is refused (400, 404 or null as each caller answers) before it reaches the database.
 */

/** The largest value a PostgreSQL `integer` column holds (2^31 − 1). */
export const MAX_INT4 = 2_147_483_647;

/** The smallest value a PostgreSQL `integer` column holds (−2^31). */
export const MIN_INT4 = -2_147_483_648;

/** A positive id or iid a PostgreSQL `integer` column holds: a whole number 1 … 2^31 − 1. */
export function isInt4Id(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT4;
}
