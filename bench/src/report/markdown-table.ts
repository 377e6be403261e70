import { type LastRun, lastFigures } from './last-run';
import { type Metric, withinTarget } from './metric';

/** A figure with one decimal (whole MiB and counts); a target as written (`≤ 15 ms`, not 15.0). */
function format(value: number, unit: Metric['unit'], asTarget = false): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = unit === 'MiB' || unit === 'epics' ? 0 : 1;
  const minimumFractionDigits = asTarget ? 0 : digits;
  return `${value.toLocaleString('en-US', { minimumFractionDigits, maximumFractionDigits: digits })} ${unit}`;
}

function target(m: Metric): string {
  if (m.max !== undefined) return `≤ ${format(m.max, m.unit, true)}`;
  if (m.equals !== undefined) return format(m.equals, m.unit, true);
  return '—';
}

/** A Markdown cell: a `|` in a filter's name (`label ||`) would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The report's table: each metric with its target, this run's figure, the last recorded figure and
 * this/last, plus whether the target is met (**no** stands out in rendered Markdown).
 */
export function markdownTable(metrics: Metric[], last: LastRun): string {
  const lines = [
    '| metric | target | this run | last run | this/last | within target |',
    '| --- | --- | --: | --: | --: | --- |',
  ];
  const figures = lastFigures(last);
  for (const m of metrics) {
    const previous = figures.get(m.id);
    const ratio = previous ? (m.value / previous).toFixed(2) : '—';
    const met = withinTarget(m);
    lines.push(
      `| ${cell(m.name)} | ${target(m)} | ${format(m.value, m.unit)} | ${previous === undefined ? '—' : format(previous, m.unit)} | ${ratio} | ${met === undefined ? '' : met ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}
