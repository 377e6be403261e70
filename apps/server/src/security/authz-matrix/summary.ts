import { knownGapFor, knownGaps } from './known-gaps';
import type { CellResult } from './run-cell';

/** The count line, known gaps, a per-route table, and the failing cells (sorted, so grouped by route). */
export function summarize(
  results: CellResult[],
  timing: { buildMs: number; runMs: number },
): { text: string; failures: string[] } {
  const byRoute = new Map<string, { cells: number; failed: number; ms: number }>();
  for (const r of results) {
    const row = byRoute.get(r.cell.route) ?? { cells: 0, failed: 0, ms: 0 };
    row.cells += 1;
    row.ms += r.ms;
    if (!r.ok) row.failed += 1;
    byRoute.set(r.cell.route, row);
  }
  const gap = (r: CellResult) => knownGapFor(r.cell.route, r.cell.principal.name);
  const failed = results.filter((r) => !r.ok);
  const describe = (r: CellResult) => {
    const b = r.cell.bundle;
    const variant = `${b.space.vis}${b.confidential ? ' confidential' : ''}${b.internal ? ' internal-note' : ''}`;
    return `${r.cell.route} | ${r.cell.principal.name} | ${variant} | ${r.problem ?? 'passes'}`;
  };
  const gaps = failed.filter((r) => gap(r)).map((r) => `known gap ${gap(r)?.finding}: ${describe(r)}`);
  const stillOpen = new Set(failed.map(gap));
  const closed = knownGaps
    .filter((g) => !stillOpen.has(g))
    .map((g) => `known gap ${g.finding} on ${g.route} no longer fails: remove the mark`);
  const failures = [...failed.filter((r) => !gap(r)).map(describe), ...closed];
  const lines = [
    `authz matrix: ${results.length} cells, ${results.length - failed.length} passed, ${failed.length} failed ` +
      `(world ${timing.buildMs} ms, requests ${timing.runMs} ms)`,
    ...gaps,
    'slowest routes (cell time summed; cells run 8 at a time):',
    ...[...byRoute]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 12)
      .map(
        ([route, row]) =>
          `  ${String(Math.round(row.ms)).padStart(7)} ms ${String(row.cells).padStart(4)} cells  ${route}`,
      ),
    ...[...byRoute].map(
      ([route, row]) => `  ${String(row.cells).padStart(4)} cells ${String(row.failed).padStart(4)} failed  ${route}`,
    ),
  ];
  return { text: lines.join('\n'), failures: failures.sort() };
}
