import type { AppContext } from '../../context';
import { projectFullPath } from '../issuables';
import { webUrl } from '../namespaces';
import type { IssueDetails } from './issue-details';
import type { IssueRow } from './issues-query';

type Cell = string | number | null;
type Column = [header: string, value: (row: IssueRow, details: IssueDetails) => Cell];

/** GitLab's `to_fs(:csv)` of a time: `YYYY-MM-DD HH:MM:SS` in UTC. */
const csvTime = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : null);
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/**
 * GitLab's `Issues::ExportCsvService#header_to_value_hash`, in its order, then EE's epic columns
 * (for a project in a group, where epics exist). An epic the reader may not see is left empty
 * (loadIssueDetails drops it), where GitLab keeps its id and blanks only the title.
 */
function columns(ctx: Pick<AppContext, 'config'>, withEpics: boolean): Column[] {
  const assignees = (row: IssueRow, d: IssueDetails) => d.assignees.get(row.id) ?? [];
  const base: Column[] = [
    ['Title', (r) => r.title],
    ['Description', (r) => r.description],
    ['Issue ID', (r) => r.iid],
    ['URL', (r, d) => webUrl(ctx, `${projectFullPath(r, d)}/-/issues/${r.iid}`)],
    ['State', (r) => (r.state === 'closed' ? 'Closed' : 'Open')],
    ['Author', (r, d) => (r.author_id ? (d.users.get(r.author_id)?.name ?? null) : null)],
    ['Author Username', (r, d) => (r.author_id ? (d.users.get(r.author_id)?.username ?? null) : null)],
    [
      'Assignee',
      (r, d) =>
        assignees(r, d)
          .map((u) => u.name)
          .join(', '),
    ],
    [
      'Assignee Username',
      (r, d) =>
        assignees(r, d)
          .map((u) => u.username)
          .join(', '),
    ],
    ['Confidential', (r) => yesNo(r.confidential)],
    ['Locked', (r) => yesNo(r.discussion_locked)],
    ['Due Date', (r) => r.due_date],
    ['Created At (UTC)', (r) => csvTime(r.created_at)],
    ['Updated At (UTC)', (r) => csvTime(r.updated_at)],
    ['Closed At (UTC)', (r) => csvTime(r.closed_at)],
    ['Milestone', (r, d) => (r.milestone_id ? (d.milestones.get(r.milestone_id)?.title ?? null) : null)],
    ['Weight', (r) => r.weight],
    // GitLab sorts the titles and leaves the cell empty when there are none.
    [
      'Labels',
      (r, d) =>
        (d.labels.get(r.id) ?? [])
          .map((l) => l.title)
          .sort()
          .join(',') || null,
    ],
    ['Time Estimate', (r) => r.time_estimate],
    ['Time Spent', (r, d) => d.counts.get(r.id)?.total_time_spent ?? 0],
  ];
  if (!withEpics) return base;
  return [
    ...base,
    ['Epic ID', (r, d) => d.epics.get(r.id)?.id ?? null],
    ['Epic Title', (r, d) => d.epics.get(r.id)?.title ?? null],
  ];
}

/** GitLab's CsvBuilder `excel_sanitize`: a text cell a spreadsheet would run as a formula gets a leading `'`. */
const FORMULA_START = /^[=+\-@;\t\r]/;

export function excelSanitize(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The CSV export's header row and how to turn a batch of issues into its rows (cells sanitized). */
export function issueCsvTable(ctx: Pick<AppContext, 'config'>, options: { withEpics: boolean }) {
  const cols = columns(ctx, options.withEpics);
  return {
    header: cols.map(([header]) => header),
    rows: (rows: IssueRow[], details: IssueDetails): Cell[][] =>
      rows.map((row) => cols.map(([, value]) => excelSanitize(value(row, details)))),
  };
}
