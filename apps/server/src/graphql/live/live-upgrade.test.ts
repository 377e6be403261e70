import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestApp } from '../../test/use-test-app';
import { MAX_CONNECTIONS_PER_IP } from './live-limits';

const t = useTestApp();
let url = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/graphql`;
});

/** Opens a graphql-transport-ws socket: resolves it when open, or the refusal's HTTP status. */
function open(): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.on('error', () => undefined); // a refused upgrade's socket ends with an error: the status is the answer
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
  });
}

describe('the WebSocket upgrade', () => {
  it(`holds at most ${MAX_CONNECTIONS_PER_IP} sockets per address, and frees a place when one closes`, async () => {
    const sockets: WebSocket[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_IP; i++) {
      const socket = await open();
      expect(socket, `socket ${i + 1}`).toBeInstanceOf(WebSocket);
      sockets.push(socket as WebSocket);
    }
    expect(await open()).toBe(429);
    const first = sockets.shift();
    await new Promise((resolve) => {
      first?.once('close', resolve);
      first?.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open();
    expect(again).toBeInstanceOf(WebSocket);
    for (const socket of [...sockets, again as WebSocket]) socket.terminate();
  });
});
