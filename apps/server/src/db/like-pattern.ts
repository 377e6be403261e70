/**
 * `%term%` for LIKE/ILIKE with the user's `%`, `_` and `\` taken literally (PostgreSQL's default
 * escape character is `\`): the one place that turns a search term into a pattern.
 * likePattern('50%_off') → '%50\%\_off%'.
 */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
