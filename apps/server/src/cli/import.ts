import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { migrate } from '../db/migrate';
import { DomainError } from '../errors';
import {
  bulkImportSchema,
  listImportJobSkips,
  type presentImportJob,
  startBulkImport,
  startCsvImport,
  startGroupImport,
} from '../modules/imports';
import { findGroup, findProject } from '../modules/namespaces';
import { parseInput } from '../rest/params';
import { serviceConfigOf } from '../service-context';
import { CliError } from './cli-error';
import { importJiraFile } from './import-jira';
import { activeActor, followImportJob, printSkips, REPORT_ROWS } from './import-job-progress';
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
