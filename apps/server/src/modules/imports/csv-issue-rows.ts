import { isValidIsoDate } from '@meridian/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../errors';

/** GitLab's cap on an uploaded file, and its message when a file is larger. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_TOO_LARGE = 'file is too large (maximum is 10 MB)';

/** One data row of an issue CSV, with GitLab's line number (the header is line 1) and what is wrong with it. */
export interface CsvIssueRow {
  line: number;
  title: string;
  description: string;
  dueDate: string | null;
  milestone: string | null;
  errors: string[];
}

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 1_048_576;
const MILESTONE_MAX = 255;

/** Ruby CSV's `header_converters: :symbol`, as GitLab reads the header: `Due Date` → `due_date`. */
function headerKey(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, '_').replace(/[^\w]/g, '');
}

/** GitLab's separator: the first of `,`, `;` and tab the header line holds. */
function separatorOf(headerLine: string): string {
  for (const separator of [',', ';', '\t']) if (headerLine.includes(separator)) return separator;
  throw badRequest('Invalid CSV format', 'file');
}

/** The file as UTF-8 text: binary content (a NUL byte, bytes that are not UTF-8) is refused. */
export function csvText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('Invalid CSV format - the file is not UTF-8 text', 'file');
  }
  if (text.includes('\0')) throw badRequest('Invalid CSV format - the file is not text', 'file');
  return text;
}

const cell = (record: Record<string, string | undefined>, key: string) => (record[key] ?? '').trim();

function rowOf(record: Record<string, string | undefined>, line: number): CsvIssueRow {
  const errors: string[] = [];
  const title = cell(record, 'title');
  const description = record.description ?? '';
  const due = cell(record, 'due_date');
  const milestone = cell(record, 'milestone');
  if (title === '') errors.push("Title can't be blank");
  if (title.length > TITLE_MAX) errors.push(`Title is too long (maximum is ${TITLE_MAX} characters)`);
  if (description.length > DESCRIPTION_MAX) {
    errors.push(`Description is too long (maximum is ${DESCRIPTION_MAX} characters)`);
  }
  if (due !== '' && !isValidIsoDate(due)) errors.push('Due date is not a date (YYYY-MM-DD)');
  if (milestone.length > MILESTONE_MAX) errors.push(`Milestone is too long (maximum is ${MILESTONE_MAX} characters)`);
  return {
    line,
    title: title.slice(0, TITLE_MAX),
    description: description.slice(0, DESCRIPTION_MAX),
    dueDate: due === '' || !isValidIsoDate(due) ? null : due,
    milestone: milestone === '' ? null : milestone.slice(0, MILESTONE_MAX),
    errors,
  };
}

/**
 * An issue CSV read as GitLab's `Issuable::ImportCsv::BaseService` does: the header line names the
 * columns, case-insensitive, and must hold `title` and `description`; the separator is the header's
 * first `,`, `;` or tab; the columns read are title, description, due_date and milestone (a
 * milestone's title), the others are ignored. A file that cannot be read is a 400 with GitLab's
 * message; rows come back with their own errors.
 */
export function parseIssueCsv(text: string): { headers: string[]; rows: CsvIssueRow[] } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const headerLine = body.split(/\r?\n/, 1)[0] ?? '';
  if (headerLine.trim() === '') throw badRequest('File is empty, no headers found', 'file');
  const delimiter = separatorOf(headerLine);
  let headers: string[] = [];
  let records: Record<string, string | undefined>[];
  try {
    records = parse(body, {
      delimiter,
      columns: (names: string[]) => {
        headers = names.map(headerKey);
        return headers;
      },
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: DESCRIPTION_MAX + 64 * 1024,
    }) as Record<string, string | undefined>[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw badRequest(`Invalid CSV format${line ? ` - malformed at line ${line}` : ''}`, 'file');
    }
    throw error;
  }
  if (!headers.includes('title') || !headers.includes('description')) {
    throw badRequest('Invalid CSV format - missing required headers.', 'file');
  }
  return { headers, rows: records.map((record, i) => rowOf(record, i + 2)) };
}
