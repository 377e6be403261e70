import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { combinedReads } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import { type CsvColumn, type CsvExport, csvTime } from '../../lib/csv-export';
import type { Actor } from '../../policy/actor';
import { groupByKey, projectFullPath, type UserRow, uniqueIds, usersByOwner } from '../issuables';
import { fullPathsQuery, webUrl } from '../namespaces';
import { userRowsByIds } from '../users';
import { mergeRequestBatches } from './merge-requests.service';
import type { MergeRequestFilters } from './mr-filters';
import type { MergeRequestListScope, MergeRequestRow } from './mr-query';

/** Rows read (and their details loaded) per statement while exporting: what an export holds at once. */
const CSV_BATCH_SIZE = 500;

/** What the CSV's columns need besides a batch's rows: one combined statement per batch. */
interface MergeRequestCsvDetails {
  assignees: Map<number, UserRow[]>;
  approvers: Map<number, UserRow[]>;
  users: Map<number, UserRow>;
  namespacePaths: Map<number, string>;
}

async function loadCsvDetails(db: Database, rows: MergeRequestRow[]): Promise<MergeRequestCsvDetails> {
  const ids = rows.map((r) => r.id);
  const read = combinedReads(db);
  const userIds = uniqueIds([0, ...rows.flatMap((r) => [r.author_id, r.merge_user_id])]);
  const [assignees, approvers, users, paths] = await Promise.all([
    usersByOwner(db, 'mergeRequestAssignees', ids, read),
    usersByOwner(db, 'mergeRequestApprovers', ids, read),
    userRowsByIds(db, userIds, read),
    read<{ id: number; full_path: string }>(
      fullPathsQuery(db, [sql`SELECT unnest(${uniqueIds(rows.map((r) => r.namespace_id))}::int[])`]),
    ),
  ]);
  return {
    assignees: groupByKey(assignees, 'owner_id'),
    approvers: groupByKey(approvers, 'owner_id'),
    users: new Map(users.map((u) => [u.id, u])),
    namespacePaths: new Map(paths.map((p) => [p.id, p.full_path])),
  };
}

/** A time as Ruby writes a UTC time into a CSV cell (`2026-11-30 06:00:00 UTC`). */
const utcTime = (d: Date | null) => (d ? `${csvTime(d)} UTC` : null);

type Column = CsvColumn<MergeRequestRow, MergeRequestCsvDetails>;

/**
 * GitLab's `MergeRequests::ExportCsvService#header_to_value_hash`, in its order. Meridian has no
 * forks, so the source and target project are the merge request's project; the merged user is
 * the one who merged it (GitLab reads it from the merge request's metrics).
 */
function columns(ctx: Pick<AppContext, 'config'>): Column[] {
  const user = (id: number | null, d: MergeRequestCsvDetails) => (id ? d.users.get(id) : undefined);
  const names = (list: UserRow[] | undefined, key: 'name' | 'username') => (list ?? []).map((u) => u[key]).join(', ');
  return [
    ['Title', (r) => r.title],
    ['Description', (r) => r.description],
    ['MR IID', (r) => r.iid],
    ['URL', (r, d) => webUrl(ctx, `${projectFullPath(r, d)}/-/merge_requests/${r.iid}`)],
    ['State', (r) => r.state],
    ['Source Branch', (r) => r.source_branch],
    ['Target Branch', (r) => r.target_branch],
    ['Source Project ID', (r) => r.project_id],
    ['Target Project ID', (r) => r.project_id],
    ['Author', (r, d) => user(r.author_id, d)?.name ?? null],
    ['Author Username', (r, d) => user(r.author_id, d)?.username ?? null],
    ['Assignees', (r, d) => names(d.assignees.get(r.id), 'name')],
    ['Assignee Usernames', (r, d) => names(d.assignees.get(r.id), 'username')],
    ['Approvers', (r, d) => names(d.approvers.get(r.id), 'name')],
    ['Approver Usernames', (r, d) => names(d.approvers.get(r.id), 'username')],
    ['Merged User', (r, d) => user(r.merge_user_id, d)?.name ?? ''],
    ['Merged Username', (r, d) => user(r.merge_user_id, d)?.username ?? ''],
    ['Milestone ID', (r) => r.milestone_id ?? ''],
    ['Created At (UTC)', (r) => utcTime(r.created_at)],
    ['Updated At (UTC)', (r) => utcTime(r.updated_at)],
  ];
}

/**
 * The CSV export of a merge request list (GitLab's `MergeRequests::ExportCsvService`): every merge
 * request `listMergeRequests` would list for the actor, in its order, in keyset batches.
 */
export function mergeRequestCsvExport(
  ctx: Pick<AppContext, 'config'>,
  db: Database,
  actor: Actor | null,
  list: { scope: MergeRequestListScope; filters: MergeRequestFilters },
): CsvExport<MergeRequestRow, MergeRequestCsvDetails> {
  return {
    columns: columns(ctx),
    batches: mergeRequestBatches(db, actor, list.scope, list.filters, CSV_BATCH_SIZE),
    details: (rows) => loadCsvDetails(db, rows),
  };
}
