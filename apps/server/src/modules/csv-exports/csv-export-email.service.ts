import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { DomainError, unprocessable } from '../../errors';
import { type LimitedCsv, limitedCsv } from '../../lib/csv-export';
import { todayIso } from '../../lib/today';
import type { Actor } from '../../policy/actor';
import { loadActor } from '../../policy/load-actor';
import type { ServiceContext } from '../../service-context';
import { countIssues, issueCsvExport, parseIssueFilters } from '../issues';
import { countMergeRequests, mergeRequestCsvExport, parseMergeRequestFilters } from '../merge-requests';
import { findProject, type ProjectRow, webUrl } from '../namespaces';
import type { ComposedEmail } from '../notifications';
import { csvExportEmailText, parameterize } from './csv-export-email-text';

/** GitLab's `Issuable::ExportCsv::BaseService::TARGET_FILESIZE`: the attachment's size before encoding. */
export const TARGET_FILESIZE = 15 * 1024 * 1024;

export type CsvExportKind = 'issues' | 'merge_requests';

/** What a queued email exports (the `csv_export` column): the list, whose eyes, and its query parameters. */
const csvExportSchema = z.object({
  kind: z.enum(['issues', 'merge_requests']),
  project_id: z.number().int(),
  user_id: z.number().int(),
  query: z.record(z.string().max(255), z.unknown()),
});
type CsvExportRequest = z.infer<typeof csvExportSchema>;

const NOT_CONFIGURED =
  'Email is not configured on this instance (SMTP_URL is unset), so a CSV export cannot be emailed. Use "Export as CSV" on the list to download it instead.';

const subjectOf = (project: ProjectRow, kind: CsvExportKind) =>
  `${project.name} | Exported ${kind === 'issues' ? 'issues' : 'merge requests'}`.replace(/[\r\n]+/g, ' ');

/**
 * GitLab's `export_csv` (Projects::IssuesController and MergeRequestsController): queues one email
 * to the caller whose attachment is the list (its filters and sort, as the REST list reads them)
 * as they may read it; the worker that sends the email builds the CSV. A bad filter is the list's
 * 400 now, not a failed email later; without SMTP it is a 422. Answers the address it goes to.
 */
export async function queueCsvExportEmail(
  ctx: ServiceContext,
  project: ProjectRow,
  kind: CsvExportKind,
  query: Record<string, unknown>,
): Promise<{ email: string }> {
  if (!ctx.config.mail) throw unprocessable(NOT_CONFIGURED);
  if (kind === 'issues') parseIssueFilters(query);
  else parseMergeRequestFilters(query);
  const user = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', ctx.actor.id)
    .executeTakeFirstOrThrow();
  const csvExport: CsvExportRequest = { kind, project_id: project.id, user_id: ctx.actor.id, query };
  await ctx.db
    .insertInto('notification_emails')
    .values({
      user_id: ctx.actor.id,
      to_address: user.email,
      subject: subjectOf(project, kind).slice(0, 1000),
      text_body: '',
      html_body: '',
      csv_export: JSON.stringify(csvExport),
    })
    .execute();
  return { email: user.email };
}

/** The requester as they are now: an active user with today's memberships; null when they are gone or blocked. */
async function requester(db: Database, userId: number): Promise<Actor | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'admin'])
    .where('id', '=', userId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return user ? loadActor(db, user, null) : null;
}

/** The export held to TARGET_FILESIZE, and how many rows the whole list holds (counted only when cut). */
async function limitedExport(
  ctx: AppContext,
  actor: Actor,
  project: ProjectRow,
  request: CsvExportRequest,
): Promise<LimitedCsv & { count: number }> {
  const db = ctx.database.db;
  const scope = { projectId: project.id };
  if (request.kind === 'issues') {
    const filters = parseIssueFilters(request.query);
    const withEpics = project.namespace_type === 'Group';
    const out = await limitedCsv(issueCsvExport(ctx, db, actor, { scope, filters, withEpics }), TARGET_FILESIZE);
    return { ...out, count: out.truncated ? await countIssues(db, actor, scope, filters) : out.written };
  }
  const filters = parseMergeRequestFilters(request.query);
  const out = await limitedCsv(mergeRequestCsvExport(ctx, db, actor, { scope, filters }), TARGET_FILESIZE);
  return { ...out, count: out.truncated ? await countMergeRequests(db, actor, scope, filters) : out.written };
}

/**
 * Builds a queued export's email when the outbox worker sends it: the rows the requester may read
 * now, whole rows up to TARGET_FILESIZE (GitLab's CsvBuilder), and GitLab's text saying how many
 * and whether it was cut. Null (nothing to send) when the requester is no longer active or may no
 * longer see the project.
 */
export async function composeCsvExportEmail(ctx: AppContext, stored: unknown): Promise<ComposedEmail | null> {
  const request = csvExportSchema.parse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  const db = ctx.database.db;
  const actor = await requester(db, request.user_id);
  if (!actor) return null;
  let project: ProjectRow;
  try {
    project = await findProject(db, actor, { id: request.project_id });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
  const { csv, written, truncated, count } = await limitedExport(ctx, actor, project, request);
  const body = csvExportEmailText({
    objects: request.kind === 'issues' ? 'issues' : 'merge requests',
    projectName: project.full_name,
    projectUrl: webUrl(ctx, project.full_path),
    count,
    written,
    truncated,
  });
  return {
    subject: subjectOf(project, request.kind),
    ...body,
    attachments: [
      {
        filename: `${parameterize(project.full_path)}_${request.kind}_${todayIso()}.csv`,
        content: csv,
        contentType: 'text/csv',
      },
    ],
  };
}
