import type { InsertObject } from 'kysely';
import { insertRows } from '../../../db/insert-rows';
import type { DB } from '../../../db/schema';
import type { InTransaction } from '../../../service-context';
import type { GroupRow, ProjectRow } from '../../namespaces';
import type { ImportJobRow } from '../import-jobs';
import type { ItemOutcome } from '../importer';
import type { SourceRef } from '../source-refs';

/** A kind of record other records refer to, and so the kinds a batch's references are looked up in. */
export type RefKind =
  | 'users'
  | 'groups'
  | 'projects'
  | 'labels'
  | 'milestones'
  | 'iterations_cadences'
  | 'iterations'
  | 'issues'
  | 'epics'
  | 'notes';

export type Ref = SourceRef<RefKind>;

/** Where a batch's records land: the ids of what they refer to, and the groups and projects they belong to. */
export interface BatchPlaces {
  /** The id created for a record the batch refers to; undefined when the archive did not hold it (or it was skipped). */
  id(kind: RefKind, key: string): number | undefined;
  /** The groups and projects the batch's records belong to. */
  groups: Map<number, GroupRow>;
  projects: Map<number, ProjectRow>;
}

/** What one batch of archive records is imported with: the transaction, the job, the target group, the references resolved. */
export interface ArchiveImport extends BatchPlaces {
  ctx: InTransaction;
  job: ImportJobRow;
  /** The group created for the import: the archive's top group becomes it. */
  root: GroupRow;
  /** The source instance (the manifest's URL): people are matched per source. */
  sourceUrl: string;
  /** Notes what a record of the batch created, for the records after it in the same batch (a subgroup's parent). */
  remember(kind: string, key: string, id: number): void;
}

/**
 * A kind written a batch at a time: `shape` turns one record into what is written (the ids it refers
 * to looked up; no SQL) or skips it with the reason; `write` writes the shapes
 * of the batch together — one statement per table — and answers, in order, each one's id (or why it
 * was skipped, when that takes a read: a membership of a placeholder).
 */
export interface RowsWriter<R, S> {
  shape(a: ArchiveImport, record: R): S | { skipped: string };
  write(a: ArchiveImport, shaped: S[]): Promise<Array<number | { skipped: string }>>;
}

const isSkipped = (shaped: unknown): shaped is { skipped: string } =>
  typeof shaped === 'object' && shaped !== null && 'skipped' in shaped;

/** The records through a rows writer: one outcome per record, in order (one record alone: a batch of one). */
export async function writeRecords<R, S>(a: ArchiveImport, writer: RowsWriter<R, S>, records: R[]) {
  const shaped = records.map((record) => writer.shape(a, record));
  const ids = await writer.write(
    a,
    shaped.filter((s): s is S => !isSkipped(s)),
  );
  let next = 0;
  return shaped.map((s): ItemOutcome => {
    if (isSkipped(s)) return s;
    const written = ids[next++] as number | { skipped: string };
    return typeof written === 'number' ? { created: written } : written;
  });
}

/** A rows writer for a kind that is one row of one table. */
export const tableWriter = <R, T extends keyof DB & string>(
  table: T,
  shape: (a: ArchiveImport, record: R) => InsertObject<DB, T> | { skipped: string },
): RowsWriter<R, InsertObject<DB, T>> => ({ shape, write: (a, rows) => insertRows(a.ctx.db, table, rows) });

/** The record's values under their own names: the columns an archive record shares with its table. */
export function same<T, K extends keyof T>(record: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, record[name]])) as Pick<T, K>;
}

/** A record's creation and update times, as the row keeps them. */
export const times = (record: { created_at: string; updated_at: string }) => ({
  created_at: new Date(record.created_at),
  updated_at: new Date(record.updated_at),
});

/** Inserts the record's row and reports it created (its id is the record's target in `import_job_items`). */
export async function insertCreated<T extends keyof DB & string>(
  a: ArchiveImport,
  table: T,
  values: InsertObject<DB, T>,
): Promise<{ created: number }> {
  const [id] = await insertRows(a.ctx.db, table, [values]);
  return { created: id as number };
}
