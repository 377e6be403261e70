import type { AddressInfo } from 'node:net';
import type { Client } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { publishChange } from '../../realtime/change-channel';
import { createGroup, createProject } from '../../test/factories';
import { type LiveSubscription, liveClient, messageOf, record } from '../../test/live-client';
import { useTestApp } from '../../test/use-test-app';
import { MAX_CONNECTIONS_PER_IP, MAX_SUBSCRIPTIONS_PER_ADDRESS } from './live-limits';

/**
 * Review 2026-11-28, L1: the live caps count the client address as TRUST_PROXY resolves it
 * (Fastify's request.ip), and the Origin check compares with MERIDIAN_EXTERNAL_URL's origin when it
 * is set, not with a Host header a proxy may have rewritten.
 */

/** A started test app with `env`; `url` is its ws:// GraphQL endpoint once listening. */
function started(env: Record<string, string>) {
  const t = useTestApp(
    async ({ app }) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { port: (app.server.address() as AddressInfo).port };
    },
    { env },
  );
  return {
    t,
    url: () => `ws://127.0.0.1:${t.world.port}/api/graphql`,
    base: () => `http://127.0.0.1:${t.world.port}`,
  };
}

/** Opens a graphql-transport-ws socket: resolves it when open, or the refusal's HTTP status. */
function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
    socket.on('error', () => undefined); // a refused upgrade's socket ends with an error: the status is the answer
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
  });
}

/** Opens the per-address cap's worth of sockets as `forwardedFor`; the caller terminates them. */
async function fillAddress(url: string, forwardedFor: string) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < MAX_CONNECTIONS_PER_IP; i++) {
    const socket = await open(url, { 'x-forwarded-for': forwardedFor });
    expect(socket, `socket ${i + 1}`).toBeInstanceOf(WebSocket);
    sockets.push(socket as WebSocket);
  }
  return sockets;
}

const closeAll = (sockets: (WebSocket | number)[]) => {
  for (const socket of sockets) if (socket instanceof WebSocket) socket.terminate();
};

describe('with TRUST_PROXY naming the proxy', () => {
  const s = started({ TRUST_PROXY: '127.0.0.1' });

  it('counts connections per forwarded client address', async () => {
    const sockets = await fillAddress(s.url(), '203.0.113.7');
    const same = await open(s.url(), { 'x-forwarded-for': '203.0.113.7' });
    const other = await open(s.url(), { 'x-forwarded-for': '203.0.113.8' });
    expect(same).toBe(429);
    expect(other).toBeInstanceOf(WebSocket);
    closeAll([...sockets, other]);
  });

  it('counts subscriptions per forwarded client address', async () => {
    const group = await createGroup(s.t.db, { path: 'proxypub', visibility: 20 });
    const project = await createProject(s.t.db, { namespaceId: group.id, path: 'web', visibility: 20 });
    const issue = await s.t.db
      .insertInto('issues')
      .values({ project_id: project.id, iid: 1, title: 'Watched' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const query = 'subscription($id: WorkItemID!) { workItemUpdated(workItemId: $id) { __typename } }';
    const from = (address: string) => liveClient(s.base(), { headers: { 'x-forwarded-for': address } });
    const watch = (client: Client) => record(client, query, { id: `gid://gitlab/Issue/${issue.id}` });
    const clients = Array.from({ length: MAX_SUBSCRIPTIONS_PER_ADDRESS / 25 }, () => from('203.0.113.9'));
    const held = clients.flatMap((client) => Array.from({ length: 25 }, () => watch(client)));
    await everyOneReceives(held, () => publishChange(s.t.db, 'Issue', issue.id, 'updated'));
    const again = watch(from('203.0.113.9'));
    const elsewhere = watch(from('203.0.113.10'));
    await vi.waitFor(() => expect(again.errors.length).toBe(1), { timeout: 5_000 });
    expect(messageOf(again.errors[0])).toContain('Too many live subscriptions from this address');
    await everyOneReceives([elsewhere], () => publishChange(s.t.db, 'Issue', issue.id, 'updated'));
    expect(held.flatMap((sub) => sub.errors)).toEqual([]);
    await Promise.all([...clients].map((client) => client.dispose()));
  });
});

/** Publishes changes until each of `subs` has received one: then the server holds them all. */
async function everyOneReceives(subs: LiveSubscription<unknown>[], change: () => Promise<unknown>) {
  await vi.waitFor(
    async () => {
      await change();
      await vi.waitFor(() => expect(subs.every((sub) => sub.events.length > 0)).toBe(true), { timeout: 1_000 });
    },
    { timeout: 20_000, interval: 0 },
  );
}

describe('without TRUST_PROXY', () => {
  const s = started({});

  it('ignores X-Forwarded-For: every socket counts against the peer address', async () => {
    const sockets = await fillAddress(s.url(), '203.0.113.7');
    const spoofed = await open(s.url(), { 'x-forwarded-for': '203.0.113.8' });
    expect(spoofed).toBe(429);
    closeAll(sockets);
  });

  it('accepts an Origin naming the Host the request came to, and no Origin', async () => {
    const host = new URL(s.url()).host;
    const sockets = [await open(s.url(), { origin: `http://${host}` }), await open(s.url())];
    expect(sockets.every((socket) => socket instanceof WebSocket)).toBe(true);
    expect(await open(s.url(), { origin: 'https://meridian.example.com' })).toBe(403);
    closeAll(sockets);
  });
});

describe('with MERIDIAN_EXTERNAL_URL', () => {
  const s = started({ MERIDIAN_EXTERNAL_URL: 'https://meridian.example.com' });

  it('accepts its origin whatever the Host, and refuses the Host the request came to', async () => {
    const host = new URL(s.url()).host;
    const external = await open(s.url(), { origin: 'https://meridian.example.com' });
    expect(external).toBeInstanceOf(WebSocket);
    expect(await open(s.url(), { origin: `http://${host}` })).toBe(403);
    expect(await open(s.url(), { origin: 'http://meridian.example.com' })).toBe(403);
    expect(await open(s.url(), { origin: 'https://meridian.example.com:8443' })).toBe(403);
    closeAll([external]);
  });
});
