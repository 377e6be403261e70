import type { Database } from '../../db/connection';
import type { InTransaction, ServiceConfig } from '../../service-context';
import type { ImportJobRow } from './import-jobs';

/** One item a source yields: its kind ('issue', later 'note', 'label', …), a stable id in the source, its data. */
export interface SourceItem<T = unknown> {
  kind: string;
  /** Stable across re-runs of the job (a CSV line number, an external id): the idempotency key with the kind. */
  sourceId: string;
  data: T;
}

/** What the mapper did with one item: created it (the new row's id), or skipped it with the reason for the report. */
export type ItemOutcome = { created: number } | { skipped: string };

/** A job's source, opened by the runner each time it (re)starts the job. */
export interface ImportSource<T = unknown> {
  /** How many items of each kind the source holds, in the order the kinds are imported. */
  totals(): Record<string, number>;
  /** The items in batches, kind after kind, always in the same order. */
  batches(batchSize: number): AsyncIterable<SourceItem<T>[]>;
  /** Releases what opening took (a temporary copy of an archive); called however the run ends. */
  close?(): Promise<void>;
}

/**
 * An importer: how a job of its kind reads its source and maps each item into Meridian. The runner
 * does the rest (claim, lease, batches in transactions, the idempotency keys, counters, the skip
 * report, progress events). `prepare` runs once per batch before the items (a lookup shared by them).
 */
export interface Importer<T = unknown, Prepared = unknown, Ahead = unknown> {
  /** Items per batch (one transaction) when the job does not say; the runner's BATCH_SIZE otherwise. */
  batchSize?: number;
  /**
   * Optional: the kinds whose items refer to no item of their own kind, so two batches of one of them
   * may be written at once (the runner's `writers`): neither waits for rows the other creates.
   */
  independentKinds?: ReadonlySet<string>;
  open(job: ImportJobRow, deps: { db: Database; config: ServiceConfig }): Promise<ImportSource<T>>;
  /**
   * Optional: the batch's work that needs no transaction (looking up what it refers to), done before
   * the batch's transaction opens, on what earlier batches committed; handed to `prepare`.
   */
  ahead?(deps: { db: Database }, job: ImportJobRow, items: SourceItem<T>[]): Promise<Ahead>;
  prepare(ctx: InTransaction, job: ImportJobRow, items: SourceItem<T>[], ahead?: Ahead): Promise<Prepared>;
  /** Creates one item through the writers (the change pipeline); throws only on failures that stop the job. */
  importItem(ctx: InTransaction, job: ImportJobRow, item: SourceItem<T>, prepared: Prepared): Promise<ItemOutcome>;
  /**
   * Optional: creates the batch's items together (one multi-row insert per table), answering one
   * outcome per item in order. When the database refuses one, the runner rolls the batch back and
   * imports it again with `importItem`, one item per savepoint.
   */
  importBatch?(
    ctx: InTransaction,
    job: ImportJobRow,
    items: SourceItem<T>[],
    prepared: Prepared,
  ): Promise<ItemOutcome[]>;
  /** Runs once the job has ended (finished, or failed with the error): what the importer keeps beside the job. */
  finished?(db: Database, job: ImportJobRow, state: 'finished' | 'failed', error?: string): Promise<void>;
}
