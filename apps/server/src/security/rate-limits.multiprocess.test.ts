import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../db/connection';
import { createToken, createUser } from '../test/factories';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';

/**
 * Two real `meridian start` processes on one PostgreSQL database share their rate-limit counters:
 * failed sign-ins alternated between them hit 429 at the configured count, not at twice it.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('rate limits across two server processes (PostgreSQL)', () => {
  let database: ThrowawayDatabase | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl ?? '', 'meridian_mp');
    a = await startServerProcess(database.url); // migrates first; the second start then finds it done
    handle = await connect({ url: database.url, poolSize: 2 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await handle?.close();
    await database?.drop();
  }, 60_000);

  it('warns on the first start of a PostgreSQL database while sign-up is open', () => {
    expect(a?.output()).toMatch(/Warning: sign-up is open/);
  });

  it('the sign-in limit is shared: alternating processes, the 5th attempt of a limit of 4 is 429', async () => {
    if (!a || !handle) throw new Error('not started');
    const token = await createToken(handle.db, (await createUser(handle.db, { admin: true })).id);
    const put = await fetch(`${a.url}/api/v4/application/settings`, {
      method: 'PUT',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ throttle_protected_paths_requests_per_period: 4, max_login_attempts: 100 }),
    });
    expect(put.status).toBe(200);
    b = await startServerProcess(database?.url ?? '');
    expect(b.output()).not.toMatch(/sign-up is open/); // not a first start

    const signIn = (server: ServerProcess, n: number) =>
      fetch(`${server.url}/users/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: `nobody${n}`, password: 'wrong-password' }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await signIn(n % 2 === 0 ? a : b, n)).status);
    // Each process alone would allow 4: separate counters would give 401 six times.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const last = await signIn(a, 7);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last.text()).toBe('Retry later\n');
  }, 90_000);
});
