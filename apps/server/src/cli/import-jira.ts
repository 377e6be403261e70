import { readFile, stat } from 'node:fs/promises';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { DomainError } from '../errors';
import { guessJiraFormat, jiraText, parseJiraConnection, parseJiraMapping, startJiraImport } from '../modules/imports';
import { findProject } from '../modules/namespaces';
import { serviceConfigOf } from '../service-context';
import { CliError } from './cli-error';
import { activeActor, followImportJob, printSkips } from './import-job-progress';

export interface ImportJiraOptions {
  /** Jira's CSV export or its REST JSON (the format from the name, else the first character). */
  file: string;
  into: string;
  user: string;
  /** A JSON file of the mapping to run with (`{"types": {"Bug": {"kind": "issue", "label": "bug"}}, "statuses": {…}}`). */
  mapping?: string;
  /**
   * The Jira site to download the attachments from (`--url`), with `--email` and `--token` (an API
   * token, Jira Cloud) or `--token` alone (a personal access token, Jira Data Center).
   */
  site?: { url: string; email?: string; token?: string };
  progress?: NodeJS.WritableStream;
  out: (line: string) => void;
}

/** The Jira site's fields as the API takes them, so the CLI checks them the same way. */
const jiraSiteFields = (site: NonNullable<ImportJiraOptions['site']>) => ({
  jira_url: site.url,
  ...(site.email === undefined
    ? { jira_personal_access_token: site.token }
    : { jira_email: site.email, jira_api_token: site.token }),
});

/** The counts a Jira import prints, by item kind. */
const JIRA_SUMMARY: Array<[kind: string, noun: string]> = [
  ['epic', 'epics'],
  ['issue', 'issues and tasks'],
  ['note', 'comments'],
  ['issue_link', 'links'],
  ['timelog', 'work logs'],
  ['user', 'people'],
  ['attachment', 'attachments'],
];

/**
 * Imports a Jira export (CSV, or the REST API's JSON) into a project as `user` (Maintainer and up)
 * through the same import job as `POST /projects/:id/import/jira_csv`, with a progress bar. Answers the job.
 */
export async function importJiraFile(db: Database, config: Config, options: ImportJiraOptions) {
  const actor = await activeActor(db, options.user);
  const size = await stat(options.file).catch(() => undefined);
  if (!size?.isFile()) throw new CliError(`No file at ${options.file}.`);
  let jobId: number;
  try {
    const project = await findProject(db, actor, { fullPath: options.into });
    const data = await readFile(options.file);
    const filename = options.file.split('/').pop() ?? 'jira';
    const mapping = options.mapping ? parseJiraMapping(await readFile(options.mapping, 'utf8')) : undefined;
    const connection = options.site ? parseJiraConnection(jiraSiteFields(options.site)) : null;
    const job = await startJiraImport({ db, actor, config: serviceConfigOf(config) }, project, {
      format: guessJiraFormat(filename, jiraText(data).slice(0, 64)),
      filename,
      data,
      ...(mapping ? { mapping } : {}),
      connection,
    });
    jobId = job.id;
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Cannot import into ${options.into}: ${error.message}`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`No file at ${options.mapping}.`);
    throw error;
  }
  const job = await followImportJob(db, config, jobId, { progress: options.progress, unit: 'items' });
  const done = JIRA_SUMMARY.filter(([kind]) => kind !== 'attachment' || job.counters[kind])
    .map(([kind, noun]) => `${job.counters[kind]?.done ?? 0} ${noun}`)
    .join(', ');
  const skipped = Object.values(job.counters).reduce((sum, c) => sum + c.skipped, 0);
  options.out(`Imported into ${options.into} from Jira: ${done}; ${skipped} items skipped.`);
  await printSkips(db, job.id, options.out);
  return job;
}
