import { freePort } from './free-port';
import { createTestApp, type TestApp } from './harness';

export interface StartedServer extends TestApp {
  /** Base address of the listening server, e.g. http://127.0.0.1:43121 (no trailing slash). */
  url: string;
  /** `fetch` against the started server: `http('/api/v4/version', { headers })`. */
  http: (path: string, init?: RequestInit) => Promise<Response>;
}

/**
 * The real app on a real, migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL),
 * listening on a loopback port: what the attack suites under `src/security/` and the client suites
 * under `src/clients/` talk to over HTTP, so that parsers, hooks, headers and timing are those a
 * remote client meets. The server's external URL is its real address, so `web_url`s point at it
 * (python-gitlab checks them against the URL it was given).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ MERIDIAN_EXTERNAL_URL: url, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, url, http: (path, init) => fetch(`${url}${path}`, init) };
}
