import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../policy/actor';
import { projectReadable } from '../../policy/sql-scopes';
import type { SuggestionContainer } from './suggestion-container';

/** Projects whose releases and environments are offered (SQL over `p` and its namespace `n`). */
export function readableProjectsIn(actor: Actor | null, container: SuggestionContainer): RawBuilder<boolean> {
  const where =
    container.kind === 'project'
      ? sql<boolean>`p.id = ${container.project.id}`
      : sql<boolean>`n.traversal_ids @> ARRAY[${container.group.id}]::int[]`;
  const readable = projectReadable(actor, {
    projectId: 'p.id',
    visibility: 'p.visibility_level',
    namespaceTraversalIds: 'n.traversal_ids',
  });
  return sql<boolean>`(${where} AND ${readable})`;
}
