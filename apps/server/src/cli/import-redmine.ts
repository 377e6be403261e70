import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { migrate } from '../db/migrate';
import { DomainError } from '../errors';
import { listImportJobSkips, redmineImportSchema, startRedmineImport } from '../modules/imports';
import { findGroup } from '../modules/namespaces';
import { parseInput } from '../rest/params';
import { serviceConfigOf } from '../service-context';
import { CliError } from './cli-error';
import { activeActor, followImportJob, printSkips } from './import-job-progress';
import { openDatabase } from './open-database';

export interface ImportRedmineOptions {
  /** The Redmine, an API key of it (an administrator's matches every person) and the projects (none: all). */
  url: string;
  key: string;
  projects: string[];
  /** `TRACKER_ID=type` pairs overriding the suggested work item types. */
  trackers: string[];
  /** The Redmine's text formatting (`textile`, the default, is made Markdown; `common_mark`, `markdown`, `none`). */
  textFormatting?: string;
  /** The group imported into (it must exist; the importing user must own it). */
  into: string;
  user: string;
  progress?: NodeJS.WritableStream;
  out: (line: string) => void;
}

/**
 * The Redmine importer from the command line: the same job as `POST /groups/:id/import/redmine`,
 * run here with a progress bar (or followed, when a server's worker took it). Answers the job.
 */
export async function importRedmine(db: Database, config: Config, options: ImportRedmineOptions) {
  const actor = await activeActor(db, options.user);
  let jobId: number;
  try {
    const trackers = Object.fromEntries(
      options.trackers.map((pair) => {
        const [id, type] = pair.split('=');
        return [id ?? '', type ?? ''];
      }),
    );
    const input = parseInput(redmineImportSchema, {
      url: options.url,
      api_key: options.key,
      projects: options.projects,
      trackers,
      text_formatting: options.textFormatting,
    });
    const group = await findGroup(db, actor, { fullPath: options.into });
    jobId = (await startRedmineImport({ db, actor, config: serviceConfigOf(config) }, group, input)).id;
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Cannot import into ${options.into}: ${error.message}`);
    throw error;
  }
  const job = await followImportJob(db, config, jobId, { progress: options.progress, unit: 'items' });
  const count = (kind: string) => job.counters[kind]?.done ?? 0;
  // Relations and parents left out are reported beside the items: the report's length is what was skipped.
  const { total: skipped } = await listImportJobSkips(db, jobId, { page: 1, per_page: 1 });
  const row = await db.selectFrom('import_jobs').select('source_options').where('id', '=', jobId).executeTakeFirst();
  const projects = ((row?.source_options as { projects?: string[] } | null)?.projects ?? []).join(', ');
  options.out(
    `Imported ${projects} into ${options.into}: ${count('projects')} projects, ${count('issues')} issues, ${count('time_entries')} time entries; ${skipped} items skipped.`,
  );
  await printSkips(db, jobId, options.out);
  return job;
}

export async function runImportRedmine(args: string[], config: Config, out: (line: string) => void) {
  const { values, positionals } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      into: { type: 'string' },
      project: { type: 'string', multiple: true },
      tracker: { type: 'string', multiple: true },
      'text-formatting': { type: 'string' },
      user: { type: 'string', default: 'root' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new CliError(`Unexpected argument: ${positionals[0]}`);
  if (!values.url || !values.key || !values.into) throw new CliError('--url, --key and --into are required.');
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    await importRedmine(database.db, config, {
      url: values.url,
      key: values.key,
      into: values.into,
      projects: values.project ?? [],
      trackers: values.tracker ?? [],
      textFormatting: values['text-formatting'],
      user: values.user,
      progress: process.stderr,
      out,
    });
  } finally {
    await database.close();
  }
}
