import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasWebBuild, useWebAppServer } from './test/web-app-server';

/** The raw bytes of a GET, as sent (not decompressed). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Raw headers of a GET (node:http does not decompress, so content-encoding is what was sent). */
function head(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

describe.skipIf(!hasWebBuild)('the built web app (needs apps/web/dist: npm run build)', () => {
  const server = useWebAppServer();
  let url: string;
  let script: string;
  beforeAll(async () => {
    url = server.url();
    const html = await (await fetch(`${url}/`)).text();
    script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  });

  it('sends hashed assets compressed as the browser accepts, cached for a year', async () => {
    expect(script).toMatch(/^\/assets\/index-.+\.js$/);
    const br = await head(`${url}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await head(`${url}${script}`, { 'accept-encoding': 'gzip' });
    const plain = await head(`${url}${script}`, {});
    expect([br.status, gzip.status, plain.status]).toEqual([200, 200, 200]);
    expect([
      br.headers['content-encoding'],
      gzip.headers['content-encoding'],
      plain.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', undefined]);
    expect(Number(br.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 2);
    for (const res of [br, gzip, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('revalidates index.html on every load, at the root and on client routes', async () => {
    for (const path of ['/', '/groups/acme/-/roadmap', '/-/profile/notifications']) {
      const res = await head(`${url}${path}`, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('sends the build-time copies once: response compression does not compress them again', async () => {
    const plain = await raw(`${url}${script}`, {});
    const br = await raw(`${url}${script}`, { 'accept-encoding': 'br' });
    const gzip = await raw(`${url}${script}`, { 'accept-encoding': 'gzip' });
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // index.html has no build-time copy for every encoding: the server compresses it like an API answer.
    const page = await raw(`${url}/groups/acme/-/roadmap`, { 'accept-encoding': 'gzip' });
    const html = page.headers['content-encoding'] === 'gzip' ? gunzipSync(page.body) : page.body;
    expect(html.toString()).toContain('<script');
  });

  it('keeps the server’s own /-/ paths off the web app (an unknown one is a 404, not the page)', async () => {
    expect((await head(`${url}/-/no-such-thing`, {})).status).toBe(404);
    expect((await head(`${url}/-/health`, {})).status).toBe(200);
  });
});
