import { describe, expect, it } from 'vitest';
import { LiveConnection, LiveLimits } from './live-limits';

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
    const [one, two, three] = [
      new LiveConnection(limits, 'a'),
      new LiveConnection(limits, 'a'),
      new LiveConnection(limits, 'a'),
    ];
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
});
