/**
 * Issue 28's transport figures, in process (the real app, `app.inject`):
 * - response bytes and median time of the roadmap's 1,000-epic window (GraphQL) and a 50-issue REST
 *   list, sent plain, gzip and brotli (the time includes compressing);
 * - the CPU cost of each encoder at a few settings on the roadmap window's JSON, to choose brotli's quality;
 * - the median of the roadmap's RF-1 request (50 epics) with Mercurius' document cache missed on
 *   every request (a unique comment per request, what `cache: false` cost) and hit.
 *
 *   npx tsx bench/transport-bench.ts --pg postgres://postgres@127.0.0.1:5432/meridian_bench_report [--requests 30]
 *
 * Needs the large data set (`npm run bench:report -- --reseed` makes it); the token it adds is removed at the end.
 */
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { connect } from '../apps/server/src/db/connection';
import { benchApp } from './src/bench-app';
import { BENCH_DATABASE_OPTIONS, ownerToken } from './src/bench-context';
import { ROADMAP_EPICS_QUERY, threeYearsAround } from './src/roadmap-query';
import { ROADMAP_WINDOW_QUERY } from './src/roadmap-window-query';
import { percentile, round1 } from './src/stats';

const { values: args } = parseArgs({
  options: { ...BENCH_DATABASE_OPTIONS, requests: { type: 'string', default: '30' } },
});
const requests = Number(args.requests);
const group = args.group;
const handle = await connect(args.pg ? { url: args.pg } : { dataDir: args.pglite });
const app = await benchApp(handle);
const { token } = await ownerToken(handle, group, 'transport-bench');

const variables = { fullPath: group, state: 'all', sort: 'START_DATE_ASC', timeframe: threeYearsAround(new Date()) };
const graphql = (query: string, vars: object, acceptEncoding?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: {
      'private-token': token,
      'content-type': 'application/json',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    payload: JSON.stringify({ query, variables: vars }),
  });
const rest = (path: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: path,
    headers: { 'private-token': token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

type Send = (acceptEncoding?: string) => ReturnType<typeof rest>;

/** Median ms and bytes of `send` per encoding, the encodings alternated request by request. */
async function byEncoding(name: string, send: Send) {
  const encodings = [undefined, 'gzip', 'br'] as const;
  const times = new Map<string | undefined, number[]>(encodings.map((e) => [e, []]));
  const bytes = new Map<string | undefined, number>();
  for (const e of encodings) await send(e); // warm
  for (let i = 0; i < requests; i++) {
    for (const e of encodings) {
      const start = performance.now();
      const res = await send(e);
      times.get(e)?.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      if ((res.headers['content-encoding'] ?? undefined) !== e)
        throw new Error(`${name}: sent ${res.headers['content-encoding']} for ${e}`);
      bytes.set(e, res.rawPayload.length);
    }
  }
  const plain = bytes.get(undefined) ?? 1;
  for (const e of encodings) {
    const b = bytes.get(e) ?? 0;
    console.log(
      `${name.padEnd(34)} ${(e ?? 'none').padEnd(5)} ${String(b).padStart(9)} B (${round1((100 * b) / plain)} %)  median ${round1(percentile(times.get(e) ?? [], 50))} ms`,
    );
  }
}

const windowVars = { ...variables, includeDescendantGroups: true, offset: 0, limit: 1000 };
const windowAnswer = await graphql(ROADMAP_WINDOW_QUERY, windowVars);
const epics = (JSON.parse(windowAnswer.body) as { data?: { group?: { roadmapEpics?: unknown[] } } }).data?.group
  ?.roadmapEpics?.length;
console.log(
  `roadmap window: ${epics} epics, ${windowAnswer.rawPayload.length} bytes of JSON; ${requests} requests per encoding\n`,
);

await byEncoding('roadmap window (GraphQL, 1,000)', (e) => graphql(ROADMAP_WINDOW_QUERY, windowVars, e));
await byEncoding('group issues (REST, per_page=50)', (e) => rest(`/api/v4/groups/${group}/issues?per_page=50`, e));

console.log('\nencoder CPU on the roadmap window JSON (median of 10):');
const json = windowAnswer.rawPayload;
const encoders: Array<[string, () => Buffer]> = [
  ['gzip level 6 (zlib default)', () => gzipSync(json)],
  ...[4, 5, 6, 11].map(
    (q) =>
      [`brotli quality ${q}`, () => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: q } })] as [
        string,
        () => Buffer,
      ],
  ),
];
for (const [name, encode] of encoders) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < (name.endsWith(' 11') ? 3 : 10); i++) {
    const start = performance.now();
    size = encode().length;
    times.push(performance.now() - start);
  }
  console.log(`  ${name.padEnd(28)} ${String(size).padStart(8)} B  ${round1(percentile(times, 50))} ms`);
}

console.log('\nGraphQL document cache, RF-1 (50 epics), alternated:');
const rf1Vars = { ...variables, first: 50, includeDescendantGroups: true };
const cacheTimes = { missed: [] as number[], hit: [] as number[] };
await graphql(ROADMAP_EPICS_QUERY, rf1Vars);
for (let i = 0; i < requests; i++) {
  for (const mode of ['missed', 'hit'] as const) {
    // A comment makes the text new: Mercurius parses and validates it again, as with `cache: false`.
    const query = mode === 'missed' ? `${ROADMAP_EPICS_QUERY}\n# request ${i}` : ROADMAP_EPICS_QUERY;
    const start = performance.now();
    const res = await graphql(query, rf1Vars);
    cacheTimes[mode].push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`RF-1: HTTP ${res.statusCode}`);
  }
}
for (const mode of ['missed', 'hit'] as const)
  console.log(`  document cache ${mode.padEnd(6)} median ${round1(percentile(cacheTimes[mode], 50))} ms`);

await handle.db.deleteFrom('personal_access_tokens').where('name', '=', 'transport-bench').execute();
await app.close();
await handle.close();
