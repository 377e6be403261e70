import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../rest/route-table';
import { createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * M1 (review of 2026-11-28): every state-changing route the app registered — REST, GraphQL, web
 * forms, page-JSON writes, and any route added later — counts in a rate-limit bucket. With every
 * limit at 1, the second write on each route is 429, signed in (a fresh user per route) and
 * anonymous (a fresh address per route).
 */

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Scopes that refuse an anonymous write with a 401 in `onRequest`, before the route runs or reads
 * anything (GitLab's `authenticate_non_get!`): there the anonymous flood never gets further.
 */
const REFUSES_ANONYMOUS_WRITES = [/^\/api\/v4\//, /^\/abuse_reports$/, /\/-\/issues\/:iid\/mark_as_spam$/];

/** One route per pattern: the page routes are registered once per group depth (`/:s0/:s1/…`). */
function stateChangingRoutes(table: RouteEntry[]): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const route of table) {
    if (READS.has(route.method)) continue;
    const key = `${route.method} ${route.url.replace(/(\/:s\d+)+/g, '/:path')}`;
    if (!seen.has(key)) seen.set(key, route);
  }
  return [...seen.values()];
}

/** A path the pattern matches: `1` for each parameter, `1.json` where the parameter must end so. */
function concretePath(pattern: string): string {
  return pattern.replace(/:\w+(\([^)]*\))?/g, (_m, constraint?: string) =>
    constraint?.includes('json') ? '1.json' : '1',
  );
}

/** A GraphQL POST counts only when it carries a mutation; everything else gets an empty JSON object. */
function bodyFor(route: RouteEntry): string {
  if (route.url === '/api/graphql') return JSON.stringify({ query: 'mutation { noSuchMutation }' });
  return '{}';
}

const nextAddress = () => `10.${[...randomBytes(3)].join('.')}`;

let s: StartedServer;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' });
  const admin = await createUser(s.db, { admin: true });
  const res = await s.http('/api/v4/application/settings', {
    method: 'PUT',
    headers: { 'private-token': await createToken(s.db, admin.id), 'content-type': 'application/json' },
    body: JSON.stringify({
      throttle_authenticated_api_requests_per_period: 1,
      throttle_unauthenticated_api_requests_per_period: 1,
      throttle_protected_paths_requests_per_period: 1,
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => s.close());

describe('every state-changing route is rate limited (M1)', () => {
  const send = (route: RouteEntry, headers: Record<string, string>) =>
    s.http(concretePath(route.url), {
      method: route.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: bodyFor(route),
    });

  it('walks a route table that has the web writes in it', () => {
    const urls = stateChangingRoutes(s.app.routeTable).map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /abuse_reports',
        'POST /users/sign_out',
        'POST /api/v4/abuse_reports',
        // Outside /api/v4's scope (a Geo site's signed report, no user): counted per address all the same.
        'POST /api/v4/geo/status',
      ]),
    );
    expect(urls.some((u) => u.endsWith('/-/issues/:iid/mark_as_spam'))).toBe(true);
  });

  it('signed in: the second write on each route is 429', async () => {
    const unthrottled: string[] = [];
    for (const route of stateChangingRoutes(s.app.routeTable)) {
      const user = await createUser(s.db);
      // Two tokens: a route may revoke the one it was called with (`personal_access_tokens/self`).
      const [first, second] = [await createToken(s.db, user.id), await createToken(s.db, user.id)];
      const address = nextAddress();
      await send(route, { 'private-token': first, 'x-forwarded-for': address });
      const again = await send(route, { 'private-token': second, 'x-forwarded-for': address });
      if (again.status !== 429 || (await again.text()) !== 'Retry later\n') {
        unthrottled.push(`${route.method} ${route.url} → ${again.status}`);
      }
    }
    expect(unthrottled).toEqual([]);
  }, 180_000);

  it('anonymous: the second write on each route is 429, or the scope refuses anonymous writes first', async () => {
    const unthrottled: string[] = [];
    for (const route of stateChangingRoutes(s.app.routeTable)) {
      const address = nextAddress();
      await send(route, { 'x-forwarded-for': address });
      const again = await send(route, { 'x-forwarded-for': address });
      const refusedFirst = again.status === 401 && REFUSES_ANONYMOUS_WRITES.some((p) => p.test(route.url));
      if (again.status !== 429 && !refusedFirst) unthrottled.push(`${route.method} ${route.url} → ${again.status}`);
    }
    expect(unthrottled).toEqual([]);
  }, 180_000);
});
