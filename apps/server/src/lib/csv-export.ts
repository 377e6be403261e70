import { stringify } from 'csv-stringify/sync';

/** One CSV cell: text, a number, or empty. */
export type CsvCell = string | number | null;

/** GitLab's `to_fs(:csv)` of a time: `YYYY-MM-DD HH:MM:SS` in UTC. */
export const csvTime = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : null);

export const yesNo = (b: boolean): string => (b ? 'Yes' : 'No');

/** GitLab's Labels cell: the titles sorted and comma-joined, empty when there are none. */
export const labelTitles = (labels: readonly { title: string }[] | undefined): string | null =>
  (labels ?? [])
    .map((l) => l.title)
    .sort()
    .join(',') || null;

/** GitLab's CsvBuilder `excel_sanitize`: a text cell a spreadsheet would run as a formula gets a leading `'`. */
const FORMULA_START = /^[=+\-@;\t\r]/;

export function excelSanitize(cell: CsvCell): CsvCell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A column: its header and how to read its cell from a row and the row's batch details. */
export type CsvColumn<R, D> = [header: string, value: (row: R, details: D) => CsvCell];

/**
 * A CSV export of a list: its columns, its rows in batches (keyset batches, one held at a time)
 * and the details each batch needs (labels, people …), loaded once per batch.
 */
export interface CsvExport<R, D> {
  columns: CsvColumn<R, D>[];
  batches: AsyncGenerator<R[]>;
  details: (rows: R[]) => Promise<D>;
}

/** The rows of an export as CSV lines (cells sanitized), one array of lines per batch. */
async function* csvLineBatches<R, D>(exp: CsvExport<R, D>): AsyncGenerator<string[]> {
  for await (const rows of exp.batches) {
    const details = await exp.details(rows);
    yield rows.map((row) => stringify([exp.columns.map(([, value]) => excelSanitize(value(row, details)))]));
  }
}

const headerLine = <R, D>(exp: CsvExport<R, D>) => stringify([exp.columns.map(([header]) => header)]);

/**
 * The export as text chunks: the header with the first batch, then one chunk per batch. The first
 * chunk comes only once the first batch is read, so a failing query can still answer its status.
 */
export async function* csvChunks<R, D>(exp: CsvExport<R, D>): AsyncGenerator<string> {
  let chunk = headerLine(exp);
  for await (const lines of csvLineBatches(exp)) {
    yield chunk + lines.join('');
    chunk = '';
  }
  if (chunk) yield chunk;
}

/** An export held to a size: the CSV, the rows written, and whether rows were left out to stay under it. */
export interface LimitedCsv {
  csv: string;
  written: number;
  truncated: boolean;
}

/**
 * The export as one text of at most `maxBytes` (UTF-8), whole rows only: GitLab's CsvBuilder
 * `render(TARGET_FILESIZE)`, which stops before the row that would pass the limit.
 */
export async function limitedCsv<R, D>(exp: CsvExport<R, D>, maxBytes: number): Promise<LimitedCsv> {
  const parts = [headerLine(exp)];
  let bytes = Buffer.byteLength(parts[0] as string);
  let written = 0;
  for await (const lines of csvLineBatches(exp)) {
    for (const line of lines) {
      bytes += Buffer.byteLength(line);
      // Leaving the loop closes the batches (no further reads).
      if (bytes > maxBytes) return { csv: parts.join(''), written, truncated: true };
      parts.push(line);
      written++;
    }
  }
  return { csv: parts.join(''), written, truncated: false };
}
