import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../db/connection';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/throwaway-database';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

/**
 * Two real `meridian start` processes on one PostgreSQL database both deliver webhooks from the
 * outbox. One is killed with SIGKILL while deliveries are in flight: every event still arrives, and
 * an event that arrives twice carries the same X-Gitlab-Event-UUID (at least once, never lost).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const EVENTS = 12;

describe.skipIf(!baseUrl)('webhook deliveries across two server processes, one killed (PostgreSQL)', () => {
  let database: ThrowawayDatabase | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;
  let receiver: WebhookReceiver | undefined;
  let token = '';
  let projectId = 0;

  beforeAll(async () => {
    database = await createThrowawayDatabase(baseUrl ?? '', 'meridian_webhooks');
    receiver = await startWebhookReceiver({ delayMs: 150 });
    a = await startServerProcess(database.url); // migrates first; B then finds it done
    handle = await connect({ url: database.url, poolSize: 2 });
    await handle.db
      .insertInto('application_settings')
      .values({ key: 'allow_local_requests_from_web_hooks_and_services', value: sql`'true'::jsonb` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value` }))
      .execute();
    b = await startServerProcess(database.url);
    const user = await createUser(handle.db, { username: 'hooker' });
    token = await createToken(handle.db, user.id);
    const group = await createGroup(handle.db, { path: 'hooks' });
    projectId = (await createProject(handle.db, { namespaceId: group.id, path: 'app' })).id;
    await addGroupMember(handle.db, group.id, user.id, AccessLevel.MAINTAINER);
    // Settings are cached by each process for a few seconds: wait until A reads the stored one.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const hook = await fetch(`${a.url}/api/v4/projects/${projectId}/hooks`, {
      method: 'POST',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url('/multi'), issues_events: true, push_events: false }),
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await handle?.close();
    await receiver?.close();
    await database?.drop();
  }, 60_000);

  it('every event arrives after a kill -9 of a delivering process; duplicates only with the same event UUID', async () => {
    for (let i = 1; i <= EVENTS; i++) {
      const res = await fetch(`${a?.url}/api/v4/projects/${projectId}/issues`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Event ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    const r = receiver as WebhookReceiver;
    await expect.poll(() => r.received.length, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const killed = a as ServerProcess;
    a = undefined; // dead: nothing to stop after the test
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    // The dead process's claims would be re-taken once their lease ran out; run the clock forward.
    await sql`UPDATE web_hook_deliveries SET claimed_at = now() - interval '1 hour'
      WHERE delivered_at IS NULL AND claimed_at IS NOT NULL`.execute(handle?.db as DatabaseHandle['db']);
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
            await (handle as DatabaseHandle).db
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
