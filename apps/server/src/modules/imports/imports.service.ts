import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, notFound } from '../../errors';
import { canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { ServiceContext } from '../../service-context';
import { projectIssueSubject } from '../issues';
import type { ProjectRow } from '../namespaces';
import { CSV_MAX_BYTES, CSV_TOO_LARGE, type CsvIssueRow, csvText, parseIssueCsv } from './csv-issue-rows';
import { type ImportJobSummary, insertImportJob, JOB_COLUMNS } from './import-jobs';
import { milestonesByTitle } from './milestone-titles';

/**
 * The answer once the file is taken: GitLab's (`Issues::PrepareImportCsvService`) when the instance
 * sends email, which then tells the uploader the result; otherwise the result shows on the job only.
 */
export const CSV_IMPORT_STARTED = 'Your issues are being imported. Once finished, the result shows here.';
export const CSV_IMPORT_STARTED_WITH_EMAIL =
  "Your issues are being imported. Once finished, you'll get a confirmation email.";

/** Rows the preview shows, and row errors it lists. */
const PREVIEW_ROWS = 20;
const PREVIEW_ERRORS = 100;

/** GitLab's `import_issues` (Planner, and Developer and up); who may not is answered as if the project were hidden. */
function assertMayImport(actor: Actor, project: ProjectRow): void {
  if (!canProject(actor, 'import_issues', projectIssueSubject(project))) throw notFound('Project');
}

/** The file read and checked: size, text, GitLab's structure; the milestones it names that the project lacks. */
async function readCsv(db: Database, project: ProjectRow, data: Buffer) {
  if (data.length > CSV_MAX_BYTES) throw badRequest(CSV_TOO_LARGE, 'file');
  const text = csvText(data);
  const parsed = parseIssueCsv(text);
  const titles = parsed.rows.flatMap((row) => (row.milestone ? [row.milestone] : []));
  const found = await milestonesByTitle(db, project, titles);
  const missing = [...new Set(titles)].filter((title) => !found.has(title)).sort();
  return { text, ...parsed, missingMilestones: missing };
}

const previewRow = (row: CsvIssueRow) => ({
  line: row.line,
  title: row.title,
  description: row.description.slice(0, 500),
  due_date: row.dueDate,
  milestone: row.milestone,
  errors: row.errors,
});

/**
 * The dry run the import dialog shows before starting: the first rows as they will be imported, every
 * row's errors (the first 100), and the milestones named that the project does not have. Writes nothing.
 */
export async function previewCsvImport(db: Database, actor: Actor, project: ProjectRow, data: Buffer) {
  assertMayImport(actor, project);
  const { headers, rows, missingMilestones } = await readCsv(db, project, data);
  const withErrors = rows.filter((row) => row.errors.length > 0);
  return {
    headers,
    row_count: rows.length,
    rows: rows.slice(0, PREVIEW_ROWS).map(previewRow),
    error_count: withErrors.length,
    error_lines: withErrors.slice(0, PREVIEW_ERRORS).map((row) => ({ line: row.line, errors: row.errors })),
    missing_milestones: missingMilestones.slice(0, PREVIEW_ERRORS),
  };
}

/**
 * `POST …/-/issues/import_csv`: checks the file as the preview does, then stores it as an import job
 * that the workers run in the background (`import-runner.ts`). A file naming milestones the project
 * lacks is refused whole, as GitLab's milestone pre-processing refuses it.
 */
export async function startCsvImport(
  ctx: ServiceContext,
  project: ProjectRow,
  file: { filename: string; data: Buffer },
): Promise<ImportJobSummary> {
  assertMayImport(ctx.actor, project);
  const { text, missingMilestones } = await readCsv(ctx.db, project, file.data);
  if (missingMilestones.length > 0) {
    const listed = missingMilestones.slice(0, 20).join(', ');
    throw badRequest(`file is invalid: milestones not found in the project or its groups: ${listed}`, 'file');
  }
  return withTransaction(ctx.db, (trx) =>
    insertImportJob(trx, {
      kind: 'csv_issues',
      projectId: project.id,
      createdById: ctx.actor.id,
      sourceName: file.filename.slice(0, 255),
      sourceText: text,
    }),
  );
}

/** An import job into the project, for who may import there; 404 otherwise. */
export async function findImportJob(db: Database, actor: Actor, project: ProjectRow, jobId: number) {
  assertMayImport(actor, project);
  const job = await db
    .selectFrom('import_jobs')
    .select([...JOB_COLUMNS])
    .where('id', '=', jobId)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!job) throw notFound('Import');
  return job;
}

/** A job by id, whoever asks (the CLI, which runs as the importing user it was given). */
export async function readImportJob(db: Database, jobId: number) {
  const job = await db
    .selectFrom('import_jobs')
    .select([...JOB_COLUMNS])
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!job) throw notFound('Import');
  return job;
}

/** A page of the job's report of skipped items, in source order (line numbers as numbers). */
export async function listImportJobSkips(db: Database, jobId: number, page: { page: number; per_page: number }) {
  const base = db.selectFrom('import_job_skips').where('job_id', '=', jobId);
  return offsetPage(
    db,
    base.select(['kind', 'source_id', 'reason']).orderBy('kind').orderBy(sql`length(source_id)`).orderBy('source_id'),
    base.select(sql<number>`1`.as('one')),
    { page: page.page, perPage: page.per_page },
  );
}

/** The issues a job created, newest last (the finished dialog's list), at most `limit`. */
export async function importedIssues(db: Database, jobId: number, limit: number) {
  return db
    .selectFrom('import_job_items as i')
    .innerJoin('issues as s', 's.id', 'i.target_id')
    .select(['s.id', 's.iid', 's.title', 's.imported_from'])
    .where('i.job_id', '=', jobId)
    .where('i.kind', '=', 'issue')
    .orderBy('s.iid')
    .limit(limit)
    .execute();
}
