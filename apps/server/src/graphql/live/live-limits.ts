/**
 * Bounds on live (WebSocket) GraphQL, per server process — the sockets live in the process, so
 * their counts do too; nothing here outlives a connection or matters to another process. With N
 * processes behind a load balancer, an address or an item may hold up to N times each cap.
 *
 * - connections per client address: 50 (checked at the upgrade: 429 beyond);
 * - connections per signed-in user: 20 (checked when a subscription authenticates as the user);
 * - subscriptions per connection: 25 (an issue or epic page needs 4);
 * - subscriptions per client address: 200, all connections together (50 connections with a page's
 *   4 each; users behind one NAT share it, as they share the connection cap);
 * - subscriptions per item: 1,000 (checked once the subscriber may read the item, so a refusal says
 *   nothing about items it may not read);
 * - subscriptions started per connection per minute: 120 (each costs an authentication and a
 *   policy read; a page starts 4, so this is 30 pages a minute in one tab).
 *
 * The client address is Fastify's `request.ip`: the socket's peer, or with TRUST_PROXY the address
 * the trusted proxy names in X-Forwarded-For.
 */
export const MAX_CONNECTIONS_PER_IP = 50;
export const MAX_CONNECTIONS_PER_USER = 20;
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 25;
export const MAX_SUBSCRIPTIONS_PER_ADDRESS = 200;
export const MAX_SUBSCRIPTIONS_PER_ITEM = 1000;
export const MAX_SUBSCRIBES_PER_MINUTE = 120;

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

/** Why a subscription was refused, naming the cap (the GraphQL error's message). */
export type Refusal = string;

/** The state of one WebSocket connection: its subscriptions, its address and the user it counts against. */
export class LiveConnection {
  subscriptions = 0;
  private userId: number | undefined;
  private closed = false;
  private minuteStart = 0;
  private startsThisMinute = 0;
  constructor(
    private readonly limits: LiveLimits,
    /** The client address the upgrade was counted against (`request.ip`). */
    readonly address: string,
  ) {}

  /** Counts one more subscription on this connection and its address, or says which cap is reached (counting nothing). */
  openSubscription(now = Date.now()): Refusal | undefined {
    const caps = this.limits.caps;
    if (this.subscriptions >= caps.subscriptionsPerConnection) {
      return `Too many subscriptions on this connection (at most ${caps.subscriptionsPerConnection}); open another connection or end one`;
    }
    if (now - this.minuteStart >= 60_000) {
      this.minuteStart = now;
      this.startsThisMinute = 0;
    }
    if (this.startsThisMinute >= caps.subscribesPerMinute) {
      return `Too many subscriptions started on this connection (at most ${caps.subscribesPerMinute} a minute); try again in a minute`;
    }
    if (!this.limits.addressSubscriptions.acquire(this.address)) {
      return `Too many live subscriptions from this address (at most ${caps.subscriptionsPerAddress}); end some first`;
    }
    this.startsThisMinute += 1;
    this.subscriptions += 1;
    return undefined;
  }

  closeSubscription(): void {
    this.subscriptions -= 1;
    this.limits.addressSubscriptions.release(this.address);
  }

  /** Counts one more subscription to the item (`Issue:12`), or says the cap is reached (counting nothing). */
  watchItem(item: string): Refusal | undefined {
    if (this.limits.itemSubscriptions.acquire(item)) return undefined;
    return `Too many live subscriptions to this item (at most ${this.limits.caps.subscriptionsPerItem}); its page still updates by polling`;
  }

  unwatchItem(item: string): void {
    this.limits.itemSubscriptions.release(item);
  }

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

export interface LiveCaps {
  perIp: number;
  perUser: number;
  subscriptionsPerConnection: number;
  subscriptionsPerAddress: number;
  subscriptionsPerItem: number;
  subscribesPerMinute: number;
}

const DEFAULT_CAPS: LiveCaps = {
  perIp: MAX_CONNECTIONS_PER_IP,
  perUser: MAX_CONNECTIONS_PER_USER,
  subscriptionsPerConnection: MAX_SUBSCRIPTIONS_PER_CONNECTION,
  subscriptionsPerAddress: MAX_SUBSCRIPTIONS_PER_ADDRESS,
  subscriptionsPerItem: MAX_SUBSCRIPTIONS_PER_ITEM,
  subscribesPerMinute: MAX_SUBSCRIBES_PER_MINUTE,
};

/** The process's live connection and subscription counts. */
export class LiveLimits {
  readonly caps: LiveCaps;
  readonly ips: Counter<string>;
  readonly users: Counter<number>;
  readonly addressSubscriptions: Counter<string>;
  /** Keyed `Issue:12` / `Epic:3`. */
  readonly itemSubscriptions: Counter<string>;
  constructor(caps: Partial<LiveCaps> = {}) {
    this.caps = { ...DEFAULT_CAPS, ...caps };
    this.ips = new Counter(this.caps.perIp);
    this.users = new Counter(this.caps.perUser);
    this.addressSubscriptions = new Counter(this.caps.subscriptionsPerAddress);
    this.itemSubscriptions = new Counter(this.caps.subscriptionsPerItem);
  }
}
