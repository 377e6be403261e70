/**
 * Memory of the streamed CSV exports on the large data set (issue 32): the group's issues.csv and
 * merge_requests.csv, each downloaded twice — a slice of ~20,000 rows (`created_after` the 20,000th
 * newest) and the whole list (~200,000 issues, ~150,000 merge requests) — from a `meridian start`
 * process of its own, whose resident set size is read from /proc every 10 ms during each download.
 * Flat memory means the peak barely moves while the rows grow tenfold. The server runs with a V8
 * heap cap (`--heap-mb`, default 256): an export that held its rows would die of it.
 *
 *   npx tsx bench/csv-export-memory.ts [--pg URL] [--reseed] [--port 3450] [--heap-mb 256]
 *
 * The database (default postgres://postgres@127.0.0.1:5432/meridian_bench_csv) is created and seeded
 * when missing (`meridian seed --scale large --epics 2000 --issues 200000`, ~2 minutes; the large
 * seed adds its 150,000 merge requests). Requests are the group Owner's (every row, confidential too).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connect } from '../apps/server/src/db/connection';
import { ownerToken } from './src/bench-context';
import { ensureLargeDatabase } from './src/large-database';
import { startServer } from './src/server-process';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/meridian_bench_csv' },
    reseed: { type: 'boolean', default: false },
    port: { type: 'string', default: '3450' },
    'heap-mb': { type: 'string', default: '256' },
    group: { type: 'string', default: 'bench' },
  },
});
const databaseUrl = values.pg as string;
const groupPath = values.group as string;

await ensureLargeDatabase(databaseUrl, { epics: 2_000, issues: 200_000 }, { reseed: values.reseed });

const handle = await connect({ url: databaseUrl });
const { token } = await ownerToken(handle, groupPath, 'csv-export-memory');
/** `created_after` that leaves the newest ~20,000 rows of `table` in the group. */
async function sliceStart(table: 'issues' | 'merge_requests'): Promise<string> {
  const alias = table === 'issues' ? 'i' : 'mr';
  const r = await sql<{ created_at: Date }>`
    SELECT ${sql.ref(`${alias}.created_at`)} AS created_at FROM ${sql.table(table)} AS ${sql.raw(alias)}
    JOIN projects p ON p.id = ${sql.ref(`${alias}.project_id`)} JOIN namespaces n ON n.id = p.namespace_id
    WHERE n.traversal_ids[1] = (SELECT id FROM namespaces WHERE path = ${groupPath} AND parent_id IS NULL)
    ORDER BY 1 DESC OFFSET 19999 LIMIT 1`.execute(handle.db);
  const at = r.rows[0]?.created_at;
  if (!at) throw new Error(`fewer than 20,000 ${table} in group ${groupPath}`);
  return new Date(at).toISOString();
}
const slices = { issues: await sliceStart('issues'), merge_requests: await sliceStart('merge_requests') };
await handle.close();

const heapMb = Number(values['heap-mb']);
const server = await startServer({ DATABASE_URL: databaseUrl }, Number(values.port), [
  `--max-old-space-size=${heapMb}`,
]);
const pid = server.process.pid as number;

/** The server's resident set size in MiB (VmRSS of /proc/<pid>/status). */
function rssMiB(): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** CSV records in a stream of chunks: line breaks outside quoted cells (a description may hold some). */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(chunk: string) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 34) quoted = !quoted;
        else if (c === 10 && !quoted) records++;
      }
    },
    get rows() {
      return records - 1;
    },
  };
}

interface Run {
  rows: number;
  mib: number;
  seconds: number;
  baseline: number;
  peak: number;
}

async function download(path: string): Promise<Run> {
  const baseline = rssMiB();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB());
  }, 10);
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}${path}`, { headers: { 'private-token': token } });
    if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status} for ${path}: ${await res.text()}`);
    const counter = recordCounter();
    const decoder = new TextDecoder();
    let bytes = 0;
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.byteLength;
      counter.add(decoder.decode(read.value, { stream: true }));
    }
    return {
      rows: counter.rows,
      mib: bytes / 1024 / 1024,
      seconds: (performance.now() - started) / 1000,
      baseline,
      peak: Math.max(peak, rssMiB()),
    };
  } finally {
    clearInterval(sampler);
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
try {
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; server heap cap ${heapMb} MiB; idle RSS ${fmt(rssMiB())} MiB`,
  );
  console.log('export\trows\tMiB\ts\trows/s\tRSS before MiB\tpeak RSS MiB\tgrowth MiB');
  for (const list of ['issues', 'merge_requests'] as const) {
    const base = `/groups/${groupPath}/-/${list}.csv?state=all`;
    // Warm the code path once, so the first measured run does not carry the lazy loads.
    await download(`${base}&created_after=${encodeURIComponent(new Date().toISOString())}`);
    for (const [label, path] of [
      ['slice', `${base}&created_after=${encodeURIComponent(slices[list])}`],
      ['whole', base],
    ] as const) {
      const r = await download(path);
      console.log(
        [
          `${list}.csv (${label})`,
          fmt(r.rows),
          fmt(r.mib, 1),
          fmt(r.seconds, 1),
          fmt(r.rows / r.seconds),
          fmt(r.baseline),
          fmt(r.peak),
          fmt(r.peak - r.baseline),
        ].join('\t'),
      );
    }
  }
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.stop();
}
