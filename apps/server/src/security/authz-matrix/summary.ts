import type { CellResult } from './run-cell';

/** The count line, a per-route table, and the failing cells grouped by route and problem. */
export function summarize(
  results: CellResult[],
  timing: { buildMs: number; runMs: number },
): { text: string; failures: string[] } {
  const byRoute = new Map<string, { cells: number; failed: number }>();
  for (const r of results) {
    const row = byRoute.get(r.cell.route) ?? { cells: 0, failed: 0 };
    row.cells += 1;
    if (!r.ok) row.failed += 1;
    byRoute.set(r.cell.route, row);
  }
  const failed = results.filter((r) => !r.ok);
  const failures = failed.map((r) => {
    const b = r.cell.bundle;
    const variant = `${b.space.vis}${b.confidential ? ' confidential' : ''}${b.internal ? ' internal-note' : ''}`;
    return `${r.cell.route} | ${r.cell.principal.name} | ${variant} | ${r.problem}`;
  });
  const lines = [
    `authz matrix: ${results.length} cells, ${results.length - failed.length} passed, ${failed.length} failed ` +
      `(world ${timing.buildMs} ms, requests ${timing.runMs} ms)`,
    ...[...byRoute].map(
      ([route, row]) => `  ${String(row.cells).padStart(4)} cells ${String(row.failed).padStart(4)} failed  ${route}`,
    ),
  ];
  return { text: lines.join('\n'), failures: failures.sort() };
}
