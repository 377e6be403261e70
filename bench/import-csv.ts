/**
 * The CSV issue import's throughput (issue 32): a file of N issues (title, description, due date) is
 * checked and stored as an import job, then run by one worker in batches of 50 through `createIssue`
 * (the change pipeline) on a fresh embedded database, or on PostgreSQL with DATABASE_URL (an empty
 * database: the bench migrates it). Prints the upload check, the run and the rate.
 *
 *   npx tsx bench/import-csv.ts [--rows 2000]
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { connect } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { claimImportJob, importerOf, runClaimedJob, startCsvImport } from '../apps/server/src/modules/imports';
import { findProject } from '../apps/server/src/modules/namespaces';
import { loadActor } from '../apps/server/src/policy/load-actor';
import { serviceConfigOf } from '../apps/server/src/service-context';
import { addGroupMember, createGroup, createProject, createUser } from '../apps/server/src/test/factories';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '2000' } } });
const ROWS = Number(args.rows);
const url = process.env.DATABASE_URL;
const handle = url ? await connect({ url }) : await connect({ dataDir: mkdtempSync(join(tmpdir(), 'bench-import-')) });
const db = handle.db;
await migrate(db);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) });
const user = await createUser(db, { username: `importer${Date.now()}` });
const group = await createGroup(db, { path: `bench-import-${Date.now()}` });
await createProject(db, { namespaceId: group.id, path: 'tracker' });
await addGroupMember(db, group.id, user.id, 30);
const actor = await loadActor(db, { id: user.id, username: user.username, admin: false }, null);
const project = await findProject(db, actor, { fullPath: `${group.path}/tracker` });
const lines = ['title,description,due_date'];
for (let i = 1; i <= ROWS; i++)
  lines.push(
    `Imported issue ${i},"Row ${i}, with **Markdown** and a comma",2027-01-${String((i % 28) + 1).padStart(2, '0')}`,
  );
const file = Buffer.from(lines.join('\n'));

const t0 = performance.now();
const job = await startCsvImport({ db, actor, config: serviceConfigOf(config) }, project, {
  filename: 'bench.csv',
  data: file,
});
const t1 = performance.now();
const claimed = await claimImportJob(db, 'bench', { jobId: job.id });
if (!claimed) throw new Error('the job was not claimed');
const result = await runClaimedJob({ db, config: serviceConfigOf(config), workerId: 'bench', importerOf }, claimed);
const t2 = performance.now();
const seconds = (t2 - t1) / 1000;
console.log(
  `database: ${url ? 'PostgreSQL' : 'PGlite'}; rows: ${ROWS} (${(file.length / 1024).toFixed(0)} KB); load ${loadavg()[0]?.toFixed(1)}`,
);
console.log(`upload check and job insert: ${(t1 - t0).toFixed(0)} ms`);
console.log(`run: ${result} in ${seconds.toFixed(1)} s — ${(ROWS / seconds).toFixed(0)} issues/s`);
await handle.close();
