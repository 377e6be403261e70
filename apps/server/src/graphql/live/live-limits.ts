/**
 * Bounds on live (WebSocket) GraphQL, per server process — the sockets live in the process, so
 * their counts do too; nothing here outlives a connection or matters to another process.
 *
 * - connections per client IP address: 50 (checked at the upgrade: 429 beyond);
 * - connections per signed-in user: 20 (checked when a subscription authenticates as the user);
 * - subscriptions per connection: 25 (an issue or epic page needs 4).
 */
export const MAX_CONNECTIONS_PER_IP = 50;
export const MAX_CONNECTIONS_PER_USER = 20;
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 25;

/** Counts that go up on open and down on close, refusing beyond a cap. */
export class Counter<K> {
  private readonly counts = new Map<K, number>();
  constructor(private readonly cap: number) {}

  /** Counts one more for `key`, or answers false (counting nothing) at the cap. */
  acquire(key: K): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.cap) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: K): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}

/** The state of one WebSocket connection: its subscriptions and the user it counts against. */
export class LiveConnection {
  subscriptions = 0;
  private userId: number | undefined;
  private closed = false;
  constructor(private readonly limits: LiveLimits) {}

  /** Counts the connection against `userId` once (a connection serves one user); false over the cap. */
  claimUser(userId: number): boolean {
    if (this.closed) return false;
    if (this.userId === userId) return true;
    if (this.userId !== undefined) return false;
    if (!this.limits.users.acquire(userId)) return false;
    this.userId = userId;
    return true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.userId !== undefined) this.limits.users.release(this.userId);
  }
}

/** The process's live connection counts. */
export class LiveLimits {
  readonly ips: Counter<string>;
  readonly users: Counter<number>;
  constructor(caps = { perIp: MAX_CONNECTIONS_PER_IP, perUser: MAX_CONNECTIONS_PER_USER }) {
    this.ips = new Counter(caps.perIp);
    this.users = new Counter(caps.perUser);
  }
}
