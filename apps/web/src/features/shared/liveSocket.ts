import { type Client, createClient } from 'graphql-ws';
import { graphql } from '../../graphql/graphql';
import { documentText } from '../../graphql/request';

// The live page's subscriptions (IE-47): which note, or that the item changed; the page refetches.
export const LIVE_NOTE_CREATED = graphql(`
  subscription liveNoteCreated($id: NoteableID) {
    workItemNoteCreated(noteableId: $id) {
      id
    }
  }
`);
export const LIVE_NOTE_DELETED = graphql(`
  subscription liveNoteDeleted($id: NoteableID) {
    workItemNoteDeleted(noteableId: $id) {
      id
    }
  }
`);
export const LIVE_ITEM_UPDATED = graphql(`
  subscription liveItemUpdated($id: WorkItemID!) {
    workItemUpdated(workItemId: $id) {
      __typename
    }
  }
`);

const LIVE_DOCUMENTS = [LIVE_NOTE_CREATED, LIVE_NOTE_DELETED, LIVE_ITEM_UPDATED];

/** Waits before reconnecting: 1 s, 2 s, 4 s… up to 30 s, with jitter (many tabs after a restart). */
const retryWait = (retries: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** retries) * (0.5 + Math.random())));

let client: Client | undefined;
let healthy = false;
const healthListeners = new Set<(healthy: boolean) => void>();

const setHealthy = (value: boolean) => {
  if (healthy === value) return;
  healthy = value;
  for (const fn of healthListeners) fn(value);
};

/** One socket per tab (graphql-ws on /api/graphql, the session cookie authenticates it), opened on first use. */
function liveClient(): Client {
  client ??= createClient({
    url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/graphql`,
    lazy: true,
    lazyCloseTimeout: 1_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait,
    on: {
      connected: () => setHealthy(true),
      closed: () => setHealthy(false),
      error: () => setHealthy(false),
    },
  });
  return client;
}

export interface LiveWatch {
  /** Something changed on the item (a note created or deleted, an edit). */
  onEvent: () => void;
  /** The socket is up and every subscription of this item was accepted (true), or not (false). */
  onHealth: (healthy: boolean) => void;
}

/**
 * Subscribes to the item's note-created, note-deleted and updated events. A refused subscription
 * (e.g. the connection's cap) counts as unhealthy, so the page keeps polling at full speed.
 */
export function watchItem(workItemId: string, watch: LiveWatch): () => void {
  const socket = liveClient();
  let refused = false;
  const report = (value: boolean) => watch.onHealth(value && !refused);
  const stops = LIVE_DOCUMENTS.map((document) =>
    socket.subscribe(
      { query: documentText(document), variables: { id: workItemId } },
      {
        next: (value) => {
          if (value.errors?.length) {
            refused = true;
            report(false);
          } else watch.onEvent();
        },
        error: () => {
          refused = true;
          report(false);
        },
        complete: () => undefined,
      },
    ),
  );
  const onHealth = (value: boolean) => report(value);
  healthListeners.add(onHealth);
  report(healthy);
  return () => {
    healthListeners.delete(onHealth);
    for (const stop of stops) stop();
  };
}
