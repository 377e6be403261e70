import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatTimeLeft } from '@meridian/domain';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { migrate } from '../db/migrate';
import { DomainError } from '../errors';
import {
  bulkImportSchema,
  claimImportJob,
  guessJiraFormat,
  importerOf,
  jiraText,
  listImportJobSkips,
  newWorkerId,
  parseJiraConnection,
  parseJiraMapping,
  presentImportJob,
  readImportJob,
  runClaimedJob,
  startBulkImport,
  startCsvImport,
  startGroupImport,
  startJiraImport,
} from '../modules/imports';
import { findGroup, findProject } from '../modules/namespaces';
import { loadActor } from '../policy/load-actor';
import { parseInput } from '../rest/params';
import { serviceConfigOf } from '../service-context';
import { CliError } from './cli-error';
import { openDatabase } from './open-database';

export interface ImportCsvOptions {
  file: string;
  into: string;
  user: string;
  /** Where the progress bar goes (stderr); none in tests. */
  progress?: NodeJS.WritableStream;
  /** The summary and the skip report (stdout). */
  out: (line: string) => void;
}

/** The importing user, who must be active. */
export async function activeActor(db: Database, username: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'admin', 'state'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (user?.state !== 'active') throw new CliError(`No active user with the username "${username}".`);
  return loadActor(db, user, null);
}

/** Report rows printed after the import (the rest are counted). */
const REPORT_ROWS = 100;
/** How often the bar reads the job row while the import runs here or in another process. */
const REFRESH_MS = 250;

/**
 * Imports a CSV file of issues into a project as `user` through the same import job the web starts:
 * this process runs it (or, when a server's worker took it first, follows it), with a progress bar.
 * Answers the finished job.
 */
export async function importCsvFile(db: Database, config: Config, options: ImportCsvOptions) {
  const actor = await activeActor(db, options.user);
  const size = await stat(options.file).catch(() => undefined);
  if (!size?.isFile()) throw new CliError(`No file at ${options.file}.`);
  let started: Awaited<ReturnType<typeof startCsvImport>>;
  try {
    const project = await findProject(db, actor, { fullPath: options.into });
    const data = await readFile(options.file);
    started = await startCsvImport({ db, actor, config: serviceConfigOf(config) }, project, {
      filename: options.file.split('/').pop() ?? 'issues.csv',
      data,
    });
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Cannot import into ${options.into}: ${error.message}`);
    throw error;
  }

  const job = await followImportJob(db, config, started.id, { progress: options.progress, unit: 'issues' });
  const counters = job.counters.issue ?? { done: 0, skipped: 0, total: 0 };
  options.out(`Imported ${counters.done} issues into ${options.into}; ${counters.skipped} rows skipped.`);
  const { rows, total } = await listImportJobSkips(db, job.id, { page: 1, per_page: REPORT_ROWS });
  for (const row of rows) options.out(`  line ${row.source_id}: ${row.reason}`);
  if (total > rows.length) options.out(`  … and ${total - rows.length} more`);
  return job;
}

export interface ImportGroupOptions {
  file: string;
  /** The new group's path, its name (default: the path) and the full path of the group it goes in. */
  path: string;
  name?: string;
  parent?: string;
  user: string;
  progress?: NodeJS.WritableStream;
  out: (line: string) => void;
}

/**
 * Imports a Meridian group export archive as a new group, through the same import job as
 * `POST /groups/import` (any size: the file is read from disk, never into memory). Answers the job.
 */
export async function importGroupFile(db: Database, config: Config, options: ImportGroupOptions) {
  const actor = await activeActor(db, options.user);
  const size = await stat(options.file).catch(() => undefined);
  if (!size?.isFile()) throw new CliError(`No file at ${options.file}.`);
  let started: Awaited<ReturnType<typeof startGroupImport>>;
  try {
    const parent = options.parent ? await findGroup(db, actor, { fullPath: options.parent }) : undefined;
    started = await startGroupImport(
      { db, actor, config: serviceConfigOf(config) },
      {
        name: options.name ?? options.path,
        path: options.path,
        ...(parent ? { parent_id: parent.id } : {}),
        archivePath: options.file,
        filename: options.file.split('/').pop() ?? 'group.tar.gz',
      },
    );
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Cannot import the group: ${error.message}`);
    throw error;
  }
  const job = await followImportJob(db, config, started.job.id, { progress: options.progress, unit: 'records' });
  summarizeGroupImport(job, started.group.full_path, options.out);
  await printSkips(db, job.id, options.out);
  return job;
}

function summarizeGroupImport(job: ReturnType<typeof presentImportJob>, fullPath: string, out: (line: string) => void) {
  const count = (kind: string) => job.counters[kind]?.done ?? 0;
  const skipped = Object.values(job.counters).reduce((sum, c) => sum + c.skipped, 0);
  out(
    `Imported ${fullPath}: ${count('groups')} groups, ${count('projects')} projects, ${count('issues')} issues, ${count('epics')} epics, ${count('notes')} notes; ${skipped} records skipped.`,
  );
}

export async function printSkips(db: Database, jobId: number, out: (line: string) => void) {
  const { rows, total } = await listImportJobSkips(db, jobId, { page: 1, per_page: REPORT_ROWS });
  for (const row of rows) out(`  ${row.kind} ${row.source_id}: ${row.reason}`);
  if (total > rows.length) out(`  … and ${total - rows.length} more`);
}

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

export interface ImportGitlabOptions {
  /** The source instance's URL, a token of it that may export the group, and the group there. */
  url: string;
  token: string;
  group: string;
  /** The new group's full path here: its last segment is the path, the rest the group it goes in. */
  into: string;
  user: string;
  progress?: NodeJS.WritableStream;
  out: (line: string) => void;
}

/**
 * GitLab's direct transfer from the command line: the same bulk import as `POST /bulk_imports`, run
 * here (the source writes its export, this process downloads and imports it). Answers the job.
 */
export async function importGitlabGroup(db: Database, config: Config, options: ImportGitlabOptions) {
  const actor = await activeActor(db, options.user);
  const at = options.into.lastIndexOf('/');
  let jobId: number;
  try {
    const input = parseInput(bulkImportSchema, {
      configuration: { url: options.url, access_token: options.token },
      entities: [
        {
          source_type: 'group_entity',
          source_full_path: options.group,
          destination_slug: options.into.slice(at + 1),
          destination_namespace: at < 0 ? '' : options.into.slice(0, at),
        },
      ],
    });
    const bulk = await startBulkImport({ db, actor, config: serviceConfigOf(config) }, input);
    const job = await db
      .selectFrom('import_jobs')
      .select('id')
      .where('bulk_import_id', '=', bulk.id)
      .executeTakeFirstOrThrow();
    jobId = job.id;
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Cannot import ${options.group}: ${error.message}`);
    throw error;
  }
  const job = await followImportJob(db, config, jobId, { progress: options.progress, unit: 'records' });
  summarizeGroupImport(job, options.into, options.out);
  await printSkips(db, job.id, options.out);
  return job;
}

/**
 * The bar's line: the counts once the source has told its totals, and until then (a remote source
 * still listing, an export being written) what it waits for, and for a source with nothing in it (or
 * that failed before counting) that there was nothing: never "100% | 0/0".
 */
function importBarFormat(unit: string): cliProgress.GenericFormatter {
  const counting = `import [{bar}] counting the ${unit}… | {duration_formatted}`;
  const counted = `import [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | {eta_text} left`;
  const nothing = `import [{bar}] no ${unit} | {duration_formatted}`;
  return (options, params, payload) => {
    const format = params.total > 0 ? counted : payload.ended === true ? nothing : counting;
    return cliProgress.Format.Formatter(
      { ...options, format },
      params.total > 0 ? params : { ...params, progress: 0 },
      payload,
    );
  };
}

/**
 * Runs an import job in this process with a progress bar (or, when a server's worker took it first,
 * follows it there) until it ends; answers the ended job.
 */
export async function followImportJob(
  db: Database,
  config: Config,
  jobId: number,
  options: { progress?: NodeJS.WritableStream; unit: string },
) {
  const bar = options.progress
    ? new cliProgress.SingleBar(
        {
          format: importBarFormat(options.unit),
          hideCursor: true,
          stream: options.progress,
          // Piped (CI logs): a plain line every few seconds instead of redrawing.
          noTTYOutput: true,
          notTTYSchedule: 5000,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const show = async () => {
    const job = presentImportJob(await readImportJob(db, jobId));
    bar?.setTotal(job.total);
    bar?.update(job.processed, {
      ended: job.state === 'finished' || job.state === 'failed',
      rate: job.rate_per_second ?? '—',
      eta_text: formatTimeLeft(job.seconds_left),
    });
    return job;
  };
  bar?.start(0, 0, { ended: false, rate: '—', eta_text: '—' });
  const timer = setInterval(() => void show().catch(() => undefined), REFRESH_MS);
  try {
    const workerId = newWorkerId();
    const claimed = await claimImportJob(db, workerId, { jobId });
    if (claimed) await runClaimedJob({ db, config: serviceConfigOf(config), workerId, importerOf }, claimed);
    // Taken by a server's worker (or cut short there): follow it until it ends.
    while (!['finished', 'failed'].includes((await show()).state)) await new Promise((r) => setTimeout(r, REFRESH_MS));
  } finally {
    clearInterval(timer);
  }
  const job = await show();
  bar?.stop();
  if (job.state === 'failed') throw new CliError(`The import failed: ${job.error ?? 'unknown error'}`);
  return job;
}

/** `meridian import csv …` and `meridian import group …`. */
export async function runImport(argv: string[], config: Config, out: (line: string) => void = console.log) {
  const [what, ...rest] = argv;
  if (what === 'redmine') return (await import('./import-redmine')).runImportRedmine(rest, config, out);
  if (!['csv', 'group', 'gitlab', 'jira'].includes(what ?? '')) throw new CliError(IMPORT_USAGE);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      file: { type: 'string' },
      into: { type: 'string' },
      path: { type: 'string' },
      name: { type: 'string' },
      parent: { type: 'string' },
      url: { type: 'string' },
      email: { type: 'string' },
      token: { type: 'string' },
      group: { type: 'string' },
      mapping: { type: 'string' },
      user: { type: 'string', default: 'root' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new CliError(`Unexpected argument: ${positionals[0]}`);
  if ((what === 'csv' || what === 'jira') && (!values.file || !values.into)) {
    throw new CliError('Both --file and --into are required.');
  }
  if (what === 'group' && (!values.file || !values.path)) throw new CliError('Both --file and --path are required.');
  if (what === 'gitlab' && (!values.url || !values.token || !values.group || !values.into)) {
    throw new CliError('--url, --token, --group and --into are required.');
  }
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const common = { file: values.file as string, user: values.user, progress: process.stderr, out };
    if (what === 'csv') await importCsvFile(database.db, config, { ...common, into: values.into as string });
    else if (what === 'jira')
      await importJiraFile(database.db, config, {
        ...common,
        into: values.into as string,
        ...(values.mapping ? { mapping: values.mapping } : {}),
        ...(values.url || values.email || values.token
          ? { site: { url: values.url ?? '', email: values.email, token: values.token } }
          : {}),
      });
    else if (what === 'gitlab')
      await importGitlabGroup(database.db, config, {
        ...common,
        url: values.url as string,
        token: values.token as string,
        group: values.group as string,
        into: values.into as string,
      });
    else
      await importGroupFile(database.db, config, {
        ...common,
        path: values.path as string,
        ...(values.name ? { name: values.name } : {}),
        ...(values.parent ? { parent: values.parent } : {}),
      });
  } finally {
    await database.close();
  }
}

const IMPORT_USAGE = `Usage: meridian import csv --file FILE --into GROUP/PROJECT [--user USERNAME]
       meridian import jira --file CSV_OR_JSON --into GROUP/PROJECT [--mapping MAPPING.json] [--user USERNAME]
       meridian import group --file ARCHIVE --path PATH [--name NAME] [--parent GROUP] [--user USERNAME]
       meridian import gitlab --url URL --token TOKEN --group SOURCE --into DEST [--user USERNAME]
       meridian import redmine --url URL --key KEY --into GROUP [--project IDENTIFIER]… [--tracker ID=TYPE]… [--text-formatting F] [--user USERNAME]`;
