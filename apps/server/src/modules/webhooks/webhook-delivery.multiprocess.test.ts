import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection';
import type { ServerProcess } from '../../test/server-process';
import { useTwoServerProcesses } from '../../test/two-server-processes';
import { allowLocalWebhooks, hookedProject } from '../../test/webhook-project';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

/**
 * Two real `meridian start` processes on one PostgreSQL database both deliver webhooks from the
 * outbox. One is killed with SIGKILL while deliveries are in flight: every event still arrives, and
 * an event that arrives twice carries the same X-Gitlab-Event-UUID (at least once, never lost).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const EVENTS = 12;

describe.skipIf(!baseUrl)('webhook deliveries across two server processes, one killed (PostgreSQL)', () => {
  const servers = useTwoServerProcesses(baseUrl ?? '', { name: 'meridian_webhooks', beforeB: allowLocalWebhooks });
  let receiver: WebhookReceiver | undefined;
  let token = '';
  let projectId = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ delayMs: 150 });
    const { db } = servers.handle as DatabaseHandle;
    ({ token, projectId } = await hookedProject(db, servers.a?.url ?? '', receiver.url('/multi'), 'hooks'));
  }, 120_000);

  afterAll(async () => {
    await receiver?.close();
  });

  it('every event arrives after a kill -9 of a delivering process; duplicates only with the same event UUID', async () => {
    for (let i = 1; i <= EVENTS; i++) {
      const res = await fetch(`${servers.a?.url}/api/v4/projects/${projectId}/issues`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Event ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    const r = receiver as WebhookReceiver;
    await expect.poll(() => r.received.length, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const killed = servers.a as ServerProcess;
    servers.a = undefined; // dead: nothing to stop after the test
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    // The dead process's claims would be re-taken once their lease ran out; run the clock forward.
    await sql`UPDATE web_hook_deliveries SET claimed_at = now() - interval '1 hour'
      WHERE delivered_at IS NULL AND claimed_at IS NOT NULL`.execute(servers.handle?.db as DatabaseHandle['db']);
    await expect
      .poll(() => new Set(r.received.map((h) => h.headers['x-gitlab-event-uuid'])).size, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(EVENTS);
    const titles = new Map<string, Set<string>>();
    for (const h of r.received) {
      const title = (h.body.object_attributes as { title: string }).title;
      const uuid = String(h.headers['x-gitlab-event-uuid']);
      titles.set(title, (titles.get(title) ?? new Set()).add(uuid));
    }
    expect([...titles.keys()].sort()).toEqual(Array.from({ length: EVENTS }, (_, i) => `Event ${i + 1}`).sort());
    // However often an event arrived, it kept its one UUID.
    for (const uuids of titles.values()) expect(uuids.size).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await (servers.handle as DatabaseHandle).db
              .selectFrom('web_hook_deliveries')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('delivered_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        { timeout: 10_000 },
      )
      .toBe('0');
  }, 120_000);
});
