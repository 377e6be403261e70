import { DomainError } from '../../errors';
import { canProject } from '../../policy/abilities';
import { createIssue, projectIssueSubject } from '../issues';
import { findProjectRow, type ProjectRow } from '../namespaces';
import { type CsvIssueRow, parseIssueCsv } from './csv-issue-rows';
import type { Importer, SourceItem } from './importer';
import { milestonesByTitle } from './milestone-titles';

interface Prepared {
  project: ProjectRow;
  milestones: Map<string, number>;
}

/** The reason a row is left out of the import, as the report lists it. */
const reasonOf = (row: CsvIssueRow) => row.errors.join('; ');

/**
 * GitLab's CSV issue import as an importer: one `issue` item per data row, its line number as the
 * source id; each row becomes an issue created by the uploader through `createIssue` (the change
 * pipeline), marked imported from `csv`. A row with errors, or naming a milestone the project does not
 * have, is skipped with the reason.
 */
export const csvIssueImporter: Importer<CsvIssueRow, Prepared> = {
  async open(job) {
    const { rows } = parseIssueCsv(job.source_text ?? '');
    return {
      totals: () => ({ issue: rows.length }),
      async *batches(size) {
        for (let i = 0; i < rows.length; i += size) {
          yield rows.slice(i, i + size).map((row) => ({ kind: 'issue', sourceId: String(row.line), data: row }));
        }
      },
    };
  },

  async prepare(ctx, job, items: SourceItem<CsvIssueRow>[]) {
    const project = job.project_id === null ? undefined : await findProjectRow(ctx.db, { id: job.project_id });
    if (!project || !canProject(ctx.actor, 'import_issues', projectIssueSubject(project))) {
      throw new Error('The user who started the import may no longer import issues into this project.');
    }
    const titles = items.flatMap((item) => (item.data.milestone ? [item.data.milestone] : []));
    return { project, milestones: await milestonesByTitle(ctx.db, project, titles) };
  },

  async importItem(ctx, _job, item, { project, milestones }) {
    const row = item.data;
    if (row.errors.length > 0) return { skipped: reasonOf(row) };
    const milestoneId = row.milestone ? milestones.get(row.milestone) : undefined;
    if (row.milestone && milestoneId === undefined) return { skipped: `Milestone not found: ${row.milestone}` };
    try {
      const iid = await createIssue(ctx, project, {
        title: row.title,
        description: row.description,
        due_date: row.dueDate,
        ...(milestoneId ? { milestone_id: milestoneId } : {}),
        imported_from: 'csv',
      });
      const created = await ctx.db
        .selectFrom('issues')
        .select('id')
        .where('project_id', '=', project.id)
        .where('iid', '=', iid)
        .executeTakeFirstOrThrow();
      return { created: created.id };
    } catch (error) {
      // A refusal of this row alone (a secret in the text, …): reported, the import goes on.
      if (error instanceof DomainError && error.code !== 'not_found') return { skipped: error.message };
      throw error;
    }
  },
};
