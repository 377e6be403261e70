import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { type PgBouncer, startPgBouncer } from '../test/pgbouncer';
import { pollUntilChanged } from '../test/poll-until-changed';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';
import { connect } from './connection';
import { migrate } from './migrate';

/**
 * docs/SCALING.md's PgBouncer set-up, for real: two `meridian start` processes whose DATABASE_URL is
 * a transaction-mode PgBouncer older than 1.21 (Debian 12 ships 1.18), so
 * DATABASE_PREPARED_STATEMENTS=off, with DATABASE_LISTEN_URL on PostgreSQL itself for the one
 * LISTEN connection each keeps. Writes, the prepared-by-default list reads and live events between
 * the two processes all work, and the queries do go through PgBouncer.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('two processes behind a transaction-mode PgBouncer', () => {
  let database: ThrowawayDatabase | undefined;
  let bouncer: PgBouncer | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let token = '';
  let projectId = 0;
  let name = '';

  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl ?? '', 'meridian_bouncer');
    name = new URL(database.url).pathname.slice(1);
    const handle = await connect({ url: database.url, poolSize: 1 });
    try {
      await migrate(handle.db);
      const user = await createUser(handle.db, { username: 'bouncer' });
      token = await createToken(handle.db, user.id);
      const group = await createGroup(handle.db, { path: 'pooled' });
      projectId = (await createProject(handle.db, { namespaceId: group.id, path: 'app' })).id;
      await addGroupMember(handle.db, group.id, user.id, AccessLevel.MAINTAINER);
    } finally {
      await handle.close();
    }
    bouncer = await startPgBouncer(baseUrl ?? '');
    const env = { DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_LISTEN_URL: database.url };
    [a, b] = await Promise.all([
      startServerProcess(bouncer.urlFor(name), env),
      startServerProcess(bouncer.urlFor(name), env),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await bouncer?.stop();
    await database?.drop();
  }, 60_000);

  const api = (server: ServerProcess | undefined, path: string, init: RequestInit = {}) =>
    fetch(`${server?.url}/api/v4/projects/${projectId}${path}`, {
      ...init,
      headers: { 'private-token': token, 'content-type': 'application/json', ...init.headers },
    });

  it('writes through one process, reads and hears them on the other', async () => {
    const before = await bouncer?.transactions(name);
    for (let i = 0; i < 30; i += 1) {
      const res = await api(i % 2 ? a : b, '/issues', {
        method: 'POST',
        body: JSON.stringify({ title: `Pooled ${i}`, labels: i % 3 ? 'bug' : 'feature' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const list = await api(b, '/issues?labels=bug&per_page=100');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total')).toBe('20');
    const graphql = await fetch(`${a?.url}/api/graphql`, {
      method: 'POST',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ project(fullPath: "pooled/app") { issues(labelName: ["feature"]) { count } } }',
      }),
    });
    expect(await graphql.json()).toEqual({ data: { project: { issues: { count: 10 } } } });

    // Live events: B's poll turns from 304 to 200 within a second of a write through A.
    const poll = (etag?: string) =>
      fetch(`${b?.url}/pooled/app/-/issues/1/realtime_changes`, {
        headers: { 'private-token': token, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const etag = (await poll()).headers.get('etag') ?? '';
    expect((await poll(etag)).status).toBe(304);
    await api(a, '/issues/1', { method: 'PUT', body: JSON.stringify({ title: 'Renamed through A' }) });
    const { answer, tookMs } = await pollUntilChanged(poll, etag);
    expect(answer.status).toBe(200);
    expect(tookMs).toBeLessThan(1_000);
    expect((await answer.json()) as object).toMatchObject({ title_text: 'Renamed through A' });

    expect((await bouncer?.transactions(name)) ?? 0).toBeGreaterThan((before ?? 0) + 30);
  }, 90_000);
});
