import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './harness';

export interface StartedServer extends TestApp {
  /** Base address of the listening server, e.g. http://127.0.0.1:43121 (no trailing slash). */
  url: string;
  /** `fetch` against the started server: `http('/api/v4/version', { headers })`. */
  http: (path: string, init?: RequestInit) => Promise<Response>;
}

/**
 * The real app on a real, migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL),
 * listening on a loopback port: what the attack suites under `src/security/` talk to over HTTP,
 * so that parsers, hooks, headers and timing are those a remote client meets.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { ...t, url, http: (path, init) => fetch(`${url}${path}`, init) };
}
