import { describe, expect, it } from 'vitest';
import { LiveConnection, LiveLimits } from './live-limits';

/** One connection per address, in order, all counted against `limits`. */
const connectionsFrom = <A extends string[]>(limits: LiveLimits, ...addresses: A) =>
  addresses.map((address) => new LiveConnection(limits, address)) as { [K in keyof A]: LiveConnection };

describe('live connection limits', () => {
  it('counts addresses up to their cap and frees a place on release', () => {
    const limits = new LiveLimits({ perIp: 2, perUser: 2 });
    expect([limits.ips.acquire('a'), limits.ips.acquire('a'), limits.ips.acquire('a')]).toEqual([true, true, false]);
    expect(limits.ips.acquire('b')).toBe(true);
    limits.ips.release('a');
    expect(limits.ips.acquire('a')).toBe(true);
  });

  it('counts a connection once against its user, refuses another user on it, and frees it on close', () => {
    const limits = new LiveLimits({ perIp: 10, perUser: 2 });
    const [one, two, three] = connectionsFrom(limits, 'a', 'a', 'a');
    expect([one.claimUser(7), one.claimUser(7), two.claimUser(7), three.claimUser(7)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(one.claimUser(8)).toBe(false);
    one.close();
    one.close();
    expect(three.claimUser(7)).toBe(true);
    expect(new LiveConnection(limits, 'a').claimUser(7)).toBe(false);
    expect(one.claimUser(7)).toBe(false);
  });

  it('counts subscriptions per connection and per address, and frees them on close', () => {
    const limits = new LiveLimits({ subscriptionsPerConnection: 2, subscriptionsPerAddress: 3 });
    const [one, two, elsewhere] = connectionsFrom(limits, 'a', 'a', 'b');
    expect([one.openSubscription(), one.openSubscription()]).toEqual([undefined, undefined]);
    expect(one.openSubscription()).toBe(
      'Too many subscriptions on this connection (at most 2); open another connection or end one',
    );
    expect(two.openSubscription()).toBeUndefined();
    expect(two.openSubscription()).toBe('Too many live subscriptions from this address (at most 3); end some first');
    expect(elsewhere.openSubscription()).toBeUndefined();
    one.closeSubscription();
    expect(two.openSubscription()).toBeUndefined();
  });

  it('counts subscriptions per item', () => {
    const limits = new LiveLimits({ subscriptionsPerItem: 2 });
    const [one, two] = connectionsFrom(limits, 'a', 'b');
    expect([one.watchItem('Issue:1'), two.watchItem('Issue:1')]).toEqual([undefined, undefined]);
    expect(one.watchItem('Issue:1')).toBe(
      'Too many live subscriptions to this item (at most 2); its page still updates by polling',
    );
    expect(one.watchItem('Epic:1')).toBeUndefined();
    two.unwatchItem('Issue:1');
    expect(one.watchItem('Issue:1')).toBeUndefined();
  });

  it('limits subscriptions started per connection per minute, ended ones included', () => {
    const limits = new LiveLimits({ subscribesPerMinute: 3 });
    const connection = new LiveConnection(limits, 'a');
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(connection.openSubscription(start + i)).toBeUndefined();
      connection.closeSubscription();
    }
    expect(connection.openSubscription(start + 59_999)).toBe(
      'Too many subscriptions started on this connection (at most 3 a minute); try again in a minute',
    );
    expect(new LiveConnection(limits, 'a').openSubscription(start + 59_999)).toBeUndefined();
    expect(connection.openSubscription(start + 60_000)).toBeUndefined();
  });
});
