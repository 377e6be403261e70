/**
 * `npm run bench:report`: the headline figures (issue 26) in one Markdown table — the four list
 * requests, RF-1, every filter, the epic child tree, the roadmap in Chromium, first-load JS and idle
 * RSS — each with its target, the last recorded run's figure and this/last.
 *
 *   npm run bench:report [-- --only lists,rf1] [--record] [--pg URL] [--reseed] [--skip-build] [--port 3440]
 *
 * Sections (`--only`, comma-separated): lists, rf1, filters, tree, roadmap, first-load, memory.
 * The large data set lives on PostgreSQL: `--pg`, else BENCH_REPORT_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/meridian_bench_report; a database that does not exist is
 * created and seeded (`meridian seed --scale large --epics 10000 --issues 100000`, about a minute).
 * Builds first (`npm run build`) so every server runs compiled, as `npm start` does. `--record`
 * overwrites bench/report/last-run.json with this run's figures; without it the file is only read.
 * Servers listen on 127.0.0.1 only.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureLargeDatabase } from './src/large-database';
import { readLastRun, recordRun } from './src/report/last-run';
import { markdownTable } from './src/report/markdown-table';
import { type Metric, withinTarget } from './src/report/metric';
import { REPORT_SECTIONS } from './src/report/sections';
import { usageError } from './src/usage-error';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    record: { type: 'boolean', default: false },
    pg: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '3440' },
  },
});

const names = values.only ? values.only.split(',').map((s) => s.trim()) : REPORT_SECTIONS.map((s) => s.name);
const unknown = names.filter((n) => !REPORT_SECTIONS.some((s) => s.name === n));
if (unknown.length > 0)
  usageError(`unknown section ${unknown.join(', ')}: pick from ${REPORT_SECTIONS.map((s) => s.name).join(', ')}`);
const sections = REPORT_SECTIONS.filter((s) => names.includes(s.name));
const databaseUrl =
  values.pg ?? process.env.BENCH_REPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/meridian_bench_report';
const repo = new URL('..', import.meta.url);
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const commit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const started = Date.now();
const startLoad = load();

if (!values['skip-build']) {
  console.error('building (npm run build): the servers run compiled, as npm start does …');
  execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
}
if (sections.some((s) => s.usesDatabase)) {
  await ensureLargeDatabase(databaseUrl, { epics: 10_000, issues: 100_000 }, { reseed: values.reseed });
}

const metrics: Metric[] = [];
for (const [i, section] of sections.entries()) {
  const sectionStart = Date.now();
  console.error(`\n== ${section.name} (load average ${load()}) …`);
  metrics.push(...(await section.run({ databaseUrl, groupPath: 'bench', port: Number(values.port) + i })));
  console.error(`== ${section.name} took ${((Date.now() - sectionStart) / 1000).toFixed(0)} s`);
}

const last = readLastRun();
const date = new Date().toISOString().slice(0, 10);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `bench:report ${date}, commit ${commit}, sections ${names.join(',')}, ${minutes} min, load average ${startLoad} at start and ${load()} at end`,
);
const lastRuns = last.runs.map((r) => `${r.date}, commit ${r.commit} (${Object.keys(r.metrics).length} figures)`);
console.log(`last recorded run: ${lastRuns.length > 0 ? lastRuns.join('; ') : 'none'}\n`);
console.log(markdownTable(metrics, last));
const missed = metrics.filter((m) => withinTarget(m) === false);
console.log(`\n${metrics.length} figures, ${missed.length} outside their target`);
if (values.record) {
  recordRun(last, metrics, { date, commit });
  console.log('recorded in bench/report/last-run.json');
}
