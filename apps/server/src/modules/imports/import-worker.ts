import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/connection';
import type { ServiceConfig } from '../../service-context';
import { claimImportJob } from './import-jobs';
import { type RunOptions, type RunResult, runClaimedJob } from './import-runner';
import { importerOf } from './importers';

export interface ImportWorker {
  /** Claims and runs jobs until none is runnable (tests, and the CLI). */
  pollNow(): Promise<RunResult[]>;
  /** Stops after the batch in flight, giving its job back, and waits for it. */
  stop(): Promise<void>;
  readonly workerId: string;
}

export interface ImportWorkerOptions {
  pollIntervalMs: number;
  config: ServiceConfig;
  onError?: (error: unknown) => void;
  /** Only jobs the claim would give are run; tests cut a run short with `maxBatches` (RunOptions). */
  run?: Omit<RunOptions, 'stopping'>;
}

/** A worker id: which process holds a job's lease, readable in the table. */
export const newWorkerId = () => `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * One process's import worker: every poll claims the oldest runnable job (new, or whose lease ran out
 * because its process died), runs it to the end batch by batch, and claims the next. Polls are
 * chained, never overlapping.
 */
export function startImportWorker(db: Database, options: ImportWorkerOptions): ImportWorker {
  const workerId = newWorkerId();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<RunResult[]> = Promise.resolve([]);

  const poll = async (): Promise<RunResult[]> => {
    const results: RunResult[] = [];
    while (!stopped) {
      const job = await claimImportJob(db, workerId);
      if (!job) break;
      const result = await runClaimedJob({ db, config: options.config, workerId, importerOf }, job, {
        ...options.run,
        stopping: () => stopped,
      });
      results.push(result);
      if (result === 'interrupted') break;
    }
    return results;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = poll().catch((error) => {
        options.onError?.(error);
        return [];
      });
      void inFlight.finally(schedule);
    }, options.pollIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    workerId,
    async pollNow() {
      await inFlight.catch(() => undefined);
      inFlight = poll();
      return inFlight;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight.catch(() => undefined);
    },
  };
}
