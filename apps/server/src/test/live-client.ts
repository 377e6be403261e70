import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveClientOptions {
  /** Sent in connection_init as `{ token }`. */
  token?: string;
  /** Headers of the upgrade request (Cookie, Origin…). */
  headers?: Record<string, string>;
  /** The loopback address to connect from (127.0.0.x), so one test can be several clients. */
  localAddress?: string;
}

/** A graphql-ws client of `baseUrl`'s /api/graphql, as a browser or a script would open it. */
export function liveClient(baseUrl: string, options: LiveClientOptions = {}): Client {
  const { headers = {}, localAddress } = options;
  class HeaderSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers, localAddress });
    }
  }
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/api/graphql`,
    webSocketImpl: HeaderSocket,
    connectionParams: options.token ? { token: options.token } : undefined,
    retryAttempts: 0,
    lazy: true,
  });
}

export interface LiveSubscription<T> {
  events: T[];
  errors: unknown[];
  /** Resolves when the server completed the subscription. */
  completed: Promise<void>;
  stop: () => void;
}

/** Subscribes and records what arrives: data payloads in `events`, errors (or a closed socket) in `errors`. */
export function record<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables: Record<string, unknown>,
): LiveSubscription<T> {
  const events: T[] = [];
  const errors: unknown[] = [];
  let done: () => void = () => undefined;
  const completed = new Promise<void>((resolve) => {
    done = resolve;
  });
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) events.push(value.data as T);
      },
      error: (error) => {
        errors.push(error);
        done();
      },
      complete: () => done(),
    },
  );
  return { events, errors, completed, stop };
}

/** An error's message, whichever shape graphql-ws handed it over in (GraphQL errors, a close event). */
export function messageOf(error: unknown): string {
  if (Array.isArray(error)) return error.map(messageOf).join('; ');
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; reason?: unknown; code?: unknown };
    if (typeof e.message === 'string') return e.message;
    if (typeof e.reason === 'string' && e.reason) return `${String(e.code)}: ${e.reason}`;
    if (e.code !== undefined) return `closed ${String(e.code)}`;
  }
  return String(error);
}
