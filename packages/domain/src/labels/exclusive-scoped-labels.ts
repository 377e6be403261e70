import { parseScopedLabel } from './parse-scoped-label';

/**
 * GitLab keeps one label per scope on an item: when several scoped labels share a scope, the
 * LAST one wins and the others are dropped; unscoped labels are all kept. Order is preserved.
 * exclusiveScopedLabels(['workflow::todo', 'bug', 'workflow::doing']) → ['bug', 'workflow::doing'].
 * Nested scopes are distinct: 'a::b::c' has scope 'a::b', which does not clash with 'a::x'.
 */
export function exclusiveScopedLabels(titles: readonly string[]): string[] {
  const lastIndexOfScope = new Map<string, number>();
  titles.forEach((title, i) => {
    const scoped = parseScopedLabel(title);
    if (scoped) lastIndexOfScope.set(scoped.scope, i);
  });
  return titles.filter((title, i) => {
    const scoped = parseScopedLabel(title);
    return !scoped || lastIndexOfScope.get(scoped.scope) === i;
  });
}
