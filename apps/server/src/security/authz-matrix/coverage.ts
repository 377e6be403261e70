import type { GraphQLSchema } from 'graphql';
import type { RouteEntry } from '../../rest/route-table';
import { graphqlEntries, graphqlOutOfScope, walkedTypes } from './graphql-catalogue';
import { restEntries, restOutOfScope, restOutOfScopePatterns } from './rest-catalogue';

/**
 * Compares the catalogue with what the app really serves: every route in the app's route table
 * and every field of the walked GraphQL types must have an entry (attacked or out of scope with a
 * reason), and every entry must still exist. Returns the names that break either rule.
 */
export function catalogueProblems(routeTable: RouteEntry[], schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  const routes = new Set(routeTable.map((r) => `${r.method} ${r.url}`));
  const attacked = new Set(restEntries.map((e) => `${e.method} ${e.url}`));
  const excused = new Set(restOutOfScope.map((o) => o.key));
  for (const key of routes) {
    if (key.startsWith('HEAD ') && routes.has(`GET ${key.slice(5)}`)) continue;
    if (attacked.has(key) || excused.has(key)) continue;
    if (restOutOfScopePatterns.some((p) => p.pattern.test(key))) continue;
    problems.push(`route without a catalogue entry: ${key}`);
  }
  for (const key of [...attacked, ...excused]) {
    if (!routes.has(key)) problems.push(`catalogue entry for a route that does not exist: ${key}`);
  }
  const fields = new Set<string>();
  for (const name of walkedTypes) {
    const type = schema.getType(name);
    if (!type || !('getFields' in type)) {
      problems.push(`GraphQL type ${name} is gone`);
      continue;
    }
    for (const f of Object.keys(type.getFields())) fields.add(`${name}.${f}`);
  }
  const fieldEntries = new Set([...graphqlEntries.map((e) => e.field), ...graphqlOutOfScope.map((o) => o.key)]);
  for (const f of fields) if (!fieldEntries.has(f)) problems.push(`GraphQL field without a catalogue entry: ${f}`);
  for (const f of fieldEntries)
    if (!fields.has(f)) problems.push(`catalogue entry for a GraphQL field that does not exist: ${f}`);
  return problems;
}
