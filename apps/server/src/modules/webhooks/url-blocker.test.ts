import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { postHook } from './hook-http';
import { resolveHookTarget } from './url-blocker';

/** The SSRF guard: GitLab's UrlBlocker rules after DNS resolution, and the pinned address. */

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveHookTarget', () => {
  it.each([
    ['http://127.0.0.1/hook', 'Requests to loopback addresses are not allowed'],
    ['http://127.1.2.3:8080/', 'Requests to loopback addresses are not allowed'],
    ['http://[::1]/', 'Requests to loopback addresses are not allowed'],
    ['http://[::ffff:127.0.0.1]/', 'Requests to loopback addresses are not allowed'],
    ['http://[::ffff:a00:1]/', 'Requests to the local network are not allowed'],
    ['http://10.0.0.1/', 'Requests to the local network are not allowed'],
    ['http://192.168.1.1/', 'Requests to the local network are not allowed'],
    ['http://172.16.0.5/', 'Requests to the local network are not allowed'],
    ['http://[fd00::1]/', 'Requests to the local network are not allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'Requests to the link local network are not allowed'],
    ['http://[fe80::1]/', 'Requests to the link local network are not allowed'],
    ['http://100.64.0.1/', 'Requests to the shared address space are not allowed'],
    ['http://0.0.0.0/', 'Requests to localhost are not allowed'],
    ['http://[::]/', 'Requests to localhost are not allowed'],
    ['http://224.0.0.1/', 'Requests to multicast addresses are not allowed'],
    ['http://255.255.255.255/', 'Requests to the limited broadcast address are not allowed'],
    ['ftp://example.com/', 'Only allowed schemes are http, https'],
    ['not a url', 'URI is invalid'],
  ])('refuses %s: %s', async (url, message) => {
    await expect(resolveHookTarget(url, false, resolvesTo('93.184.215.14'))).rejects.toThrow(message);
  });

  it('checks every address a host name resolves to, after resolution', async () => {
    await expect(resolveHookTarget('http://evil.example/', false, resolvesTo('127.0.0.1'))).rejects.toThrow(
      'Requests to loopback addresses are not allowed',
    );
    await expect(
      resolveHookTarget('http://mixed.example/', false, resolvesTo('93.184.215.14', '10.1.2.3')),
    ).rejects.toThrow('Requests to the local network are not allowed');
    await expect(resolveHookTarget('http://localhost:9/', false)).rejects.toThrow(/loopback/);
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveHookTarget('http://nowhere.invalid/', false, failing)).rejects.toThrow(
      'Host cannot be resolved or invalid',
    );
  });

  it('allows local addresses when the setting is on, and pins the checked address', async () => {
    const target = await resolveHookTarget('http://receiver.example:8080/x', true, resolvesTo('127.0.0.1'));
    expect(target).toMatchObject({ address: '127.0.0.1', family: 4 });
    expect(target.url.hostname).toBe('receiver.example');
    await expect(resolveHookTarget('http://224.0.0.1/', true)).rejects.toThrow('multicast');
    const public_ = await resolveHookTarget('https://hooks.example/', false, resolvesTo('93.184.215.14'));
    expect(public_.address).toBe('93.184.215.14');
  });
});

describe('postHook', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('connects to the pinned address only: a host name that does not resolve still reaches it, no second lookup', async () => {
    const port = new URL(receiver.url()).port;
    const target = { url: new URL(`http://rebind.invalid:${port}/pinned`), address: '127.0.0.1', family: 4 as const };
    const response = await postHook(target, { 'Content-Type': 'application/json' }, '{"a":1}', true);
    expect(response.status).toBe(200);
    expect(receiver.at('/pinned')[0]?.headers.host).toBe(`rebind.invalid:${port}`);
  });

  it('follows no redirect: the 3xx is the answer', async () => {
    receiver.answer({ status: 302, location: receiver.url('/elsewhere') });
    const target = await resolveHookTarget(receiver.url('/redirect'), true);
    const response = await postHook(target, {}, '{}', true);
    expect(response.status).toBe(302);
    expect(receiver.at('/elsewhere')).toHaveLength(0);
  });
});
