/**
 * A stream of batches read ahead of its consumer: while the consumer works on one batch, the batches
 * after it (up to `maxItems` items in all) are read in order and each one's `prepare` starts as soon as
 * it is read. The consumer gets each batch with what `prepare` answered, in the stream's order. Stopping
 * early (a `return` or a throw in the consumer's loop) stops reading and waits for what was started.
 */
export async function* preparedAhead<T, P>(
  batches: AsyncIterable<T[]>,
  prepare: (batch: T[]) => Promise<P> | P,
  maxItems: number,
): AsyncGenerator<{ batch: T[]; prepared: P }> {
  const iterator = batches[Symbol.asyncIterator]();
  const ready: Array<{ batch: T[]; prepared: Promise<P> }> = [];
  let itemsAhead = 0;
  let stopped = false;
  let ended = false;
  let failure: unknown;
  // Each side waits on a promise the other side resolves.
  let batchRead = () => {};
  let roomMade = () => {};
  const reader = (async () => {
    try {
      for (;;) {
        while (itemsAhead >= maxItems && !stopped) await new Promise<void>((resolve) => (roomMade = resolve));
        if (stopped) return;
        const next = await iterator.next();
        if (next.done) return;
        const prepared = Promise.resolve().then(() => prepare(next.value));
        // Awaited in turn; a consumer that stops early never awaits the ones after.
        prepared.catch(() => undefined);
        ready.push({ batch: next.value, prepared });
        itemsAhead += next.value.length;
        batchRead();
      }
    } catch (error) {
      failure = error;
    } finally {
      ended = true;
      batchRead();
    }
  })();
  try {
    for (;;) {
      while (ready.length === 0 && !ended) await new Promise<void>((resolve) => (batchRead = resolve));
      const current = ready.shift();
      if (!current) {
        if (failure) throw failure;
        return;
      }
      itemsAhead -= current.batch.length;
      roomMade();
      yield { batch: current.batch, prepared: await current.prepared };
    }
  } finally {
    stopped = true;
    roomMade();
    await reader;
    await Promise.all(ready.map(({ prepared }) => prepared.catch(() => undefined)));
    await iterator.return?.();
  }
}
