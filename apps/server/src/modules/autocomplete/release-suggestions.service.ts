import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { readableProjectsIn } from './readable-projects';
import type { SuggestionContainer } from './suggestion-container';

export interface ReleaseSuggestion {
  tag: string;
  name: string;
}

/** Releases of the project (or of the readable projects below the group), newest first; one statement. */
export async function suggestReleases(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  opts: { search?: string; limit: number },
): Promise<ReleaseSuggestion[]> {
  let q = db
    .selectFrom('releases as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
    .select(['r.tag_name', 'r.name'])
    .where(readableProjectsIn(actor, container));
  if (opts.search) {
    const pattern = likePattern(opts.search);
    q = q.where((eb) => eb.or([eb('r.tag_name', 'ilike', pattern), eb('r.name', 'ilike', pattern)]));
  }
  const rows = await q.orderBy('r.released_at', 'desc').orderBy('r.id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => ({ tag: r.tag_name, name: r.name || r.tag_name }));
}
