import type { Executor } from '../../db/executor';
import type { ProjectRow } from '../namespaces';

/**
 * The milestones a project's issues may use whose titles are among `titles`: the project's own and
 * its ancestor groups' (GitLab's `ImportCsv::PreprocessMilestonesService`), by title.
 */
export async function milestonesByTitle(
  db: Executor,
  project: ProjectRow,
  titles: string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(titles)];
  if (wanted.length === 0) return new Map();
  const groups = project.namespace_traversal_ids.length ? project.namespace_traversal_ids : [0];
  const rows = await db
    .selectFrom('milestones')
    .select(['id', 'title'])
    .where('title', 'in', wanted)
    .where((eb) => eb.or([eb('project_id', '=', project.id), eb('group_id', 'in', groups)]))
    .orderBy('id')
    .execute();
  const byTitle = new Map<string, number>();
  for (const row of rows) if (!byTitle.has(row.title)) byTitle.set(row.title, row.id);
  return byTitle;
}
