import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { keysetBatches } from '../../db/keyset-batches';
import { type CsvColumn, type CsvExport, csvTime, labelTitles, yesNo } from '../../lib/csv-export';
import type { Actor } from '../../policy/actor';
import { fullPathsOfNamespaces, webUrl } from '../namespaces';
import type { EpicFilters } from './epic-filters';
import type { EpicRow } from './epic-query';
import { type EpicExtras, loadEpicExtras } from './epics.presenter';
import { listEpics } from './epics.service';

/** Rows read (and their details loaded) per statement while exporting: what an export holds at once. */
const CSV_BATCH_SIZE = 500;

/** A batch's labels, authors and readable parents (`loadEpicExtras`), and the paths of the parents' groups. */
interface EpicCsvDetails extends EpicExtras {
  groupPaths: Map<number, string>;
}

async function loadCsvDetails(db: Database, actor: Actor | null, rows: EpicRow[]): Promise<EpicCsvDetails> {
  const [extras, groupPaths] = await Promise.all([
    loadEpicExtras(db, rows, { actor }),
    fullPathsOfNamespaces(
      db,
      rows.flatMap((r) => (r.parent_group_id !== null && r.parent_group_id !== r.group_id ? [r.parent_group_id] : [])),
    ),
  ]);
  return { ...extras, groupPaths };
}

/** The parent's reference from the epic's group (`&3`, or `other/group&3`); empty when the reader may not see it. */
function parentReference(row: EpicRow, d: EpicCsvDetails): string | null {
  if (row.parent_id === null || row.parent_iid === null || !d.readableParents?.has(row.parent_id)) return null;
  if (row.parent_group_id === row.group_id || row.parent_group_id === null) return `&${row.parent_iid}`;
  return `${d.groupPaths.get(row.parent_group_id) ?? ''}&${row.parent_iid}`;
}

/**
 * GitLab has no epic CSV export (its `Epics::` services have none), so these columns mirror the
 * issue export's: its names and cell formats where the two share a field, then the epic's dates,
 * labels and parent.
 */
function columns(ctx: Pick<AppContext, 'config'>): CsvColumn<EpicRow, EpicCsvDetails>[] {
  const author = (r: EpicRow, d: EpicCsvDetails) => (r.author_id ? d.authors.get(r.author_id) : undefined);
  return [
    ['Title', (r) => r.title],
    ['Description', (r) => r.description],
    ['Epic ID', (r) => r.iid],
    ['URL', (r) => webUrl(ctx, `groups/${r.group_full_path}/-/epics/${r.iid}`)],
    ['State', (r) => (r.state === 'closed' ? 'Closed' : 'Open')],
    ['Author', (r, d) => author(r, d)?.name ?? null],
    ['Author Username', (r, d) => author(r, d)?.username ?? null],
    ['Created At (UTC)', (r) => csvTime(r.created_at)],
    ['Updated At (UTC)', (r) => csvTime(r.updated_at)],
    ['Closed At (UTC)', (r) => csvTime(r.closed_at)],
    ['Start Date', (r) => r.start_date],
    ['Due Date', (r) => r.due_date],
    ['Labels', (r, d) => labelTitles(d.labels.get(r.id))],
    ['Parent', parentReference],
    ['Confidential', (r) => yesNo(r.confidential)],
  ];
}

/**
 * The CSV export of a group's epic list: every epic `listEpics` would list for the actor with these
 * filters, in its order, read page after page through its keyset cursor.
 */
export function epicCsvExport(
  ctx: Pick<AppContext, 'config'>,
  db: Database,
  actor: Actor | null,
  list: { group: { id: number; traversal_ids: number[] }; filters: EpicFilters },
): CsvExport<EpicRow, EpicCsvDetails> {
  return {
    columns: columns(ctx),
    batches: keysetBatches<EpicRow, string>(async (after) => {
      const page = await listEpics(db, actor, list.group, list.filters, { limit: CSV_BATCH_SIZE, after, count: false });
      return { rows: page.rows, next: page.nextCursor };
    }),
    details: (rows) => loadCsvDetails(db, actor, rows),
  };
}
