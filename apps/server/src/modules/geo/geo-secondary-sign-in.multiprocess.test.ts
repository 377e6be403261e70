import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../db/connection';
import { launchChromium } from '../../test/chromium';
import { createToken } from '../../test/factories';
import { type ReplicaPair, startReplicaPair } from '../../test/pg-replica-pair';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { hasWebBuild } from '../../test/web-app-server';

/**
 * Signing in on a Geo secondary (a real primary and standby, test/pg-replica-pair.ts): the secondary
 * passes sign-in, sign-up and sign-out to its primary, whose session row replicates back; the
 * answer waits for it, so the very next request on the secondary is signed in. Runs with the
 * PostgreSQL suites (`npm run test:pg`).
 */
const runs = Boolean(process.env.TEST_DATABASE_URL);
const ROOT_PASSWORD = 'leeds-root-password';

describe.skipIf(!runs)('Signing in on a Geo secondary', () => {
  let pair: ReplicaPair | undefined;
  let primary: ServerProcess | undefined;
  let secondary: ServerProcess | undefined;
  let primaryDb: DatabaseHandle | undefined;
  let token = '';

  const signIn = (on: ServerProcess | undefined, password: string) =>
    fetch(`${on?.url}/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'root', password }),
    });
  const sessionOf = async (on: ServerProcess | undefined, cookie: string) =>
    (await (await fetch(`${on?.url}/-/session`, { headers: { cookie } })).json()) as {
      user: { username: string } | null;
      csrf_token: string | null;
    };

  beforeAll(async () => {
    pair = await startReplicaPair('leeds');
    primary = await startServerProcess(pair.primaryUrl, { MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD });
    primaryDb = await connect({ url: pair.primaryUrl, poolSize: 2 });
    const root = await primaryDb.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    token = await createToken(primaryDb.db, root.id);
    for (const site of [
      { name: 'London', url: primary.url, primary: true },
      { name: 'Leeds', url: 'https://leeds.example.com' },
    ]) {
      const res = await fetch(`${primary.url}/api/v4/geo_nodes`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(site),
      });
      expect(res.status).toBe(201);
    }
    // The secondary learns its primary from the replicated sites when it starts.
    const standby = await connect({ url: pair.standbyUrl, poolSize: 1 });
    try {
      for (let i = 0; i < 250; i++) {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM geo_nodes`.execute(standby.db);
        if (rows[0]?.n === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await standby.close();
    }
    secondary = await startServerProcess(pair.standbyUrl, { DATABASE_LISTEN_URL: pair.primaryUrl });
  }, 120_000);

  afterAll(async () => {
    await stopServerProcess(secondary);
    await stopServerProcess(primary);
    await primaryDb?.close();
    await pair?.stop();
  }, 60_000);

  it('signs in through the primary; the next request on the secondary is signed in', async () => {
    const refused = await signIn(secondary, 'not-the-password');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: 'Invalid login or password.' });

    const answer = await signIn(secondary, ROOT_PASSWORD);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { user: { username: string } }).user.username).toBe('root');
    const cookie =
      answer.headers
        .getSetCookie()
        .find((c) => c.startsWith('_meridian_session='))
        ?.split(';')[0] ?? '';
    expect(cookie).not.toBe('_meridian_session=');
    // No wait here: the answer came once the session had replicated.
    const session = await sessionOf(secondary, cookie);
    expect(session.user?.username).toBe('root');
    expect((await fetch(`${secondary?.url}/api/v4/user`, { headers: { cookie } })).status).toBe(200);
    // Writes other than signing in are still refused on the secondary, session or not.
    const write = await fetch(`${secondary?.url}/api/v4/groups`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': session.csrf_token ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', path: 'x' }),
    });
    expect(write.status).toBe(403);

    // Signing out goes to the primary too: the session ends everywhere.
    const out = await fetch(`${secondary?.url}/users/sign_out`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': session.csrf_token ?? '' },
    });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('_meridian_session=;'))).toBe(true);
    expect((await sessionOf(primary, cookie)).user).toBeNull();
  }, 30_000);

  it('answers 502 naming the primary when the primary cannot be reached', async () => {
    await stopServerProcess(primary);
    const answer = await signIn(secondary, ROOT_PASSWORD);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { message: string }).message).toBe(
      `The primary site, ${primary?.url}/, could not be reached. Try again later.`,
    );
    primary = await startServerProcess((pair as ReplicaPair).primaryUrl, {
      MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD,
      PORT: new URL(primary?.url ?? '').port,
    });
  }, 60_000);

  it.skipIf(!hasWebBuild)(
    'signs in through the form in Chromium, under the secondary banner',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${secondary?.url}/users/sign_in`);
        await page.getByText('You are on a secondary, read-only Geo site.').waitFor();
        await page.getByLabel('Username or primary email').fill('root');
        await page.getByLabel('Password').fill(ROOT_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: /^Hi, / }).waitFor();
        expect(page.url().startsWith(secondary?.url ?? '-')).toBe(true);
        await page.getByText('You are on a secondary, read-only Geo site.').waitFor();
        const shot = new URL('../../../../../e2e/test-results/geo-secondary-signed-in.png', import.meta.url);
        await page.screenshot({ path: fileURLToPath(shot) });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );

  it('holds its rate limits in the process without REDIS_URL (its database cannot take counters)', async () => {
    expect(secondary?.output()).toContain('Rate limits on this secondary site count in each process');
    const settings = await fetch(`${primary?.url}/api/v4/application/settings`, {
      method: 'PUT',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ throttle_unauthenticated_api_requests_per_period: 3 }),
    });
    expect(settings.status).toBe(200);
    // The setting replicates, and the secondary's settings cache (5 s) takes it up.
    let status = 0;
    for (let i = 0; i < 100 && status !== 429; i++) {
      status = (await fetch(`${secondary?.url}/api/v4/projects`)).status;
      if (status !== 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(429);
    expect(secondary?.output()).not.toContain('read-only transaction');
  }, 30_000);
});
