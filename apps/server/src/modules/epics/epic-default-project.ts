import { sql } from 'kysely';
import { directReads, type ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { projectQuery, projectSubject } from '../namespaces';

/**
 * GitLab's Epic.defaultProjectForIssueCreation: the project, in the epic's group or below it, of
 * the last issue the actor created there, when the actor may still create issues in it. One statement.
 */
export async function defaultProjectForIssueCreation(
  db: Database,
  actor: Actor | null,
  groupId: number,
  read: ReadRows = directReads(db),
) {
  if (!actor) return null;
  const query = projectQuery(db)
    .innerJoin('issues as li', 'li.project_id', 'p.id')
    .where('li.author_id', '=', actor.id)
    .where(sql<boolean>`n.traversal_ids @> ARRAY[${groupId}]::int[]`)
    .orderBy('li.created_at', 'desc')
    .orderBy('li.id', 'desc')
    .limit(1);
  const [project] = await read<Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>>(query);
  if (!project) return null;
  const subject = { ...projectSubject(project), issuesEnabled: project.issues_enabled, archived: project.archived };
  return canProject(actor, 'create_issue', subject) ? project : null;
}
