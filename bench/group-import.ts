/**
 * Group import throughput (issue 32): seeds the large data set (`seedLarge`, no merge requests) into
 * a fresh PostgreSQL database, exports its `bench` group to an archive with `writeGroupArchive`, then
 * imports the archive as a new group of the same database through the import job (`startGroupImport`,
 * one worker, as `meridian import group` runs it) and prints the records per kind, the time, and the
 * rates: issues per second over the whole import, and records per second; the CPU seconds of the
 * import's process (with --compiled, the CLI's, its start included) and of PostgreSQL; and the SQL
 * statements the job ran (`captureQueries`, in this process only), with its batches.
 *
 *   npx tsx bench/group-import.ts [--issues 10000] [--url postgres://…/postgres] [--seeded-texts]
 *     [--cpu-profile import.cpuprofile] [--compiled]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import { type CapturedQuery, connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { writeGroupArchive } from '../apps/server/src/modules/group-transfer';
import {
  claimImportJob,
  importerOf,
  importWriters,
  runClaimedJob,
  startGroupImport,
} from '../apps/server/src/modules/imports';
import { findGroupRow } from '../apps/server/src/modules/namespaces';
import { loadActor } from '../apps/server/src/policy/load-actor';
import { seedLarge } from '../apps/server/src/seed/seed-large';
import { serviceConfigOf } from '../apps/server/src/service-context';
import { createUser } from '../apps/server/src/test/factories';
import { cpuBetween, sampleCpu } from './src/cpu-seconds';
import { compiledServerIsFresh, meridianCliWithNodeOptions } from './src/meridian-cli';
import { withScratchDatabase } from './src/scratch-database';

const { values: args } = parseArgs({
  options: {
    issues: { type: 'string', default: '10000' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    // The seeder draws notes and descriptions from a few dozen texts; real ones differ, and a text met
    // again is rendered once per batch, so by default every text is made distinct before the export.
    'seeded-texts': { type: 'boolean', default: false },
    // Writes a V8 CPU profile of the import (start to end of the job) to this file (.cpuprofile); with
    // --compiled, a folder that receives the CLI's profiles, one per thread.
    'cpu-profile': { type: 'string' },
    // Runs the import with the production build's CLI (`meridian import group`) instead of in this process.
    compiled: { type: 'boolean', default: false },
  },
});
const ISSUES = Number(args.issues);

/** The job's statements: how many, in how many batches, and the kinds that took the longest. */
function printStatements(queries: CapturedQuery[]) {
  const batches = queries.filter((q) => /^update "import_jobs" set "heartbeat_at"/i.test(q.sql)).length - 1;
  console.log(`SQL statements of the job: ${queries.length.toLocaleString('en')} in ${batches} batches`);
  const byStatement = new Map<string, { count: number; ms: number }>();
  for (const q of queries) {
    const head = q.sql.replace(/\s+/g, ' ').trim().slice(0, 48);
    const entry = byStatement.get(head) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += q.ms ?? 0;
    byStatement.set(head, entry);
  }
  const dbMs = queries.reduce((sum, q) => sum + (q.ms ?? 0), 0);
  console.log(`time waiting on statements: ${(dbMs / 1000).toFixed(2)} s; the heaviest kinds:`);
  for (const [head, { count, ms }] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
    console.log(`  ${ms.toFixed(0).padStart(6)} ms ${String(count).padStart(5)}× ${head}`);
  }
}
const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-import-'));
await withScratchDatabase(args.url, `meridian_bench_group_import_${ISSUES}`, async (url) => {
  const database = await connect({ url, poolSize: 4 });
  try {
    const db = database.db;
    await migrate(db);
    await seedLarge(db, { issues: ISSUES, epics: Math.round(ISSUES / 10), mergeRequests: 0, progressBar: false });
    const group = await findGroupRow(db, { fullPath: 'bench' });
    if (!group) throw new Error('no bench group');
    if (!args['seeded-texts']) {
      await sql`UPDATE notes SET note = note || ${'\n\nSeen again in build '} || id`.execute(db);
      await sql`UPDATE issues SET description = coalesce(description, '') || ${'\n\nReported from run '} || id`.execute(
        db,
      );
      // The updates' dead rows are vacuumed now, not by autovacuum while the import is measured.
      await sql`VACUUM (ANALYZE) notes, issues`.execute(db);
    }
    const archive = join(dir, 'bench.tar.gz');
    const manifest = await writeGroupArchive(
      { db, groupId: group.id, sourceUrl: 'http://bench', meridianVersion: 'bench' },
      archive,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      UPLOADS_DIR: join(dir, 'uploads'),
    });
    const user = await createUser(db, { username: 'bench_importer', admin: true });
    const actor = await loadActor(db, { id: user.id, username: user.username, admin: true }, null);
    const services = serviceConfigOf(config);
    const load = loadavg()[0]?.toFixed(2);
    const inProcess = async () => {
      const profiler = args['cpu-profile'] ? new Session() : null;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      const cpuBefore = await sampleCpu(db);
      const started = Date.now();
      const { job } = await startGroupImport(
        { db, actor, config: services },
        { name: 'Bench copy', path: 'bench-copy', archivePath: archive, filename: 'bench.tar.gz' },
      );
      const claimed = await claimImportJob(db, 'bench', { jobId: job.id });
      if (!claimed) throw new Error('the job was not claimed');
      const { result, queries } = await database.captureQueries(() =>
        runClaimedJob({ db, config: services, workerId: 'bench', importerOf }, claimed, {
          writers: importWriters('postgres'),
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const cpu = cpuBetween(cpuBefore, await sampleCpu(db));
      if (profiler && args['cpu-profile']) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(args['cpu-profile'], JSON.stringify(profile));
        profiler.disconnect();
      }
      return { jobId: job.id, seconds, result, queries, cpu };
    };
    // The production build's CLI in a process of its own, as a user runs it (`npm run build -w apps/server`
    // first), loaded without tsx.
    const compiled = async () => {
      if (!compiledServerIsFresh()) throw new Error('--compiled needs a fresh build: npm run build -w apps/server');
      const cpuBefore = await sampleCpu(db);
      const started = Date.now();
      // With --cpu-profile the CLI writes its profile (one per thread) to that folder.
      const profileDir = args['cpu-profile'];
      meridianCliWithNodeOptions(
        profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
        { DATABASE_URL: url, UPLOADS_DIR: join(dir, 'uploads'), NODE_ENV: 'production' },
        'import',
        'group',
        '--file',
        archive,
        '--path',
        'bench-copy',
        '--user',
        user.username,
      );
      const seconds = (Date.now() - started) / 1000;
      const cpu = cpuBetween(cpuBefore, await sampleCpu(db));
      const job = await db
        .selectFrom('import_jobs')
        .select(['id', 'state', 'started_at', 'finished_at'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const jobSeconds = ((job.finished_at?.getTime() ?? 0) - (job.started_at?.getTime() ?? 0)) / 1000;
      console.log(`the job itself (started_at to finished_at): ${jobSeconds.toFixed(2)} s`);
      return { jobId: job.id, seconds, result: job.state, queries: [], cpu: { ...cpu, process: cpu.children } };
    };
    const { jobId, seconds, result, queries, cpu } = args.compiled ? await compiled() : await inProcess();
    const ended = await db
      .selectFrom('import_jobs')
      .select(['counters', 'error'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const counters = ended.counters as Record<string, { done: number; skipped: number; total: number }>;
    const records = Object.values(counters).reduce((sum, c) => sum + c.done + c.skipped, 0);
    const issues = counters.issues?.done ?? 0;
    console.log(`load average before: ${load}; result: ${result}${ended.error ? ` (${ended.error})` : ''}`);
    console.log(
      `CPU seconds: ${args.compiled ? 'the CLI (its start and upload check too)' : 'this process'} ${cpu.process.toFixed(2)}, PostgreSQL ${cpu.database.toFixed(2)}`,
    );
    if (!args.compiled) printStatements(queries);
    console.log(
      `archive: ${Object.entries(manifest.files)
        .map(([k, f]) => `${f.count} ${k}`)
        .join(', ')}`,
    );
    console.log('| issues | records | time | issues/s | records/s |');
    console.log('|---:|---:|---:|---:|---:|');
    console.log(
      `| ${issues.toLocaleString('en')} | ${records.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${Math.round(issues / seconds)} | ${Math.round(records / seconds)} |`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
