import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { withTransaction } from '../../db/with-transaction';
import { loadActor } from '../../policy/load-actor';
import { publishChange } from '../../realtime/change-channel';
import type { InTransaction, ServiceConfig } from '../../service-context';
import { BatchWrites } from './batch-writes';
import {
  type Counters,
  endImportJob,
  handledSourceIds,
  type ImportJobRow,
  recordOutcomes,
  releaseImportJob,
  renewLease,
} from './import-jobs';
import { emailImportResult } from './import-result-email';
import type { Importer, ImportSource, ItemOutcome, SourceItem } from './importer';
import { preparedAhead } from './prepared-ahead';

/** Source items handled per transaction: each batch commits its items, keys and counters together. */
export const BATCH_SIZE = 50;

export interface RunDeps {
  db: Database;
  config: ServiceConfig;
  workerId: string;
  importerOf: (job: ImportJobRow) => Importer;
}

export interface RunOptions {
  /** Stop (giving the job back) before the next batch once this answers true: the worker is closing. */
  stopping?: () => boolean;
  /**
   * Ends the run after this many batches without giving the job back, as a process killed after a
   * commit would (tests of the resume after `kill -9`).
   */
  maxBatches?: number;
  batchSize?: number;
  /**
   * Batch transactions written at once, each on a connection of its own, while the batches are of one
   * of the importer's `independentKinds` (default 1; 2 on PostgreSQL, where each gets a core).
   */
  writers?: number;
}

/**
 * The batch writers of a job on this database: two on PostgreSQL (each batch on a connection, and so a
 * core, of its own), one on the embedded PGlite (one connection: a second writer would only wait).
 */
export const importWriters = (database: 'pglite' | 'postgres') => (database === 'postgres' ? 2 : 1);

/** How a run ended: the job done or failed, given back, cut short (`maxBatches`), or taken by another worker. */
export type RunResult = 'finished' | 'failed' | 'released' | 'interrupted' | 'lost';

class LeaseLost extends Error {}

/** PostgreSQL's integrity constraint violations (class 23): an item this instance refuses, reported, not fatal. */
const isRefusedRow = (error: unknown) => /^23/.test(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * A batch's items through the importer: all at once in one savepoint (`importBatch` when the importer
 * has it, else `importItem` after `importItem`), and when the database refuses one of them, again one
 * by one, each in its own savepoint, so the refused item is skipped with the reason and the others go
 * in. (One savepoint per item costs two statements each: most batches need none.)
 */
async function importBatch(
  importer: Importer,
  ctx: InTransaction,
  job: ImportJobRow,
  items: SourceItem[],
  ahead: unknown,
): Promise<ItemOutcome[]> {
  const together = async () => {
    const prepared = await importer.prepare(ctx, job, items, ahead);
    if (importer.importBatch) return importer.importBatch(ctx, job, items, prepared);
    const outcomes: ItemOutcome[] = [];
    for (const item of items) outcomes.push(await importer.importItem(ctx, job, item, prepared));
    return outcomes;
  };
  const eachAlone = async () => {
    const prepared = await importer.prepare(ctx, job, items, ahead);
    const outcomes: ItemOutcome[] = [];
    for (const item of items) {
      try {
        outcomes.push(await withTransaction(ctx.db, () => importer.importItem(ctx, job, item, prepared)));
      } catch (error) {
        if (!isRefusedRow(error)) throw error;
        outcomes.push({ skipped: `refused: ${(error as Error).message.slice(0, 300)}` });
      }
    }
    return outcomes;
  };
  try {
    return await withTransaction(ctx.db, together);
  } catch (error) {
    if (!isRefusedRow(error)) throw error;
    return eachAlone();
  }
}

/**
 * Source items read and prepared ahead of the batch being written, at most: a few batches of an archive,
 * and all of its small first kinds at once (people, groups, projects). What the importer's `ahead` reads
 * may then predate the batches before it: `ahead` is an optimisation that `prepare` checks.
 */
const AHEAD_ITEMS = 3000;

/**
 * Runs a job the worker has claimed, from where it stands: the source is read again from the start
 * and every item the job already created or skipped (its keys) is passed over, so a run after a crash
 * creates nothing twice. Each batch is one transaction: it renews the lease (and gives up if another
 * worker took the job), creates the items through the importer, writes their keys, the skip report and
 * the counters, and sends a progress event on the live channel at commit.
 */
export async function runClaimedJob(deps: RunDeps, job: ImportJobRow, options: RunOptions = {}): Promise<RunResult> {
  const { db, workerId } = deps;
  let source: ImportSource | undefined;
  let importer: Importer | undefined;
  // An ended job's source goes: its text with the row's update, a stored archive from the file store.
  const end = async (state: 'finished' | 'failed', error?: string) => {
    await endImportJob(db, job.id, workerId, state, error);
    if (job.source_file) await deps.config.files.remove(job.source_file).catch(() => undefined);
    await importer?.finished?.(db, job, state, error);
    // The result is stored on the job (the page and the CLI show it); the email only tells of it.
    await emailImportResult(db, deps.config, job.id).catch(() => undefined);
  };
  try {
    importer = deps.importerOf(job);
    const user = job.created_by_id
      ? await db
          .selectFrom('users')
          .select(['id', 'username', 'admin'])
          .where('id', '=', job.created_by_id)
          .where('state', '=', 'active')
          .executeTakeFirst()
      : undefined;
    if (!user) {
      await end('failed', 'The user who started the import is no longer active.');
      return 'failed';
    }
    const actor = await loadActor(db, user, null);
    source = await importer.open(job, { db, config: deps.config });
    const counters: Counters = { ...((job.counters as Counters | null) ?? {}) };
    for (const [kind, total] of Object.entries(source.totals())) {
      counters[kind] = { done: counters[kind]?.done ?? 0, skipped: counters[kind]?.skipped ?? 0, total };
    }
    await withTransaction(db, async (trx) => {
      if (!(await renewLease(trx, job.id, workerId, { set: counters }))) throw new LeaseLost();
      await publishChange(trx, 'ImportJob', job.id, 'updated');
    });
    let batches = 0;
    const size = options.batchSize ?? importer.batchSize ?? BATCH_SIZE;
    const prepareAhead = (batch: SourceItem[]) => importer?.ahead?.({ db }, job, batch);
    const writes = new BatchWrites(options.writers ?? 1, importer.independentKinds ?? new Set());
    for await (const { batch, prepared: ahead } of preparedAhead(source.batches(size), prepareAhead, AHEAD_ITEMS)) {
      if (options.stopping?.()) {
        await writes.settle();
        await releaseImportJob(db, job.id, workerId);
        return 'released';
      }
      if (options.maxBatches !== undefined && batches >= options.maxBatches) {
        await writes.settle();
        return 'interrupted';
      }
      const kinds = new Set(batch.map((item) => item.kind));
      const kind = kinds.size === 1 ? [...kinds].join() : '';
      await writes.start(kind, () => writeBatch(batch, ahead));
      batches += 1;
    }
    await writes.settle();
    await end('finished');
    return 'finished';

    /** One batch in one transaction: its items, their keys, the counters it adds, the lease renewed. */
    async function writeBatch(batch: SourceItem[], ahead: unknown): Promise<void> {
      await withTransaction(db, async (trx) => {
        // A batch need not wait for its commit to reach the disk: its keys commit with it, so if
        // PostgreSQL itself crashed first, the batch is lost whole and the resume imports it again.
        // Saves a disk sync per batch (docs/BENCHMARKS.md); what other sessions see is unchanged.
        await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        const added: Counters = {};
        const ctx = { db: trx, actor, config: deps.config };
        const pending = [];
        for (const kind of new Set(batch.map((item) => item.kind))) {
          const ofKind = batch.filter((item) => item.kind === kind);
          const handled = await handledSourceIds(
            trx,
            job.id,
            kind,
            ofKind.map((item) => item.sourceId),
          );
          pending.push(...ofKind.filter((item) => !handled.has(item.sourceId)));
        }
        if (pending.length > 0) {
          const outcomes = await importBatch(importer as Importer, ctx, job, pending, ahead);
          pending.forEach((item, i) => {
            const kindCounters = added[item.kind] ?? { done: 0, skipped: 0, total: 0 };
            added[item.kind] = kindCounters;
            if ('created' in (outcomes[i] as ItemOutcome)) kindCounters.done += 1;
            else kindCounters.skipped += 1;
          });
          await recordOutcomes(trx, job.id, pending, outcomes);
        }
        // Added in the statement: a batch written beside this one adds its own.
        if (!(await renewLease(trx, job.id, workerId, { added }))) throw new LeaseLost();
        await publishChange(trx, 'ImportJob', job.id, 'updated');
      });
    }
  } catch (error) {
    if (error instanceof LeaseLost) return 'lost';
    await end('failed', error instanceof Error ? error.message : String(error));
    return 'failed';
  } finally {
    await source?.close?.();
  }
}
