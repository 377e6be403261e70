import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../db/connection';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database';
import { allowLocalWebhooks, hookedProject } from '../test/webhook-project';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

/**
 * `meridian start --role web` serves HTTP and leaves the outbox to `--role worker` processes on the
 * same PostgreSQL: a webhook queued by the web process is not delivered until a worker runs, then
 * the worker delivers it (and serves no HTTP itself).
 */
const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('web and worker roles on one PostgreSQL', () => {
  let database: ThrowawayDatabase | undefined;
  let web: ServerProcess | undefined;
  let worker: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;
  let receiver: WebhookReceiver | undefined;
  let token = '';
  let projectId = 0;

  const createIssue = async (title: string) => {
    const res = await fetch(`${web?.url}/api/v4/projects/${projectId}/issues`, {
      method: 'POST',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    expect(res.status).toBe(201);
  };
  const titlesReceived = () =>
    (receiver?.received ?? []).map(
      (r) => (r.body as { object_attributes?: { title?: string } }).object_attributes?.title,
    );

  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl ?? '', 'meridian_roles');
    receiver = await startWebhookReceiver();
    web = await startServerProcess(database.url, { WEBHOOK_POLL_INTERVAL_MS: '100' }, ['--role', 'web']);
    handle = await connect({ url: database.url, poolSize: 2 });
    await allowLocalWebhooks(handle.db);
    ({ token, projectId } = await hookedProject(handle.db, web.url, receiver.url('/roles'), 'roles'));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(web), stopServerProcess(worker)]);
    await handle?.close();
    await receiver?.close();
    await database?.drop();
  }, 60_000);

  it('delivers nothing from a web-only process; a worker process delivers what was queued', async () => {
    expect(web?.output()).toContain('(web only: no background workers)');
    await createIssue('Queued while no worker runs');
    const queued = await handle?.db
      .selectFrom('web_hook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('delivered_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(queued?.n)).toBe(1);
    // The web process polls nothing: three seconds (thirty of its poll intervals) bring no delivery.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(titlesReceived()).toEqual([]);

    worker = await startServerProcess((database as ThrowawayDatabase).url, { WEBHOOK_POLL_INTERVAL_MS: '100' }, [
      '--role',
      'worker',
    ]);
    expect(worker.url).toBe('');
    await expect.poll(titlesReceived, { timeout: 20_000, interval: 50 }).toEqual(['Queued while no worker runs']);

    await createIssue('Created with a worker running');
    await expect
      .poll(titlesReceived, { timeout: 20_000, interval: 50 })
      .toEqual(['Queued while no worker runs', 'Created with a worker running']);
  }, 90_000);
});
