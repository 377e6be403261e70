import pg from 'pg';

export interface ListenerHandlers {
  onNotify: (payload: string | undefined) => void;
  /** `LISTEN` is in place (first time, or again after a dropped connection). */
  onListening: () => void;
  /** The connection dropped: notifications sent until the next `onListening` are lost. */
  onLost: (error: Error) => void;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * One dedicated PostgreSQL connection per process that `LISTEN`s on `channel` (a pooled connection
 * cannot: the pool hands it to other queries). When it drops — server restart, a killed backend,
 * a network cut that TCP keep-alive notices — it reconnects with a growing delay. Resolves after the
 * first try: listening, or (database unreachable at boot) retrying in the background, reported
 * through `onLost`, so a server started while PostgreSQL is down still starts and says so on
 * `/-/readiness`.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: ListenerHandlers) {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void attempt(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'meridian-listener' });
    let live = false;
    const drop = (error: Error) => {
      if (!live) return;
      live = false;
      client = undefined;
      void next.end().catch(() => undefined);
      if (closed) return;
      handlers.onLost(error);
      schedule();
    };
    next.on('error', drop);
    next.on('end', () => drop(new Error('listener connection ended')));
    next.on('notification', (message) => {
      if (live && message.channel === channel) handlers.onNotify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    live = true;
    client = next;
    retryMs = FIRST_RETRY_MS;
    handlers.onListening();
  };

  const attempt = async () => {
    if (closed) return;
    try {
      await connect();
    } catch (error) {
      handlers.onLost(error as Error);
      schedule();
    }
  };

  await attempt();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
