import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type DatabaseHandle } from '../../db/connection';
import { launchChromium } from '../../test/chromium';
import { createGroup, createProject, createToken, createUser } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { type ReplicaPair, startReplicaPair } from '../../test/pg-replica-pair';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { hasWebBuild } from '../../test/web-app-server';

/**
 * Geo sites on a real streaming replica: a PostgreSQL primary and a standby made with
 * `pg_basebackup -R` (test/pg-replica-pair.ts), Meridian serving each — the secondary site on the
 * standby. The secondary serves reads and refuses writes with the primary's URL; its health and lag
 * come from the primary's pg_stat_replication and the status reports the secondary posts every second;
 * stopping the standby turns it unhealthy, starting it again healthy; a secondary that stops reporting
 * shows offline. Runs with the PostgreSQL suites (`npm run test:pg`).
 */
const runs = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!runs)('Geo sites on a real primary and standby', () => {
  let pair: ReplicaPair | undefined;
  let server: ServerProcess | undefined;
  let secondary: ServerProcess | undefined;
  let projectId = 0;
  let primary: DatabaseHandle | undefined;
  let standby: DatabaseHandle | undefined;
  let token = '';
  let tokyoId = 0;
  let secondaryUrl = '';

  const api = async (method: string, path: string, body?: object, on = server) => {
    const res = await fetch(`${on?.url}/api/v4${path}`, {
      method,
      headers: { 'private-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const tokyoStatus = async () => (await api('GET', `/geo_nodes/${tokyoId}/status`)).json;

  beforeAll(async () => {
    pair = await startReplicaPair('tokyo');
    server = await startServerProcess(pair.primaryUrl);
    primary = await connect({ url: pair.primaryUrl, poolSize: 2 });
    const admin = await createUser(primary.db, { username: 'geo-admin', admin: true });
    token = await createToken(primary.db, admin.id);
    expect((await api('POST', '/geo_nodes', { name: 'London', url: server.url, primary: true })).status).toBe(201);
    // The secondary knows which site it is by its external URL: it must be the site's URL.
    secondaryUrl = `http://127.0.0.1:${await freePort()}`;
    const tokyo = await api('POST', '/geo_nodes', { name: 'Tokyo', url: secondaryUrl });
    expect(tokyo.status).toBe(201);
    tokyoId = tokyo.json.id as number;
    const group = await createGroup(primary.db, { path: 'far', visibility: 0 });
    projectId = (await createProject(primary.db, { namespaceId: group.id, path: 'app', visibility: 0 })).id;
    const replica = await connect({ url: pair.standbyUrl, poolSize: 1 });
    standby = replica;
    // The secondary reads its sites when it starts: wait until the standby has replayed them (on a
    // loaded machine it may lag, and the secondary would not know the primary's URL).
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM geo_nodes`.execute(replica.db);
        if (rows[0]?.n !== 2) throw new Error('the standby has not replayed the sites yet');
      },
      { timeout: 15_000, interval: 50 },
    );
    // The secondary site: Meridian on the standby, hearing live events from the primary, reporting
    // its status every second.
    secondary = await startServerProcess(pair.standbyUrl, {
      DATABASE_LISTEN_URL: pair.primaryUrl,
      PORT: new URL(secondaryUrl).port,
      MERIDIAN_EXTERNAL_URL: secondaryUrl,
      GEO_STATUS_INTERVAL_SECONDS: '1',
    });
  }, 120_000);

  afterAll(async () => {
    await stopServerProcess(secondary);
    await stopServerProcess(server);
    await primary?.close();
    await standby?.close().catch(() => undefined);
    await pair?.stop();
  }, 60_000);

  it('has the secondary report its status to the primary within a few seconds, signed, every second', async () => {
    const started = Math.floor(Date.now() / 1000);
    await expect
      .poll(async () => (await tokyoStatus()).last_successful_status_check_timestamp, { timeout: 5_000, interval: 100 })
      .toEqual(expect.any(Number));
    const first = await tokyoStatus();
    expect(first).toMatchObject({
      healthy: true,
      health: 'Healthy',
      status_message: 'Healthy',
      health_status: 'Healthy',
    });
    expect(first.last_successful_status_check_timestamp as number).toBeGreaterThanOrEqual(started - 1);
    expect(first.version).toEqual(expect.any(String));
    expect(first.last_event_timestamp).toEqual(expect.any(Number));
    const stored = await sql<{ wal_receiver_status: string; wal_replay_lsn: string }>`
      SELECT wal_receiver_status, wal_replay_lsn FROM geo_node_statuses WHERE geo_node_id = ${tokyoId}`.execute(
      (primary as DatabaseHandle).db,
    );
    expect(stored.rows[0]).toMatchObject({
      wal_receiver_status: 'streaming',
      wal_replay_lsn: expect.stringMatching(/\//),
    });
    // The next report replaces it within a couple of seconds.
    await expect
      .poll(async () => (await tokyoStatus()).last_successful_status_check_timestamp, { timeout: 5_000, interval: 200 })
      .toBeGreaterThan(first.last_successful_status_check_timestamp as number);
    expect(secondary?.output()).not.toContain('Geo status report failed');
  }, 30_000);

  it('replicates a write to the standby within 2 s, and reports the secondary healthy with its lag', async () => {
    const written = Date.now();
    expect((await api('POST', '/geo_nodes', { name: 'Sydney', url: 'https://sydney.example.com' })).status).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM geo_nodes WHERE name = 'Sydney'`.execute(
              (standby as DatabaseHandle).db,
            )
          ).rows[0]?.n,
        { timeout: 2_000, interval: 20 },
      )
      .toBe(1);
    expect(Date.now() - written).toBeLessThan(2_000);
    const status = await tokyoStatus();
    expect(status).toMatchObject({
      geo_node_id: tokyoId,
      healthy: true,
      health: 'Healthy',
      replication_state: 'streaming',
    });
    expect(status.db_replication_lag_seconds).toEqual(expect.any(Number));
    expect(status.db_replication_lag_seconds as number).toBeLessThan(5);
    const all = (await api('GET', '/geo_nodes/status')).json as unknown as { geo_node_id: number; healthy: boolean }[];
    expect(all.map((s) => s.healthy)).toEqual([true, true, false]); // London, Tokyo, and Sydney (no standby of that name)
  }, 30_000);

  it('serves reads on the secondary site and refuses its writes with the primary’s URL', async () => {
    expect(secondary?.output()).toContain('Geo secondary site: the database is a read-only standby');
    const created = await api('POST', `/projects/${projectId}/issues`, { title: 'Written on the primary' });
    expect(created.status).toBe(201);
    const written = Date.now();
    await expect
      .poll(
        async () =>
          (await api('GET', `/projects/${projectId}/issues/${created.json.iid}`, undefined, secondary)).status,
        {
          timeout: 2_000,
          interval: 20,
        },
      )
      .toBe(200);
    expect(Date.now() - written).toBeLessThan(2_000);

    const refused = await api(
      'POST',
      `/projects/${projectId}/issues`,
      { title: 'Written on the secondary' },
      secondary,
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      `You cannot perform write operations on a read-only instance. This is a secondary Geo site: make changes on the primary site, ${server?.url}/.`,
    );
    expect(
      (await api('PUT', `/projects/${projectId}/issues/${created.json.iid}`, { title: 'x' }, secondary)).status,
    ).toBe(403);
    expect((await api('DELETE', `/geo_nodes/${tokyoId}`, undefined, secondary)).status).toBe(403);

    const graphql = (query: string) =>
      fetch(`${secondary?.url}/api/graphql`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      }).then((r) => r.json() as Promise<{ data?: unknown; errors?: { message: string }[] }>);
    expect(await graphql('{ project(fullPath: "far/app") { issues { count } } }')).toEqual({
      data: { project: { issues: { count: 1 } } },
    });
    const mutation = await graphql(
      `mutation { updateIssue(input: { projectPath: "far/app", iid: "${created.json.iid}", title: "Through GraphQL" }) { errors } }`,
    );
    expect(mutation.errors?.[0]?.message).toContain('You cannot perform write operations on a read-only instance.');
    const config = await (await fetch(`${secondary?.url}/-/config.json`)).json();
    expect(config).toMatchObject({ geo_secondary: true, geo_primary_url: `${server?.url}/` });

    if (hasWebBuild) {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${secondary?.url}/users/sign_in`);
        const banner = page.getByText('You are on a secondary, read-only Geo site.');
        await banner.waitFor();
        expect(await page.getByRole('link', { name: 'Go to the primary site' }).getAttribute('href')).toBe(
          `${server?.url}/`,
        );
        const shot = new URL('../../../../../e2e/test-results/geo-secondary-banner.png', import.meta.url);
        await page.screenshot({ path: fileURLToPath(shot) });
        await page.goto(`${server?.url}/users/sign_in`);
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        expect(await page.getByText('You are on a secondary, read-only Geo site.').count()).toBe(0);
      } finally {
        await browser.close();
      }
    }
  }, 60_000);

  it('turns the secondary unhealthy when its standby stops, and healthy again when it comes back', async () => {
    await standby?.close();
    standby = undefined;
    await pair?.stopStandby();
    await expect.poll(async () => (await tokyoStatus()).healthy, { timeout: 10_000, interval: 100 }).toBe(false);
    expect(await tokyoStatus()).toMatchObject({
      health: 'Geo node does not appear to be replicating the database from the primary node.',
      health_status: 'Unhealthy',
      db_replication_lag_seconds: null,
    });
    await pair?.startStandby();
    await expect.poll(async () => (await tokyoStatus()).healthy, { timeout: 20_000, interval: 200 }).toBe(true);
  }, 60_000);

  it('logs a failing streak of reports once, reports again when it can, and shows offline when it stops', async () => {
    // The standby's outage failed the secondary's reports; once back it reports again.
    const restarted = Math.floor(Date.now() / 1000);
    await expect
      .poll(async () => (await tokyoStatus()).last_successful_status_check_timestamp, {
        // A report caught on a connection the standby's restart left dead gives up after 10 s.
        timeout: 30_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(restarted);
    const failures = (secondary?.output() ?? '').match(/Geo status report failed/g) ?? [];
    expect(failures.length).toBeLessThanOrEqual(1);
    // The site's Meridian stops (its standby keeps streaming): once its last report is over 10
    // minutes old — aged here rather than waited for — the site shows offline.
    await stopServerProcess(secondary);
    secondary = undefined;
    await sql`UPDATE geo_node_statuses SET last_successful_status_check_at = now() - interval '11 minutes'`.execute(
      (primary as DatabaseHandle).db,
    );
    expect(await tokyoStatus()).toMatchObject({
      healthy: false,
      health: 'Status has not been updated in the past 10 minutes',
      health_status: 'Offline',
      replication_state: 'streaming',
    });
  }, 60_000);
});
