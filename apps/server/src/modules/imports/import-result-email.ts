import type { Database } from '../../db/connection';
import type { ServiceConfig } from '../../service-context';
import { fullPathsOfNamespaces } from '../namespaces';
import { escapeHtml, queueUserEmail } from '../notifications';
import type { Counters } from './import-jobs';

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The email that tells who started an import how it ended (GitLab's "Imported issues" mail for a
 * CSV import; the same for a group import): what was imported, what was skipped and where to look.
 * Queued in the notification outbox; nothing when the instance sends no email.
 */
export async function emailImportResult(db: Database, config: ServiceConfig, jobId: number): Promise<void> {
  if (!config.mail) return;
  const job = await db
    .selectFrom('import_jobs as j')
    .leftJoin('projects as p', 'p.id', 'j.project_id')
    .select([
      'j.kind',
      'j.state',
      'j.counters',
      'j.error',
      'j.created_by_id',
      'j.namespace_id',
      'j.project_id',
      'p.name as project_name',
      'p.namespace_id as project_namespace_id',
      'p.path as project_path',
    ])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
  // A reassignment's end is told by the source user's status, not by an import email.
  if (!job?.created_by_id || job.kind === 'source_user_reassignment') return;
  const counters = (job.counters ?? {}) as Counters;
  const skipped = Object.values(counters).reduce((sum, c) => sum + c.skipped, 0);
  const failed = job.state === 'failed';
  let subject: string;
  let summary: string;
  let link: string;
  if (job.kind === 'csv_issues' && job.project_id !== null) {
    const namespace = (await fullPathsOfNamespaces(db, [job.project_namespace_id ?? 0])).get(
      job.project_namespace_id ?? 0,
    );
    const issues = counters.issue ?? { done: 0, skipped: 0, total: 0 };
    subject = `${job.project_name} | Imported issues`;
    summary = failed
      ? `Your CSV import for project ${job.project_name} failed: ${job.error ?? 'unknown error'}. ${counted(issues.done, 'issue')} had been imported.`
      : `Your CSV import for project ${job.project_name} has been completed. ${counted(issues.done, 'issue')} imported, ${counted(issues.skipped, 'row')} skipped.`;
    link = `${config.externalUrl}/${namespace}/${job.project_path}/-/issues`;
  } else {
    const path = (await fullPathsOfNamespaces(db, [job.namespace_id ?? 0])).get(job.namespace_id ?? 0) ?? '';
    const done = (kind: string) => counters[kind]?.done ?? 0;
    subject = `${path} | Group import ${failed ? 'failed' : 'finished'}`;
    summary = failed
      ? `The import of group ${path} failed: ${job.error ?? 'unknown error'}.`
      : `The import of group ${path} has been completed: ${counted(done('projects'), 'project')}, ${counted(done('issues'), 'issue')}, ${counted(done('epics'), 'epic')}, ${counted(done('notes'), 'note')} imported; ${counted(skipped, 'record')} skipped.`;
    link = `${config.externalUrl}/groups/${path}`;
  }
  await queueUserEmail(db, job.created_by_id, {
    subject,
    text: `${summary}\n\n${link}\n`,
    html: `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  });
}
