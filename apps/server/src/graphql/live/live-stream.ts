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
import { MAX_CONNECTIONS_PER_USER, MAX_SUBSCRIPTIONS_PER_CONNECTION } from './live-limits';

export interface LiveField<T> {
  /** The changes this field turns into events (cheap: checked before any SQL). */
  wants: (change: ItemChange) => boolean;
  /** The event for a change the actor may see, or undefined to send nothing. */
  payload: (change: ItemChange, item: LiveItem, actor: Actor | null, c: LiveContext) => Promise<T | undefined>;
}

/**
 * A subscription to one issue or epic. On subscribe: authenticate as HTTP does, read the item
 * through the policy (the same error for missing and hidden), count against the connection's and
 * the user's caps. On each change: authenticate again (a revoked token or an ended session ends the
 * subscription), read the item again (one that became confidential or hidden sends nothing), and
 * resolve the payload with loaders of that actor.
 */
export async function liveItemStream<T>(
  c: LiveContext,
  target: LiveTarget,
  field: LiveField<T>,
): Promise<AsyncIterableIterator<T>> {
  if (c.live.subscriptions >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
    throw new GraphQLError(
      `Too many subscriptions on this connection (at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION}); open another connection or end one`,
      { extensions: { code: 'RATE_LIMITED' } },
    );
  }
  c.live.subscriptions += 1;
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
    c.live.subscriptions -= 1;
  };
  try {
    const credential = liveCredential(c);
    const actor = await liveActor(c.ctx, credential, false);
    if (!(await readLiveItem(c.ctx.database.db, actor ?? null, target))) throw notAvailable();
    if (actor && !c.live.claimUser(actor.id)) {
      throw new GraphQLError(`Too many live connections for this user (at most ${MAX_CONNECTIONS_PER_USER})`, {
        extensions: { code: 'RATE_LIMITED' },
      });
    }
    // A cookie that was stale when subscribing stays anonymous: nothing to re-check.
    const recheck: typeof credential = actor ? credential : { kind: 'none' };
    const nextEvent = async (): Promise<T | undefined> => {
      for (;;) {
        const change = await queue.next();
        if (!change) return undefined;
        let now: Actor | null | undefined;
        try {
          now = await liveActor(c.ctx, recheck, true);
        } catch {
          now = undefined; // the token no longer authenticates
        }
        if (now === undefined) return undefined;
        const item = await readLiveItem(c.ctx.database.db, now, target);
        if (!item) continue;
        c.actor = now;
        c.loaders = createLoaders(c.ctx.database.db, now);
        const value = await field.payload(change, item, now, c);
        if (value !== undefined) return value;
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
