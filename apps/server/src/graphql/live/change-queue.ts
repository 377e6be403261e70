import type { ChangeBus } from '../../realtime/change-bus';
import type { ItemChange } from '../../realtime/change-channel';

/** Events a slow subscriber may have waiting; beyond it the oldest are dropped (the page's polling catches up). */
const MAX_QUEUED = 100;

export interface ChangeQueue {
  /** The next matching change; undefined once closed. */
  next(): Promise<ItemChange | undefined>;
  close(): void;
}

/**
 * Listens on the change bus from the moment it is made (so nothing published after a subscription
 * is accepted is missed) and hands over the changes `wanted` keeps, in order, one at a time.
 */
export function changeQueue(bus: ChangeBus, wanted: (change: ItemChange) => boolean): ChangeQueue {
  const queued: ItemChange[] = [];
  let waiting: ((change: ItemChange | undefined) => void) | undefined;
  let closed = false;
  const stop = bus.onChange((change) => {
    if (closed || !wanted(change)) return;
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(change);
      return;
    }
    queued.push(change);
    if (queued.length > MAX_QUEUED) queued.shift();
  });
  return {
    next: () => {
      if (closed) return Promise.resolve(undefined);
      const change = queued.shift();
      if (change) return Promise.resolve(change);
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    close: () => {
      if (closed) return;
      closed = true;
      stop();
      queued.length = 0;
      waiting?.(undefined);
      waiting = undefined;
    },
  };
}
