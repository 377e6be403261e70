import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { launchChromium } from '../test/chromium';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';
import { hasWebBuild } from '../test/web-app-server';

/**
 * Two real `meridian start` processes on one PostgreSQL database: a write through process A
 * reaches process B's version cache through LISTEN/NOTIFY, so B's poll answers 200 instead of 304
 * within a second, and a browser on B shows a comment, a title edit and a state change made through
 * A's REST API without a reload.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT_PASSWORD = 'live-updates-root-pw';
const ISSUE_PAGE = '/live/web/-/issues/1';

describe.skipIf(!baseUrl)('live updates across two server processes (PostgreSQL)', () => {
  let database: ThrowawayDatabase | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;
  let browser: Browser | undefined;
  let token = '';
  let projectId = 0;

  /** A REST write through process A as the colleague. */
  const writeThroughA = async (method: 'POST' | 'PUT', path: string, body: object) => {
    const res = await fetch(`${a?.url}/api/v4/projects/${projectId}${path}`, {
      method,
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
  };
  const pollB = (etag?: string) =>
    fetch(`${b?.url}${ISSUE_PAGE}/realtime_changes`, {
      headers: { 'private-token': token, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl ?? '', 'meridian_live');
    const env = { MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD };
    a = await startServerProcess(database.url, env); // migrates first; B then finds it done
    [b, browser] = await Promise.all([startServerProcess(database.url, env), launchChromium()]);
    handle = await connect({ url: database.url, poolSize: 2 });
    const colleague = await createUser(handle.db, { username: 'colleague', name: 'A Colleague' });
    token = await createToken(handle.db, colleague.id);
    const group = await createGroup(handle.db, { path: 'live', visibility: 20 });
    projectId = (await createProject(handle.db, { namespaceId: group.id, path: 'web', visibility: 20 })).id;
    await addGroupMember(handle.db, group.id, colleague.id, AccessLevel.MAINTAINER);
    await writeThroughA('POST', '/issues', { title: 'Watched issue', description: 'Kept open in a browser' });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await handle?.close();
    await database?.drop();
  }, 60_000);

  it("B's 304 turns into a 200 within a second of a write through A", async () => {
    const first = await pollB();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('poll-interval')).toBe('3000');
    expect((await pollB(etag)).status).toBe(304);
    await writeThroughA('PUT', '/issues/1', { title: 'Renamed through A' });
    const written = Date.now();
    let answer = await pollB(etag);
    while (answer.status === 304 && Date.now() - written < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await pollB(etag);
    }
    expect(answer.status).toBe(200);
    expect(Date.now() - written).toBeLessThan(1_000);
    expect(answer.headers.get('etag')).not.toBe(etag);
    expect(await answer.json()).toMatchObject({ title_text: 'Renamed through A' });
  }, 30_000);

  it.skipIf(!hasWebBuild)(
    "a browser on B shows A's comment, title edit and state change within the poll interval",
    async () => {
      const context = await browser?.newContext({ baseURL: b?.url });
      if (!context) throw new Error('no browser');
      const signIn = await context.request.post('/users/sign_in', { data: { login: 'root', password: ROOT_PASSWORD } });
      expect(signIn.status()).toBe(200);
      const page = await context.newPage();
      const firstPoll = page.waitForResponse((r) => r.url().endsWith('/realtime_changes'), { timeout: 10_000 });
      await page.goto(ISSUE_PAGE);
      await page.getByRole('heading', { level: 1, name: 'Renamed through A' }).waitFor();
      await firstPoll;
      const withinPoll = { timeout: 3_000 + 2_000 };

      await writeThroughA('POST', '/issues/1/notes', { body: 'A comment posted through process A' });
      await page.getByText('A comment posted through process A').waitFor(withinPoll);

      await writeThroughA('PUT', '/issues/1', { title: 'Edited by a colleague' });
      await page.getByRole('heading', { level: 1, name: 'Edited by a colleague' }).waitFor(withinPoll);

      await writeThroughA('PUT', '/issues/1', { state_event: 'close' });
      await page.getByText('Closed', { exact: true }).first().waitFor(withinPoll);
      // Nothing changes any more: the page's poll (session cookie, its last ETag) is answered 304.
      const unchanged = await page.waitForResponse((r) => r.url().endsWith('/realtime_changes'), withinPoll);
      expect(unchanged.status()).toBe(304);
      await page.screenshot({
        path: fileURLToPath(new URL('../../../../e2e/test-results/live-updates-b.png', import.meta.url)),
      });
      await context.close();
    },
    40_000,
  );
});
