import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { AccessLevel } from '../../policy/access-levels';
import { membershipNotExpired } from '../members';
import type { IssueRow } from './issues-query';

type Source = Pick<IssueRow, 'id' | 'project_id' | 'author_id' | 'namespace_traversal_ids' | 'imported_from'>;

/** A membership above Guest on the project or one of its groups, unexpired (as the policy reads them). */
const activeContributorMembership = (table: 'project_members' | 'group_members', where: ReturnType<typeof sql>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(table)} m WHERE ${where} AND m.access_level > ${AccessLevel.GUEST}
    AND ${membershipNotExpired})`;

/**
 * GitLab's first-contribution mark on the issue header (IE §2.1): the author is no more than a Guest
 * of the project and opened no earlier issue in it. One statement. An imported issue is never one: it was
 * contributed where it came from, and its author is often a placeholder with no membership here.
 */
export async function isFirstContribution(db: Database, issue: Source): Promise<boolean> {
  const author = issue.author_id;
  if (author === null || issue.imported_from !== 'none') return false;
  const member = sql<boolean>`(${activeContributorMembership(
    'project_members',
    sql`m.project_id = ${issue.project_id} AND m.user_id = ${author}`,
  )} OR ${activeContributorMembership(
    'group_members',
    sql`m.group_id = ANY(${issue.namespace_traversal_ids}::int[]) AND m.user_id = ${author}`,
  )})`;
  const earlier = sql<boolean>`EXISTS (SELECT 1 FROM issues e
    WHERE e.project_id = ${issue.project_id} AND e.author_id = ${author} AND e.id < ${issue.id})`;
  const row = await db
    .selectNoFrom(sql<boolean>`NOT ${member} AND NOT ${earlier}`.as('first'))
    .executeTakeFirstOrThrow();
  return row.first === true;
}
