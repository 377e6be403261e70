import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import type { Actor } from '../../policy/actor';
import { issueReadable, mergeRequestReadable } from '../../policy/sql-scopes';
import { issuesWithProject, mergeRequestsWithProject } from '../issuables';
import { fullPathOf } from '../namespaces';
import { searchedIid } from './epic-suggestions.service';
import type { SuggestionContainer } from './suggestion-container';

export interface IssuableSuggestion {
  iid: number;
  title: string;
  confidential: boolean;
  /** The project's full path, for references made from another project or a group. */
  project_full_path: string;
}

export interface IssuableSuggestionOptions {
  search?: string;
  /** Issues only: GitLab's `confidential_only` (a confidential noteable suggests confidential items). */
  confidentialOnly?: boolean;
  limit: number;
}

/** The container's projects (SQL over `p`, `n`): the project, or every project in the group and below it. */
function inContainer(container: SuggestionContainer): RawBuilder<boolean> {
  return container.kind === 'project'
    ? sql<boolean>`p.id = ${container.project.id}`
    : sql<boolean>`n.traversal_ids @> ARRAY[${container.group.id}]::int[]`;
}

/** The title matches, or the iid when the search is a number (`12`, `#12`). */
function matches(alias: string, search: string | undefined): RawBuilder<boolean> {
  if (!search) return sql<boolean>`true`;
  const title = sql<boolean>`${sql.ref(`${alias}.title`)} ILIKE ${likePattern(search)}`;
  const iid = searchedIid(search.replace(/^[#!]/, ''));
  return iid === undefined ? title : sql<boolean>`(${title} OR ${sql.ref(`${alias}.iid`)} = ${iid})`;
}

/**
 * The `#` suggestions: the container's issues the actor may read (the policy's issueReadable —
 * confidential ones only for those allowed, nothing hidden by moderation), open first, newest
 * first. One statement.
 */
export async function suggestIssues(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  opts: IssuableSuggestionOptions,
): Promise<IssuableSuggestion[]> {
  let q = issuesWithProject(db)
    .select([
      'i.iid',
      'i.title',
      'i.confidential',
      sql<string>`${fullPathOf('n.traversal_ids')} || '/' || p.path`.as('project_full_path'),
    ])
    .where(inContainer(container))
    .where(issueReadable(actor, { i: 'i', p: 'p', n: 'n' }))
    .where(matches('i', opts.search));
  if (opts.confidentialOnly) q = q.where('i.confidential', '=', true);
  return q.orderBy(sql`i.state = 'opened'`, 'desc').orderBy('i.id', 'desc').limit(opts.limit).execute();
}

/** The `!` suggestions: the container's merge requests the actor may read, open first, newest first. One statement. */
export async function suggestMergeRequests(
  db: Database,
  actor: Actor | null,
  container: SuggestionContainer,
  opts: IssuableSuggestionOptions,
): Promise<IssuableSuggestion[]> {
  return mergeRequestsWithProject(db)
    .select([
      'mr.iid',
      'mr.title',
      sql<boolean>`false`.as('confidential'),
      sql<string>`${fullPathOf('n.traversal_ids')} || '/' || p.path`.as('project_full_path'),
    ])
    .where(inContainer(container))
    .where(mergeRequestReadable(actor))
    .where(matches('mr', opts.search))
    .orderBy(sql`mr.state = 'opened'`, 'desc')
    .orderBy('mr.id', 'desc')
    .limit(opts.limit)
    .execute();
}
