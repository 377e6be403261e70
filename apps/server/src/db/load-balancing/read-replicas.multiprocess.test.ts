import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import { type ReplicaPair, startReplicaPair } from '../../test/pg-replica-pair';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { connect, type DatabaseHandle } from '../connection';
import { runWithRequestTarget } from './request-target';

/**
 * Read replicas on a real streaming standby (test/pg-replica-pair.ts). Pausing the standby's replay
 * (`pg_wal_replay_pause()`) makes where a read ran visible: what a replica has not replayed, a read
 * there does not find. Runs with the PostgreSQL suites (`npm run test:pg`).
 */
const runs = Boolean(process.env.TEST_DATABASE_URL);
const REPORTER = 20;

describe.skipIf(!runs)('Read replicas (DATABASE_REPLICA_URLS)', () => {
  let pair: ReplicaPair | undefined;
  let server: ServerProcess | undefined;
  let primary: DatabaseHandle | undefined;
  let standby: DatabaseHandle | undefined;
  let projectId = 0;
  const tokens = { alice: '', bob: '' };

  const api = async (who: keyof typeof tokens, method: string, path: string, body?: object) => {
    const res = await fetch(`${server?.url}/api/v4${path}`, {
      method,
      headers: { 'private-token': tokens[who], ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const issueCount = async (who: keyof typeof tokens) => {
    const res = await fetch(`${server?.url}/api/graphql`, {
      method: 'POST',
      headers: { 'private-token': tokens[who], 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ project(fullPath: "north/app") { issues { count } } }' }),
    });
    return ((await res.json()) as { data: { project: { issues: { count: number } } } }).data.project.issues.count;
  };
  const replay = async (action: 'pause' | 'resume') => {
    await sql.raw(`SELECT pg_wal_replay_${action}()`).execute((standby as DatabaseHandle).db);
  };
  /** Until the standby has replayed all the primary has written (5 s at most). */
  const caughtUp = async () => {
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(
      (primary as DatabaseHandle).db,
    );
    const replayed = async () =>
      (
        await sql<{ done: boolean }>`SELECT pg_last_wal_replay_lsn() >= ${rows[0]?.lsn}::pg_lsn AS done`.execute(
          (standby as DatabaseHandle).db,
        )
      ).rows[0]?.done;
    const deadline = Date.now() + 5_000;
    while (!(await replayed())) {
      if (Date.now() > deadline) throw new Error('the standby did not catch up within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    pair = await startReplicaPair('replica1');
    // The first start migrates the primary; the replica follows.
    server = await startServerProcess(pair.primaryUrl, { DATABASE_REPLICA_URLS: pair.standbyUrl });
    primary = await connect({ url: pair.primaryUrl, poolSize: 2 });
    standby = await connect({ url: pair.standbyUrl, poolSize: 1 });
    const group = await createGroup(primary.db, { path: 'north', visibility: 0 });
    projectId = (await createProject(primary.db, { namespaceId: group.id, path: 'app', visibility: 0 })).id;
    for (const who of ['alice', 'bob'] as const) {
      const user = await createUser(primary.db, { username: who });
      await addGroupMember(primary.db, group.id, user.id, REPORTER);
      tokens[who] = await createToken(primary.db, user.id);
    }
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    await replay('resume').catch(() => undefined);
    await stopServerProcess(server);
    await primary?.close();
    await standby?.close().catch(() => undefined);
    await pair?.stop();
  }, 60_000);

  it('reads a writer’s own write on the primary, while others read the replica, until it has replayed it', async () => {
    await replay('pause');
    const created = await api('alice', 'POST', `/projects/${projectId}/issues`, {
      title: 'Written while replay waits',
    });
    expect(created.status).toBe(201);
    const path = `/projects/${projectId}/issues/${created.json.iid}`;
    // Alice wrote it: her reads (REST and GraphQL) find it on the primary.
    expect((await api('alice', 'GET', path)).status).toBe(200);
    expect(await issueCount('alice')).toBe(1);
    // Bob did not: his read runs on the paused replica, which has not replayed it yet.
    expect((await api('bob', 'GET', path)).status).toBe(404);
    expect(await issueCount('bob')).toBe(0);
    await replay('resume');
    await expect.poll(async () => (await api('bob', 'GET', path)).status, { timeout: 5_000, interval: 50 }).toBe(200);
    expect(await issueCount('bob')).toBe(1);
  }, 30_000);

  it('sends the writer’s reads back to the replica once it has caught up', async () => {
    await caughtUp();
    await replay('pause');
    const bobs = await api('bob', 'POST', `/projects/${projectId}/issues`, { title: 'Bob writes now' });
    expect(bobs.status).toBe(201);
    // Alice's last write is replayed: she reads on the (paused) replica, which lacks Bob's issue.
    expect((await api('alice', 'GET', `/projects/${projectId}/issues/${bobs.json.iid}`)).status).toBe(404);
    expect(await issueCount('alice')).toBe(1);
    expect(await issueCount('bob')).toBe(2);
    await replay('resume');
  }, 30_000);

  it('runs a read’s write, and a transaction, on the primary; the rest of that request stays there', async () => {
    await caughtUp();
    const balanced = await connect({
      url: (pair as ReplicaPair).primaryUrl,
      replicaUrls: [(pair as ReplicaPair).standbyUrl],
      poolSize: 2,
    });
    try {
      const host = balanced.replicas?.hosts[0];
      expect(host?.online).toBe(true);
      await replay('pause');
      await sql`CREATE TABLE IF NOT EXISTS lb_probe (id int)`.execute((primary as DatabaseHandle).db);
      const target = { replica: host ?? null, wrote: false, read: true };
      const seen = await new Promise<{ before: number; after: number; inTransaction: number }>((resolve, reject) => {
        runWithRequestTarget(target, () => {
          (async () => {
            // On the paused replica: the table made after the pause is not there yet.
            const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'lb_probe'`
              .execute(balanced.db)
              .then((r) => r.rows[0]?.n ?? -1);
            const inTransaction = await balanced.db
              .transaction()
              .execute(async (trx) =>
                sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'lb_probe'`
                  .execute(trx)
                  .then((r) => r.rows[0]?.n ?? -1),
              );
            await sql`INSERT INTO lb_probe VALUES (1)`.execute(balanced.db);
            const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM lb_probe`
              .execute(balanced.db)
              .then((r) => r.rows[0]?.n ?? -1);
            return { before, after, inTransaction };
          })().then(resolve, reject);
        });
      });
      expect(seen).toEqual({ before: 0, inTransaction: 1, after: 1 });
      expect(target).toMatchObject({ replica: null, wrote: true });
    } finally {
      await replay('resume');
      await balanced.close();
    }
  }, 30_000);

  it('serves every read from the primary while the replica is down, and uses it again when it is back', async () => {
    await caughtUp();
    await standby?.close();
    standby = undefined;
    await pair?.stopStandby();
    const created = await api('alice', 'POST', `/projects/${projectId}/issues`, { title: 'While the replica is down' });
    expect(created.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await api('bob', 'GET', `/projects/${projectId}/issues/${created.json.iid}`)).status).toBe(200);
    }
    await expect.poll(() => server?.output(), { timeout: 5_000 }).toContain('is offline');
    await pair?.startStandby();
    standby = await connect({ url: (pair as ReplicaPair).standbyUrl, poolSize: 1 });
    await expect
      .poll(() => server?.output().match(/is online/g)?.length ?? 0, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    await caughtUp();
    await replay('pause');
    const later = await api('alice', 'POST', `/projects/${projectId}/issues`, { title: 'After the replica came back' });
    // Bob reads on the replica again: it has not replayed Alice's newest issue.
    expect((await api('bob', 'GET', `/projects/${projectId}/issues/${later.json.iid}`)).status).toBe(404);
    await replay('resume');
  }, 60_000);
});
