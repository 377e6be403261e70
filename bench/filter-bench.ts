/**
 * Filter bench on the large data set: for each list (project issues, group issues, group merge
 * requests, group epics) × each filter token and operator (plus combinations), the REST first page
 * (per_page 20, default sort and one other sort) through the HTTP server, p50/p95 over N requests,
 * next to the same request's SQL replayed raw, and their ratio; then keyset pages deep in each list
 * against page one. Rows over 150 ms p95 or over 2× SQL are flagged with `!`.
 *
 *   npx tsx bench/filter-bench.ts --pg postgres://postgres@127.0.0.1:5432/meridian_large
 *     [--requests 30] [--only 'group issues'] [--deep-only] [--out results.json]
 *
 * Prepare the data once with `DATABASE_URL=… npx meridian seed --scale large`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { connect } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { benchContext, liftSearchRateLimit, ownerToken } from './src/bench-context';
import { deepCursors } from './src/deep-cursors';
import { encodeQuery, filterCasePath, filterCases, otherSort } from './src/filter-cases';
import { type ListRequestRow, type ListRequestTarget, measureListRequest } from './src/list-request';
import { startServer } from './src/server-process';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    group: { type: 'string', default: 'bench' },
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    'deep-only': { type: 'boolean', default: false },
    'deep-issues': { type: 'string', default: '500000' },
    port: { type: 'string', default: '3411' },
    out: { type: 'string' },
  },
});
if (!values.pg) usageError('pass --pg postgres://… (the large data set)');
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const only = values.only ? new RegExp(values.only, 'i') : null;

const handle = await connect({ url: values.pg });
const app = await benchApp(handle);
const { token } = await ownerToken(handle, values.group as string);
await liftSearchRateLimit(handle);
const context = await benchContext(handle, values.group as string);
const server = await startServer({ DATABASE_URL: values.pg }, Number(values.port));

const target: ListRequestTarget = { handle, app, serverUrl: server.url, token, requests, warmup };
const measure = (list: string, filter: string, sort: string, path: string) =>
  measureListRequest(target, list, filter, sort, path);
const rows: ListRequestRow[] = [];
const deep: Array<{ list: string; query: string; depth: number; page1: ListRequestRow; deep: ListRequestRow }> = [];
try {
  if (!values['deep-only']) {
    for (const c of filterCases(context)) {
      if (only && !only.test(`${c.list} ${c.name}`)) continue;
      for (const sort of ['default', otherSort[c.list]]) {
        rows.push(await measure(c.list, c.name, sort, filterCasePath(c, context, sort)));
      }
    }
  }
  const issuesDepth = Number(values['deep-issues']);
  for (const d of await deepCursors(handle, context, {
    issues: issuesDepth,
    projectIssues: 10_000,
    mrs: 75_000,
    epics: 50_000,
  })) {
    if (only && !only.test(`${d.list} keyset`)) continue;
    const base = `${d.path}?${encodeQuery(`${d.query}&per_page=20`)}`;
    const page1 = await measure(d.list, 'keyset page 1', d.query, base);
    const far = await measure(d.list, `keyset ${d.depth} deep`, d.query, `${base}&cursor=${d.cursor}`);
    deep.push({ list: d.list, query: d.query, depth: d.depth, page1, deep: far });
  }
} finally {
  await server.stop();
  await app.close();
  await handle.close();
}

console.log(`requests=${requests} per row (after ${warmup} warm-up), per_page=20, one connection`);
console.log(
  '| list | filter | sort | rows | HTTP p50 ms | HTTP p95 ms | SQL p50 ms | SQL p95 ms | HTTP/SQL p50 | flag |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.list} | ${r.filter} | ${r.sort} | ${r.rows} | ${r.httpP50} | ${r.httpP95} | ${r.sqlP50} | ${r.sqlP95} | ${r.ratio} | ${r.flag} |`,
  );
}
console.log(
  '\n| list | keyset order | depth | page 1 p50 ms | deep p50 ms | page 1 p95 ms | deep p95 ms | deep/page 1 (p50) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const d of deep) {
  const ratio = Math.round((d.deep.httpP50 / d.page1.httpP50) * 100) / 100;
  console.log(
    `| ${d.list} | ${d.query.replace('pagination=keyset&', '')} | ${d.depth} | ${d.page1.httpP50} | ${d.deep.httpP50} | ${d.page1.httpP95} | ${d.deep.httpP95} | ${ratio}${ratio > 1.5 ? ' !' : ''} |`,
  );
}
const flagged = rows.filter((r) => r.flag);
console.log(`\n${rows.length} rows, ${flagged.length} flagged (p95 > 150 ms or HTTP > 2× SQL)`);
if (values.out) writeFileSync(values.out, JSON.stringify({ rows, deep }, null, 2));
