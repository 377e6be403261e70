/** PostgreSQL's deadlock_detected: two batches that met on the same rows in crossed order. */
const DEADLOCK = '40P01';

/**
 * The batch transactions of a job in flight: one at a time, or up to `writers` at once while the
 * batches are of one kind whose records refer to nothing of their own kind (`independent`), so none
 * waits for another's rows (an import's issues, notes, award emoji: each on a connection of its own,
 * PostgreSQL's work on both cores). A batch of another kind waits for all before it, in the source's
 * order. A batch that deadlocked with the other (duplicate records in crossed order) is written again.
 * `settle` waits for all and throws the first failure.
 */
export class BatchWrites {
  private inFlight: Array<Promise<void>> = [];
  private kind: string | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly writers: number,
    private readonly independent: ReadonlySet<string>,
  ) {}

  /** Starts writing a batch of `kind` once it may start; resolves when it has started. */
  async start(kind: string, write: () => Promise<void>): Promise<void> {
    const together = kind === this.kind && this.independent.has(kind);
    if (!together) await this.settle();
    while (this.inFlight.length >= this.writers) await this.inFlight.shift();
    if (this.failure) await this.settle();
    this.kind = kind;
    const running = this.retriedOnDeadlock(write).catch((error) => {
      this.failure ??= { error };
    });
    this.inFlight.push(running);
  }

  /** Waits for every batch in flight; throws the first failure. */
  async settle(): Promise<void> {
    await Promise.all(this.inFlight.splice(0));
    this.throwFailure();
  }

  /**
   * The deadlock's loser was rolled back and holds no lock now: written again, it waits for the
   * other batch's rows to commit instead of crossing them.
   */
  private async retriedOnDeadlock(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== DEADLOCK) throw error;
      await write();
    }
  }

  private throwFailure(): void {
    if (this.failure) throw this.failure.error;
  }
}
