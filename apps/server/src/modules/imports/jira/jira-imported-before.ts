import { sql } from 'kysely';
import type { Database } from '../../../db/connection';
import { sourceKey } from './jira-plan';

/** How many of the examples the preview names. */
const EXAMPLES = 10;

/**
 * The issues of a Jira file that an earlier Jira import already brought into the project (and that are
 * still there): importing the file again makes copies, as in GitLab, so the preview says so first.
 * One statement; each earlier job's keys are read through their primary key.
 */
export async function jiraIssuesImportedBefore(db: Database, projectId: number, keys: string[]) {
  if (keys.length === 0) return { count: 0, issues: [] as Array<{ key: string; iid: number }> };
  const rows = await db
    .selectFrom('import_jobs as j')
    .innerJoin('import_job_items as i', 'i.job_id', 'j.id')
    .innerJoin('issues as s', (join) =>
      join.onRef('s.id', '=', 'i.target_id').onRef('s.project_id', '=', 'j.project_id'),
    )
    .select(['i.source_id as key', sql<number>`min(s.iid)`.as('iid')])
    .where('j.project_id', '=', projectId)
    .where('j.kind', 'in', ['jira_csv', 'jira_json'])
    .where('i.kind', '=', 'issue')
    .where('i.source_id', '=', sql<string>`ANY(${keys.map(sourceKey)}::text[])`)
    .groupBy('i.source_id')
    .orderBy(sql`min(s.iid)`)
    .execute();
  return { count: rows.length, issues: rows.slice(0, EXAMPLES).map((r) => ({ key: r.key, iid: Number(r.iid) })) };
}
