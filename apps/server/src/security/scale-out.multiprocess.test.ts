import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';

/**
 * Three real `meridian start` processes on one PostgreSQL database behind a round-robin client, as
 * behind any load balancer without sticky sessions: every request goes to the next process. A
 * session made on one process works on the others and ends everywhere at sign-out; what one process
 * writes the next reads; the sign-in rate limit counts across all three; only the first start of a
 * database warns that sign-up is open. (Live events across
 * processes: realtime/live-updates.multiprocess.test.ts; webhook deliveries:
 * modules/webhooks/webhook-delivery.multiprocess.test.ts; roles: cli/roles.multiprocess.test.ts.)
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT_PASSWORD = 'scale-out-root-pw';

describe.skipIf(!baseUrl)('three server processes behind a round-robin client (PostgreSQL)', () => {
  let database: ThrowawayDatabase | undefined;
  const processes: ServerProcess[] = [];
  let turn = 0;
  /** Sends each request to the next process in turn; `served` records which one answered. */
  const served: number[] = [];
  const roundRobin = (path: string, init: RequestInit = {}) => {
    const index = turn++ % processes.length;
    served.push(index);
    return fetch(`${processes[index]?.url}${path}`, init);
  };

  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl ?? '', 'meridian_scale');
    // Behind a load balancer: the client's address comes from X-Forwarded-For.
    const env = { MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD, TRUST_PROXY: 'true' };
    // The first migrates and creates root; the others then find both done.
    processes.push(await startServerProcess(database.url, env));
    processes.push(...(await Promise.all([1, 2].map(() => startServerProcess(database?.url ?? '', env)))));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => stopServerProcess(p)));
    await database?.drop();
  }, 60_000);

  it('warns on the first start of a PostgreSQL database while sign-up is open, and only then', () => {
    expect(processes[0]?.output()).toMatch(/Warning: sign-up is open/);
    for (const later of processes.slice(1)) expect(later.output()).not.toMatch(/sign-up is open/);
  });

  it('a session made on one process signs requests on every other, and sign-out ends it on all', async () => {
    const signIn = await roundRobin('/users/sign_in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'root', password: ROOT_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const session = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
    const send = async (method: string, path: string, body?: object) => {
      const res = await roundRobin(`/api/v4${path}`, {
        method,
        headers: session,
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return (await res.json()) as Record<string, unknown>;
    };

    const group = await send('POST', '/groups', { name: 'Scale', path: 'scale' });
    const project = await send('POST', '/projects', { name: 'app', path: 'app', namespace_id: group.id });
    const issue = await send('POST', `/projects/${project.id}/issues`, { title: 'Made across three processes' });
    await send('POST', `/projects/${project.id}/issues/${issue.iid}/notes`, { body: 'A comment on the next one' });
    // Every process reads what the others wrote, at once.
    for (let i = 0; i < processes.length; i++) {
      const read = await send('GET', `/projects/${project.id}/issues/${issue.iid}`);
      expect(read).toMatchObject({ title: 'Made across three processes', user_notes_count: 1 });
    }
    expect(new Set(served)).toEqual(new Set([0, 1, 2]));

    const out = await roundRobin('/users/sign_out', { method: 'POST', headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.status).toBeLessThan(300);
    for (let i = 0; i < processes.length; i++) {
      const after = await roundRobin('/-/session', { headers: { cookie } });
      expect(await after.json()).toEqual({ user: null, csrf_token: null });
    }
  });

  it('the sign-in limit counts across all three: the 5th attempt of a limit of 4 is 429 wherever it lands', async () => {
    const signIn = await roundRobin('/users/sign_in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'root', password: ROOT_PASSWORD }),
    });
    const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const put = await roundRobin('/api/v4/application/settings', {
      method: 'PUT',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ throttle_protected_paths_requests_per_period: 4, max_login_attempts: 100 }),
    });
    expect(put.status).toBe(200);
    // Each process caches settings for a few seconds: wait until all three read the new limit.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) {
      const res = await roundRobin('/users/sign_in', {
        method: 'POST',
        // One client address of its own, so the sign-ins above do not count against it.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ login: `nobody${n}`, password: 'wrong-password' }),
      });
      statuses.push(res.status);
    }
    // Separate counters would allow 4 per process: twelve attempts before the first 429.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    const last = await roundRobin('/users/sign_in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ login: 'nobody', password: 'wrong-password' }),
    });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last.text()).toBe('Retry later\n');
  }, 30_000);
});
