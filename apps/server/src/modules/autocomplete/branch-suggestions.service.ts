import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { mergeRequestReadable } from '../../policy/sql-scopes';
import { mergeRequestsWithProject } from '../issuables';
import type { SuggestionContainer } from './suggestion-container';

export interface BranchSuggestionOptions {
  search?: string;
  limit: number;
}

/**
 * Distinct source or target branch names of the merge requests the actor may read in the project,
 * or in the group and its subgroups, by name. One statement.
 */
export async function suggestBranches(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  which: 'source_branch' | 'target_branch',
  opts: BranchSuggestionOptions,
): Promise<string[]> {
  const column = sql.ref(`mr.${which}`);
  let q = mergeRequestsWithProject(db)
    .select(sql<string>`${column}`.as('title'))
    .distinct()
    .where(mergeRequestReadable(actor));
  q =
    container.kind === 'project'
      ? q.where('mr.project_id', '=', container.project.id)
      : q.where(sql<boolean>`n.traversal_ids @> ARRAY[${container.group.id}]::int[]`);
  if (opts.search) q = q.where(sql<boolean>`${column} ILIKE ${likePattern(opts.search)}`);
  const rows = await q.orderBy('title').limit(opts.limit).execute();
  return rows.map((r) => r.title);
}
