import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { readableProjectsIn } from './readable-projects';
import type { SuggestionContainer } from './suggestion-container';

/** Distinct environment names of the project (or the readable projects below the group), by name; one statement. */
export async function suggestEnvironments(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  opts: { search?: string; limit: number },
): Promise<string[]> {
  let q = db
    .selectFrom('environments as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
    .select('e.name')
    .distinct()
    .where(readableProjectsIn(actor, container));
  if (opts.search) q = q.where('e.name', 'ilike', likePattern(opts.search));
  const rows = await q.orderBy('e.name').limit(opts.limit).execute();
  return rows.map((r) => r.name);
}
