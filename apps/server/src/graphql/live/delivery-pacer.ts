/** Deliveries one turn of the event loop runs at most (each executes a selection set and sends it). */
const DELIVERIES_PER_TURN = 20;

/**
 * Hands out turns to deliver an event. One change can be due to a thousand subscribers at once; run
 * back to back, their deliveries hold the event loop for hundreds of milliseconds, and every HTTP
 * request waits behind them (review H2). Paced at `perTurn` per turn of the event loop, other I/O
 * runs between the slices. One per app (so per process, like the sockets it paces).
 */
export class DeliveryPacer {
  private left: number;
  private waiting: Array<() => void> = [];
  private turnScheduled = false;

  constructor(private readonly perTurn = DELIVERIES_PER_TURN) {
    this.left = perTurn;
  }

  /** Resolves when the caller may execute and send its event. */
  turn(): Promise<void> {
    this.scheduleNextTurn();
    if (this.left > 0) {
      this.left -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private scheduleNextTurn() {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      const now = this.waiting.splice(0, this.perTurn);
      this.left = this.perTurn - now.length;
      for (const resolve of now) resolve();
      if (this.waiting.length > 0) this.scheduleNextTurn();
    });
  }
}
