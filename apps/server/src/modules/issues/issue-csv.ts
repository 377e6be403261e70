import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { type CsvColumn, type CsvExport, csvTime, labelTitles, yesNo } from '../../lib/csv-export';
import type { Actor } from '../../policy/actor';
import { projectFullPath } from '../issuables';
import { webUrl } from '../namespaces';
import { type IssueDetails, loadIssueDetails } from './issue-details';
import type { IssueFilters } from './issue-filters';
import { issueBatches } from './issues.service';
import type { IssueListScope, IssueRow } from './issues-query';

type Column = CsvColumn<IssueRow, IssueDetails>;

/** Rows read (and their details loaded) per statement while exporting: what an export holds at once. */
export const CSV_BATCH_SIZE = 500;

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
    ['Labels', (r, d) => labelTitles(d.labels.get(r.id))],
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

/**
 * The CSV export of an issue list (GitLab's `Issues::ExportCsvService`): every issue `listIssues`
 * would list for the actor, in its order, in keyset batches. `withEpics` adds EE's epic columns.
 */
export function issueCsvExport(
  ctx: Pick<AppContext, 'config'>,
  db: Database,
  actor: Actor | null,
  list: { scope: IssueListScope; filters: IssueFilters; withEpics: boolean },
): CsvExport<IssueRow, IssueDetails> {
  return {
    columns: columns(ctx, list.withEpics),
    batches: issueBatches(db, actor, list.scope, list.filters, CSV_BATCH_SIZE),
    details: (rows) => loadIssueDetails(db, actor, rows),
  };
}
