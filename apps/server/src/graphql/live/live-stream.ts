import { GraphQLError } from 'graphql';
import type { Actor } from '../../policy/actor';
import type { ItemChange } from '../../realtime/change-channel';
import { createLoaders } from '../loaders/loaders';
import { changeQueue } from './change-queue';
import {
  type LiveContext,
  type LiveItem,
  type LiveTarget,
  liveActor,
  liveCredential,
  notAvailable,
  readLiveItem,
} from './live-context';
import { MAX_CONNECTIONS_PER_USER, type Refusal } from './live-limits';
import { changeWorkFor } from './shared-change-work';

export interface LiveField<T> {
  /** The subscription field's name: subscribers of one field with one credential share its payload. */
  name: string;
  /** The changes this field turns into events (cheap: checked before any SQL). */
  wants: (change: ItemChange) => boolean;
  /**
   * The event for a change the actor may see, or undefined to send nothing. Computed once per change
   * and credential and shared by its subscribers: it may depend on the change, the item and the
   * actor only (`c` serves for the database).
   */
  payload: (change: ItemChange, item: LiveItem, actor: Actor | null, c: LiveContext) => Promise<T | undefined>;
}

const rateLimited = (refusal: Refusal) => new GraphQLError(refusal, { extensions: { code: 'RATE_LIMITED' } });

/**
 * A subscription to one issue or epic. On subscribe: count against the connection's and the
 * address's caps, authenticate as HTTP does, read the item through the policy (the same error for
 * missing and hidden), count against the item's and the user's caps. On each change: authenticate
 * again (a revoked token or an ended session ends the subscription), read the item again (one that
 * became confidential or hidden sends nothing), and resolve the payload with loaders of that actor —
 * each step once per change and credential, shared with the other subscribers holding it
 * (shared-change-work.ts).
 */
export async function liveItemStream<T>(
  c: LiveContext,
  target: LiveTarget,
  field: LiveField<T>,
): Promise<AsyncIterableIterator<T>> {
  const refusal = c.live.openSubscription();
  if (refusal) throw rateLimited(refusal);
  const itemKey = `${target.type}:${target.id}`;
  let watchesItem = false;
  // Listening before the checks: nothing committed after the subscribe message is missed.
  const queue = changeQueue(
    c.bus,
    (change) => change.kind === target.type && change.id === target.id && field.wants(change),
  );
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    queue.close();
    c.live.closeSubscription();
    if (watchesItem) c.live.unwatchItem(itemKey);
  };
  try {
    const credential = liveCredential(c);
    const actor = await liveActor(c.ctx, credential, false);
    if (!(await readLiveItem(c.ctx.database.db, actor ?? null, target))) throw notAvailable();
    const itemRefusal = c.live.watchItem(itemKey);
    if (itemRefusal) throw rateLimited(itemRefusal);
    watchesItem = true;
    if (actor && !c.live.claimUser(actor.id)) {
      throw rateLimited(`Too many live connections for this user (at most ${MAX_CONNECTIONS_PER_USER})`);
    }
    // A cookie that was stale when subscribing stays anonymous: nothing to re-check.
    const recheck: typeof credential = actor ? credential : { kind: 'none' };
    const db = c.ctx.database.db;
    const nextEvent = async (): Promise<T | undefined> => {
      for (;;) {
        const change = await queue.next();
        if (!change) return undefined;
        const share = changeWorkFor(change, recheck);
        let now: Actor | null | undefined;
        try {
          now = await share('actor', () => liveActor(c.ctx, recheck, true));
        } catch {
          now = undefined; // the token no longer authenticates
        }
        if (now === undefined) return undefined;
        const reader = now;
        const item = await share(`item:${itemKey}`, () => readLiveItem(db, reader, target));
        if (!item) continue;
        c.actor = reader;
        // One loaders object per change and credential: the selection sets of all its subscribers
        // load through one DataLoader cache.
        c.loaders = share('loaders', () => createLoaders(db, reader));
        const value = await share(`payload:${field.name}`, () => field.payload(change, item, reader, c));
        if (value === undefined) continue;
        await c.pacer.turn();
        return value;
      }
    };
    const iterator: AsyncIterableIterator<T> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        const value = ended ? undefined : await nextEvent();
        if (value === undefined) {
          end();
          return { done: true, value: undefined };
        }
        return { done: false, value };
      },
      return: async () => {
        end();
        return { done: true, value: undefined };
      },
    };
    return iterator;
  } catch (error) {
    end();
    throw error;
  }
}
