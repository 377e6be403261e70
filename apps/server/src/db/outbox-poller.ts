/** What one outbox (emails, webhook deliveries) gives the poller. */
export interface OutboxPollerOptions<Row extends { id: number }> {
  pollIntervalMs: number;
  /** Claims the due rows (FOR UPDATE SKIP LOCKED, with a lease), or none. */
  claim: () => Promise<Row[]>;
  /** Sends one row and records how it went; an error here stops the poll and reaches `onError`. */
  handle: (row: Row) => Promise<void>;
  /** Gives back rows claimed but not sent because the worker is stopping. */
  release: (ids: number[]) => Promise<void>;
  /** Deletes old rows; run once every `pruneEvery` polls. */
  prune: () => Promise<void>;
  pruneEvery: number;
  onError?: (error: unknown) => void;
  /** Runs after the poll in flight has ended, when the worker stops. */
  onStop?: () => void;
}

export interface OutboxPoller {
  /** Runs one poll now (tests, and the first poll after start). */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One process's worker over an outbox table: every poll claims due rows and handles them one by
 * one until none is due. Polls are chained, never overlapping; `stop` releases what it claimed but
 * did not handle and waits for the poll in flight.
 */
export function startOutboxPoller<Row extends { id: number }>(options: OutboxPollerOptions<Row>): OutboxPoller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let polls = 0;

  const poll = async () => {
    polls += 1;
    if (polls % options.pruneEvery === 0) await options.prune();
    for (;;) {
      const rows = await options.claim();
      for (const [i, row] of rows.entries()) {
        if (stopped) {
          await options.release(rows.slice(i).map((r) => r.id));
          return;
        }
        await options.handle(row);
      }
      if (rows.length === 0 || stopped) return;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = poll()
        .catch((error) => options.onError?.(error))
        .finally(schedule);
    }, options.pollIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    async pollNow() {
      await inFlight;
      inFlight = poll();
      await inFlight;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight.catch(() => undefined);
      options.onStop?.();
    },
  };
}
