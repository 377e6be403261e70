import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { type StartedServer, startTestServer } from './started-server';

/** Whether the web app is built (apps/web/dist, by `npm run build`); suites that serve it skip without. */
export const hasWebBuild = existsSync(fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url)));

/**
 * Registers the suite's `beforeAll` / `afterAll`: a started server's app again, this time serving the
 * built web app, listening on a loopback port. `url()` is its origin once `beforeAll` has run.
 */
export function useWebAppServer(): { url: () => string } {
  let s: StartedServer | undefined;
  let web: FastifyInstance | undefined;
  let url = '';
  beforeAll(async () => {
    s = await startTestServer();
    web = await buildApp(s.ctx, { serveWeb: true });
    url = await web.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await web?.close();
    await s?.close();
  });
  return { url: () => url };
}
