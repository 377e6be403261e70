import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import type { LabelRow } from '../labels';
import { type LabelScopeOptions, labelScope } from '../labels';
import type { SuggestionContainer } from './suggestion-container';

export interface LabelSuggestionOptions extends LabelScopeOptions {
  search?: string;
  limit: number;
}

/**
 * The labels available in the container (GitLab's LabelsFinder scope, visibility included), one
 * per title (the container's own label wins over an inherited one, then the oldest), by title.
 * One statement.
 */
export async function suggestLabels(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  opts: LabelSuggestionOptions,
): Promise<LabelRow[]> {
  const own =
    container.kind === 'project'
      ? sql`l.project_id = ${container.project.id}`
      : sql`l.group_id = ${container.group.id}`;
  let inner = db
    .selectFrom('labels as l')
    .selectAll('l')
    .distinctOn('l.title')
    .where(labelScope(actor, container, opts));
  if (opts.search) inner = inner.where('l.title', 'ilike', likePattern(opts.search));
  inner = inner.orderBy('l.title').orderBy(sql`(${own}) IS TRUE`, 'desc').orderBy('l.id');
  return db.selectFrom(inner.as('x')).selectAll('x').orderBy('x.title').orderBy('x.id').limit(opts.limit).execute();
}
