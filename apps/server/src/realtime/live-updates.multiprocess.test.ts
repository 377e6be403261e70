import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { launchChromium } from '../test/chromium';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { liveClient, record } from '../test/live-client';
import { pollUntilChanged } from '../test/poll-until-changed';
import type { ServerProcess } from '../test/server-process';
import { useTwoServerProcesses } from '../test/two-server-processes';
import { hasWebBuild } from '../test/web-app-server';

/**
 * Two real `meridian start` processes on one PostgreSQL database: a write through process A
 * reaches process B's version cache through LISTEN/NOTIFY, so B's poll answers 200 instead of 304
 * within a second; a GraphQL subscriber on B's WebSocket gets A's comment; a browser on B shows a
 * comment, a title edit and a state change made through A's REST API without a reload; and a
 * comment typed in a browser on A shows in a browser on B within a second.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT_PASSWORD = 'live-updates-root-pw';
const ISSUE_PAGE = '/live/web/-/issues/1';

describe.skipIf(!baseUrl)('live updates across two server processes (PostgreSQL)', () => {
  const servers = useTwoServerProcesses(baseUrl ?? '', {
    name: 'meridian_live',
    env: { MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD },
  });
  let browser: Browser | undefined;
  let token = '';
  let projectId = 0;

  /** A REST write through process A as the colleague. */
  const writeThroughA = async (method: 'POST' | 'PUT', path: string, body: object) => {
    const res = await fetch(`${servers.a?.url}/api/v4/projects/${projectId}${path}`, {
      method,
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
  };
  const pollB = (etag?: string) =>
    fetch(`${servers.b?.url}${ISSUE_PAGE}/realtime_changes`, {
      headers: { 'private-token': token, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  /** A browser page on `server`, signed in as root, and its context to close. */
  const rootPageOn = async (server: ServerProcess | undefined) => {
    const context = await browser?.newContext({ baseURL: server?.url });
    if (!context) throw new Error('no browser');
    const signIn = await context.request.post('/users/sign_in', { data: { login: 'root', password: ROOT_PASSWORD } });
    expect(signIn.status()).toBe(200);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const { db } = servers.handle as DatabaseHandle;
    const colleague = await createUser(db, { username: 'colleague', name: 'A Colleague' });
    token = await createToken(db, colleague.id);
    const group = await createGroup(db, { path: 'live', visibility: 20 });
    projectId = (await createProject(db, { namespaceId: group.id, path: 'web', visibility: 20 })).id;
    await addGroupMember(db, group.id, colleague.id, AccessLevel.MAINTAINER);
    await writeThroughA('POST', '/issues', { title: 'Watched issue', description: 'Kept open in a browser' });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
  }, 60_000);

  it("B's 304 turns into a 200 within a second of a write through A", async () => {
    const first = await pollB();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('poll-interval')).toBe('3000');
    expect((await pollB(etag)).status).toBe(304);
    await writeThroughA('PUT', '/issues/1', { title: 'Renamed through A' });
    const { answer, tookMs } = await pollUntilChanged(pollB, etag);
    expect(answer.status).toBe(200);
    expect(tookMs).toBeLessThan(1_000);
    expect(answer.headers.get('etag')).not.toBe(etag);
    expect(await answer.json()).toMatchObject({ title_text: 'Renamed through A' });
  }, 30_000);

  it("a WebSocket subscriber on B gets a comment posted through A's REST API within a second", async () => {
    const issue = await servers.handle?.db
      .selectFrom('issues')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const client = liveClient(servers.b?.url ?? '', { token });
    try {
      const sub = record<{ workItemNoteCreated: { body: string; author: { username: string } } }>(
        client,
        'subscription($id: NoteableID) { workItemNoteCreated(noteableId: $id) { body author { username } } }',
        { id: `gid://gitlab/Issue/${issue?.id}` },
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription reaches B
      await writeThroughA('POST', '/issues/1/notes', { body: 'Sent through A, heard on B' });
      const written = Date.now();
      while (sub.events.length === 0 && sub.errors.length === 0 && Date.now() - written < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(sub.errors).toEqual([]);
      expect(sub.events).toEqual([
        { workItemNoteCreated: { body: 'Sent through A, heard on B', author: { username: 'colleague' } } },
      ]);
      expect(Date.now() - written).toBeLessThan(1_000);
    } finally {
      await client.dispose();
    }
  }, 30_000);

  it.skipIf(!hasWebBuild)(
    'a comment typed in a browser on A shows in a browser on B within a second, without a reload',
    async () => {
      const [onA, onB] = await Promise.all(
        [servers.a, servers.b].map(async (server) => {
          const { context, page } = await rootPageOn(server);
          await page.goto(ISSUE_PAGE);
          await page.getByRole('heading', { level: 1 }).waitFor();
          return { context, page };
        }),
      );
      if (!onA || !onB) throw new Error('no pages');
      // B's page subscribes once it is up (its socket opens 1.5 s after the page).
      await onB.page.waitForResponse((r) => r.url().endsWith('/realtime_changes'), { timeout: 10_000 });
      await onA.page.getByRole('button', { name: 'Write a comment or drag your files here…' }).click();
      await onA.page.getByRole('textbox', { name: 'Comment', exact: true }).fill('Typed on A, live on B');
      const posted = onA.page.waitForResponse((r) => r.url().includes('/notes') && r.request().method() === 'POST');
      await onA.page.getByRole('button', { name: 'Comment', exact: true }).click();
      await posted;
      const sent = Date.now();
      await onB.page.getByText('Typed on A, live on B').waitFor({ timeout: 1_000 });
      expect(Date.now() - sent).toBeLessThan(1_000);
      const shots = '../../../../e2e/test-results';
      await onA.page.screenshot({ path: fileURLToPath(new URL(`${shots}/live-ws-a.png`, import.meta.url)) });
      await onB.page.screenshot({ path: fileURLToPath(new URL(`${shots}/live-ws-b.png`, import.meta.url)) });
      await Promise.all([onA.context.close(), onB.context.close()]);
    },
    60_000,
  );

  it.skipIf(!hasWebBuild)(
    'an epic page on B shows a comment posted through A within a second',
    async () => {
      const groupId = (
        await servers.handle?.db
          .selectFrom('namespaces')
          .select('id')
          .where('path', '=', 'live')
          .executeTakeFirstOrThrow()
      )?.id;
      const headers = { 'private-token': token, 'content-type': 'application/json' };
      const created = await fetch(`${servers.a?.url}/api/v4/groups/${groupId}/epics`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Watched epic' }),
      });
      expect(created.status).toBe(201);
      const epic = (await created.json()) as { id: number; iid: number };
      const { context, page } = await rootPageOn(servers.b);
      const polled = page.waitForResponse((r) => r.url().endsWith('/realtime_changes'), { timeout: 10_000 });
      await page.goto(`/groups/live/-/epics/${epic.iid}`);
      await page.getByRole('heading', { level: 1, name: 'Watched epic' }).waitFor();
      expect((await polled).status()).toBe(200); // the epic's realtime_changes; the socket is up by then
      const res = await fetch(`${servers.a?.url}/api/v4/groups/${groupId}/epics/${epic.id}/notes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body: 'An epic comment through A' }),
      });
      expect(res.status).toBe(201);
      const sent = Date.now();
      await page.getByText('An epic comment through A').waitFor({ timeout: 1_000 });
      expect(Date.now() - sent).toBeLessThan(1_000);
      await page.screenshot({
        path: fileURLToPath(new URL('../../../../e2e/test-results/live-ws-epic-b.png', import.meta.url)),
      });
      await context.close();
    },
    40_000,
  );

  it.skipIf(!hasWebBuild)(
    "a browser on B shows A's comment, title edit and state change within the poll interval",
    async () => {
      const { context, page } = await rootPageOn(servers.b);
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
      // The live socket is healthy, so the page polls every 30 s, not 3 s: none in the next 5 s.
      const polls: number[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('/realtime_changes')) polls.push(r.status());
      });
      await page.waitForTimeout(5_000);
      expect(polls).toEqual([]);
      // With the socket down, a poll (session cookie, its last ETag) is answered 304: nothing changed.
      const unchanged = await page.evaluate(async (url) => {
        const res = await fetch(url);
        const again = await fetch(url, { headers: { 'If-None-Match': res.headers.get('ETag') ?? '' } });
        return again.status;
      }, `${ISSUE_PAGE}/realtime_changes`);
      expect(unchanged).toBe(304);
      await page.screenshot({
        path: fileURLToPath(new URL('../../../../e2e/test-results/live-updates-b.png', import.meta.url)),
      });
      await context.close();
    },
    40_000,
  );
});
