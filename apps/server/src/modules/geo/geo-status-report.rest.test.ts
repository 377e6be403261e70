import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createToken, createUser } from '../../test/factories';
import { type StartedServer, startTestServer } from '../../test/started-server';
import { isFresh, lagSeconds, NOT_REPLICATING, OUTDATED, secondaryHealth } from './geo-status.service';
import { reportGeoStatus, startGeoStatusReporter } from './geo-status-reporter';
import { GEO_SIGNATURE_HEADER, geoSignatureHeader } from './geo-status-signature';

/**
 * GitLab's `POST /api/v4/geo/status` (Geo::MetricsUpdateWorker's report) on the primary: signed by
 * the secondary with its site's secret; the latest report merged into the site's status, offline
 * after 10 minutes. Over real HTTP: the reporter posts to the started server.
 */
let s: StartedServer;
let token = '';
let tokyo: { id: number; secret: string };
let london = 0;

const report = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    db_replication_lag_seconds: 3,
    wal_receive_lsn: '0/3000148',
    wal_replay_lsn: '0/3000100',
    last_event_timestamp: 1_790_000_000,
    wal_receiver_status: 'streaming',
    status_message: 'Healthy',
    version: '1.2.3',
    revision: 'abc1234',
    reported_at: Math.floor(Date.now() / 1000),
    ...overrides,
  });

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;
const json = async (res: Response): Promise<Json> => res.json();

const post = (body: string, headers: Record<string, string>) =>
  s.http('/api/v4/geo/status', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const signed = (body: string, site = tokyo.id, secret = tokyo.secret, at = Math.floor(Date.now() / 1000)) =>
  post(body, { [GEO_SIGNATURE_HEADER]: geoSignatureHeader(site, secret, at, body) });
const statusOf = async (id: number) =>
  json(await s.http(`/api/v4/geo_nodes/${id}/status`, { headers: { 'private-token': token } }));

beforeAll(async () => {
  s = await startTestServer();
  const admin = await createUser(s.db, { admin: true });
  token = await createToken(s.db, admin.id);
  const create = async (body: object) =>
    json(
      await s.http('/api/v4/geo_nodes', {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  london = (await create({ name: 'London', url: s.url, primary: true })).id;
  const id = (await create({ name: 'Tokyo', url: 'https://tokyo.example.com' })).id as number;
  const row = await s.db
    .selectFrom('geo_nodes')
    .select('status_signing_secret')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  tokyo = { id, secret: row.status_signing_secret };
});
afterAll(() => s.close());

describe('POST /api/v4/geo/status', () => {
  it('gives every site its own secret, never shown by the API', async () => {
    const secrets = await s.db.selectFrom('geo_nodes').select('status_signing_secret').execute();
    expect(new Set(secrets.map((r) => r.status_signing_secret)).size).toBe(2);
    expect(tokyo.secret).toMatch(/^[0-9a-f]{64}$/);
    const listed = await (await s.http('/api/v4/geo_nodes', { headers: { 'private-token': token } })).text();
    expect(listed).not.toContain(tokyo.secret);
    expect(listed).not.toContain('secret');
  });

  it('is 401 with a clear message when the signature is missing, malformed, wrong or stale; nothing stored', async () => {
    const body = report();
    const missing = await post(body, {});
    expect(missing.status).toBe(401);
    expect((await json(missing)).message).toBe(
      '401 Unauthorized: the x-meridian-geo-signature header is missing or malformed (site=<id>,t=<unix time>,v1=<hex>)',
    );
    expect((await post(body, { [GEO_SIGNATURE_HEADER]: 'site=1,t=2,v1=zz' })).status).toBe(401);
    const wrong = await signed(body, tokyo.id, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).message).toBe('401 Unauthorized: the signature does not match this site and report');
    // Signed for another body: the signature covers the exact bytes.
    const header = geoSignatureHeader(tokyo.id, tokyo.secret, Math.floor(Date.now() / 1000), body);
    expect((await post(report({ db_replication_lag_seconds: 0 }), { [GEO_SIGNATURE_HEADER]: header })).status).toBe(
      401,
    );
    const stale = await signed(body, tokyo.id, tokyo.secret, Math.floor(Date.now() / 1000) - 6 * 60);
    expect(stale.status).toBe(401);
    expect((await json(stale)).message).toBe('401 Unauthorized: the signature is more than 5 minutes old (or ahead)');
    expect(await s.db.selectFrom('geo_node_statuses').selectAll().execute()).toEqual([]);
  });

  it('is 404 for an unknown site, 400 naming the malformed field, 413 over 16 KB', async () => {
    const unknown = await signed(report(), 99_999);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: '404 GeoNode Not Found' });
    for (const [body, field] of [
      [report({ db_replication_lag_seconds: -1 }), 'db_replication_lag_seconds'],
      [report({ wal_receive_lsn: 'DROP TABLE' }), 'wal_receive_lsn'],
      [report({ status_message: 'x'.repeat(1025) }), 'status_message'],
      [report({ version: undefined }), 'version'],
      ['not json', 'body'],
    ] as const) {
      const res = await signed(body);
      expect(res.status, body.slice(0, 80)).toBe(400);
      expect((await json(res)).field).toBe(field);
    }
    const huge = await signed(report({ padding: 'x'.repeat(17 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await json(huge)).toEqual({ error: 'request body is too large (limit 16 KB)' });
    const primary = await s.db
      .selectFrom('geo_nodes')
      .select('status_signing_secret')
      .where('id', '=', london)
      .executeTakeFirstOrThrow();
    expect((await signed(report(), london, primary.status_signing_secret)).status).toBe(400);
    expect(await s.db.selectFrom('geo_node_statuses').selectAll().execute()).toEqual([]);
  });

  it('stores the latest report, one row per site, and the status shows it', async () => {
    const before = await statusOf(tokyo.id);
    // No standby streams in this test: the live check comes first.
    expect(before).toMatchObject({
      healthy: false,
      health: NOT_REPLICATING,
      last_successful_status_check_timestamp: null,
      last_event_timestamp: null,
      status_message: null,
      version: null,
    });
    expect((await signed(report({ db_replication_lag_seconds: 9 }))).status).toBe(201);
    const answer = await signed(report());
    expect(answer.status).toBe(201);
    expect(await json(answer)).toEqual({ received: true });
    const rows = await s.db.selectFrom('geo_node_statuses').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      geo_node_id: tokyo.id,
      db_replication_lag_seconds: 3,
      wal_replay_lsn: '0/3000100',
    });
    const status = await statusOf(tokyo.id);
    const now = Math.floor(Date.now() / 1000);
    expect(status.last_successful_status_check_timestamp).toBeGreaterThanOrEqual(now - 5);
    expect(status).toMatchObject({
      geo_node_id: tokyo.id,
      last_event_timestamp: 1_790_000_000,
      status_message: 'Healthy',
      version: '1.2.3',
      revision: 'abc1234',
      // No standby streams to this primary: the lag is unknown, whatever the report said.
      db_replication_lag_seconds: null,
    });
    const primary = (await json(await s.http('/api/v4/geo_nodes/status', { headers: { 'private-token': token } })))[0];
    expect(primary).toMatchObject({ geo_node_id: london, healthy: true, status_message: 'Healthy' });
    expect(primary.last_successful_status_check_timestamp).toBeGreaterThanOrEqual(now - 5);
  });
});

describe('the reporter', () => {
  it('measures, signs and posts a report the primary stores (a database that is no standby: not replicating)', async () => {
    await s.db.deleteFrom('geo_node_statuses').execute();
    await reportGeoStatus({
      db: s.db,
      externalUrl: 'https://tokyo.example.com',
      version: { version: '9.9.9', revision: 'r' },
    });
    const row = await s.db.selectFrom('geo_node_statuses').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      geo_node_id: tokyo.id,
      status_message: NOT_REPLICATING,
      wal_receive_lsn: null,
      version: '9.9.9',
    });
  });

  it('says which site it could not find, and logs a failure streak once', async () => {
    await expect(
      reportGeoStatus({
        db: s.db,
        externalUrl: 'https://nowhere.example.com',
        version: { version: '1', revision: 'r' },
      }),
    ).rejects.toThrow("no secondary Geo site has this process's URL, https://nowhere.example.com/");
    const lines: string[] = [];
    const reporter = startGeoStatusReporter({
      db: s.db,
      externalUrl: 'https://nowhere.example.com',
      intervalSeconds: 1,
      version: { version: '1', revision: 'r' },
      log: (line) => lines.push(line),
    });
    try {
      await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0), { timeout: 3_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      expect(lines).toEqual([
        "Geo status report failed (logged once until a report succeeds): no secondary Geo site has this process's URL, https://nowhere.example.com/",
      ]);
    } finally {
      reporter.stop();
    }
  });
});

describe('a secondary’s health', () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const ago = (minutes: number) => ({ last_successful_status_check_at: new Date(now.getTime() - minutes * 60_000) });
  const streaming = { state: 'streaming' };

  it('is offline, in GitLab’s words, when its standby streams but its last report is over 10 minutes old or never came', () => {
    expect(isFresh(ago(9.9), now)).toBe(true);
    expect(isFresh(ago(10.1), now)).toBe(false);
    expect(isFresh(undefined, now)).toBe(false);
    const healthy = { status_message: 'Healthy' };
    expect(secondaryHealth({ enabled: true }, streaming, healthy, true)).toBe('Healthy');
    expect(secondaryHealth({ enabled: true }, streaming, healthy, false)).toBe(OUTDATED);
    expect(secondaryHealth({ enabled: true }, streaming, undefined, false)).toBe(OUTDATED);
    expect(OUTDATED).toBe('Status has not been updated in the past 10 minutes');
  });

  it('says first that it is disabled, then that it does not replicate, then what its report says', () => {
    const report = { status_message: NOT_REPLICATING };
    expect(secondaryHealth({ enabled: false }, undefined, undefined, false)).toBe('Geo node is disabled.');
    expect(secondaryHealth({ enabled: true }, { state: 'catchup' }, undefined, false)).toBe(NOT_REPLICATING);
    expect(secondaryHealth({ enabled: true }, streaming, report, true)).toBe(NOT_REPLICATING);
  });

  it('takes the lag from the report when it is fresher than the live figure, and none without a standby', () => {
    const standby = {
      name: 'tokyo',
      state: 'streaming',
      lag_seconds: '2.4',
      reply_time: new Date(now.getTime() - 5_000),
    };
    const report = (secondsAgo: number, lag: number | null) => ({
      geo_node_id: 1,
      db_replication_lag_seconds: lag,
      last_event_date: null,
      status_message: 'Healthy',
      version: null,
      revision: null,
      last_successful_status_check_at: new Date(now.getTime() - secondsAgo * 1000),
    });
    expect(lagSeconds(standby, report(1, 7), true)).toBe(7);
    expect(lagSeconds(standby, report(9, 7), true)).toBe(2);
    expect(lagSeconds(standby, report(1, null), true)).toBe(2);
    expect(lagSeconds(standby, report(1, 7), false)).toBe(2);
    expect(lagSeconds({ ...standby, lag_seconds: null }, report(1, 7), true)).toBe(7);
    expect(lagSeconds(undefined, report(1, 7), true)).toBe(null);
    expect(lagSeconds(undefined, undefined, false)).toBe(null);
  });
});
