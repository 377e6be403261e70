import type { DatabaseHandle } from '../db/connection';
import { CHANGE_CHANNEL, type ItemChange, parseChange } from './change-channel';
import { listenOnPostgres } from './postgres-listener';

export interface ChangeBus {
  /** Calls `fn` with every change any process publishes (this one included); returns the unsubscribe. */
  onChange(fn: (change: ItemChange) => void): () => void;
  /**
   * Calls `fn(false)` when the listener loses its connection and `fn(true)` when it listens again:
   * events in between are lost, so whatever was derived from them must be dropped.
   */
  onReset(fn: (listening: boolean) => void): () => void;
  /** Whether the listener is in place now (false while PostgreSQL cannot be reached). */
  isListening(): boolean;
  close(): Promise<void>;
}

function subscribers<T>() {
  const fns = new Set<(value: T) => void>();
  return {
    add(fn: (value: T) => void) {
      fns.add(fn);
      return () => void fns.delete(fn);
    },
    emit(value: T) {
      for (const fn of fns) fn(value);
    },
  };
}

/**
 * The process's end of the change channel: PostgreSQL `LISTEN` on a dedicated connection (with
 * reconnects), or, on the embedded database, PGlite's own `listen`, which its one backend delivers
 * to this process. Resolves once listening.
 */
export async function startChangeBus(
  database: Pick<DatabaseHandle, 'listenVia'>,
  log: (message: string) => void = () => undefined,
): Promise<ChangeBus> {
  const changes = subscribers<ItemChange>();
  const resets = subscribers<boolean>();
  const deliver = (payload: string | undefined) => {
    const change = parseChange(payload);
    if (change) changes.emit(change);
  };
  let stop: () => Promise<void>;
  let listening = false;
  const via = database.listenVia;
  if (via.kind === 'pglite') {
    const unlisten = await via.pglite.listen(CHANGE_CHANNEL, deliver);
    listening = true;
    stop = () => unlisten().catch(() => undefined);
  } else {
    const listener = await listenOnPostgres(via.url, CHANGE_CHANNEL, {
      onNotify: deliver,
      onListening: () => {
        listening = true;
        resets.emit(true);
      },
      onLost: (error) => {
        listening = false;
        log(`change listener connection lost (${error.message}); reconnecting`);
        resets.emit(false);
      },
    });
    stop = listener.close;
  }
  return { onChange: changes.add, onReset: resets.add, isListening: () => listening, close: () => stop() };
}
