import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PROCESS_WINDOWS, processStore } from './process-store';

const incr = (store: InstanceType<ReturnType<typeof processStore>>, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 10),
  );
type Answer = { current: number; ttl: number };
/** `read` is what the limiter calls with `increment: false`; the library's type leaves it out. */
type Readable = { read: (key: string, callback: (error: Error | null, result?: Answer) => void) => void };
const read = (store: InstanceType<ReturnType<typeof processStore>>, key: string) =>
  new Promise<Answer>((resolve, reject) =>
    (store as unknown as Readable).read(key, (error, result) => (error || !result ? reject(error) : resolve(result))),
  );

describe('the in-process rate-limit store (a Geo secondary without Redis)', () => {
  afterEach(() => vi.useRealTimers());

  it('counts in one window across the limiters made per request (children share it), then starts anew', async () => {
    vi.useFakeTimers({ now: 0 });
    const Store = processStore();
    const store = new Store({});
    expect(await incr(store.child({} as never), 'anonymous_api:1.2.3.4', 1_000)).toEqual({ current: 1, ttl: 1_000 });
    vi.advanceTimersByTime(400);
    expect(await incr(store.child({} as never), 'anonymous_api:1.2.3.4', 1_000)).toEqual({ current: 2, ttl: 600 });
    expect(await incr(store, 'anonymous_api:5.6.7.8', 1_000)).toEqual({ current: 1, ttl: 1_000 });
    expect(await read(store, 'anonymous_api:1.2.3.4')).toEqual({ current: 2, ttl: 600 });
    vi.advanceTimersByTime(600);
    expect(await read(store, 'anonymous_api:1.2.3.4')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(store, 'anonymous_api:1.2.3.4', 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it(`keeps at most ${MAX_PROCESS_WINDOWS} windows, dropping the oldest`, async () => {
    const store = new (processStore())({});
    for (let i = 0; i <= MAX_PROCESS_WINDOWS; i++) await incr(store, `k${i}`, 60_000);
    expect((await read(store, 'k0')).current).toBe(0);
    expect((await read(store, 'k1')).current).toBe(1);
    expect((await read(store, `k${MAX_PROCESS_WINDOWS}`)).current).toBe(1);
  });
});
