import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { appContext } from '../../context';
import { AccessLevel } from '../../policy/access-levels';
import { useGroupProjectApp } from '../../test/group-project-app';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { expectFixedStatements } from '../../test/statement-count';
import { CLAIM_LEASE_SECONDS, claimDueEmails } from './notification-outbox';
import { startNotificationWorker } from './notification-worker';

/**
 * The outbox survives restarts: emails queued by one app instance (whose worker never got to them,
 * or failed, or died mid-send) are delivered by the next instance on the same database, through a
 * real SMTP server. Also: the recipients cost a fixed number of statements.
 */

let deadPort = 0;
let sink: SmtpSink | undefined;
let second: FastifyInstance | undefined;
const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '3600000' };
beforeAll(async () => {
  // A port nothing listens on: the first instance's SMTP server is down.
  const gone = await startSmtpSink();
  deadPort = gone.port;
  await gone.close();
  env.SMTP_URL = `smtp://mailer:secret@127.0.0.1:${deadPort}`;
});
afterAll(async () => {
  await second?.close();
  await sink?.close();
});

const t = useGroupProjectApp(
  {
    group: 'restart',
    prefix: 'rs-',
    members: {
      author: AccessLevel.DEVELOPER,
      ...Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((n) => [n, AccessLevel.DEVELOPER])),
    },
  },
  env,
);
const { api } = t;
let iid = 0;

beforeAll(async () => {
  const res = await api('POST', `/projects/${t.projectId}/issues`, 'author', { title: 'Restart' });
  iid = res.json().iid;
});

const comment = async (body: string) => {
  const res = await api('POST', `/projects/${t.projectId}/issues/${iid}/notes`, 'author', { body });
  expect(res.statusCode, res.body).toBe(201);
};

const outbox = () => t.db.selectFrom('notification_emails').selectAll().orderBy('id').execute();

describe('the notification outbox', () => {
  it('a comment queues its emails in a fixed number of statements whatever the number of recipients', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    await expectFixedStatements(
      t.database,
      (size) =>
        comment(
          names
            .slice(0, size)
            .map((n) => `@rs-${n}`)
            .join(' '),
        ),
      [1, 6],
      40,
    );
    const rows = await outbox();
    expect(rows.map((r) => r.to_address).sort()).toEqual(
      ['a', 'a', 'b', 'c', 'd', 'e', 'f'].map((n) => `rs-${n}@example.com`),
    );
    expect(rows.every((r) => r.sent_at === null && r.attempts === 0)).toBe(true);
  });

  it('a failed send keeps the row and schedules a retry with backoff', async () => {
    const worker = startNotificationWorker(t.db, nodemailer.createTransport(env.SMTP_URL as string), {
      from: 'Meridian <notify@example.com>',
      pollIntervalMs: 3_600_000,
    });
    await worker.pollNow();
    await worker.stop();
    const rows = await outbox();
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row.sent_at).toBeNull();
      expect(row.claimed_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    // Nothing is due now: another claim takes nothing.
    expect(await claimDueEmails(t.db)).toEqual([]);
  });

  it('claims never hand one row to two workers, and a live claim is left alone', async () => {
    await sql`UPDATE notification_emails SET next_attempt_at = now()`.execute(t.db);
    const [one, two] = await Promise.all([claimDueEmails(t.db), claimDueEmails(t.db)]);
    const ids = [...(one ?? []), ...(two ?? [])].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(7);
    expect(await claimDueEmails(t.db)).toEqual([]);
  });

  it('a new instance on the same database delivers everything queued, re-claiming rows whose claim went stale', async () => {
    await t.app.close();
    // Five of the claims are stale (their process died mid-send); two are live claims of another process.
    const rows = await outbox();
    const stale = rows.slice(0, 5).map((r) => r.id);
    await sql`UPDATE notification_emails SET claimed_at = now() - make_interval(secs => ${CLAIM_LEASE_SECONDS + 60})
      WHERE id IN (${sql.join(stale)})`.execute(t.db);
    sink = await startSmtpSink();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SMTP_URL: sink.url,
      SMTP_POLL_INTERVAL_MS: '50',
    });
    second = await buildApp(appContext(config, t.database));
    await second.ready();
    const received = await sink.waitFor(5);
    expect(received.flatMap((e) => e.to).sort()).toEqual(
      rows
        .slice(0, 5)
        .map((r) => r.to_address)
        .sort(),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(5);
    const after = await outbox();
    expect(after.filter((r) => r.sent_at !== null).map((r) => r.id)).toEqual(stale);
    // Attempts: the failed one, the claim the dead process made, this delivery.
    expect(after.filter((r) => r.sent_at !== null).every((r) => r.attempts === 3 && r.last_error === null)).toBe(true);

    // The other process's lease runs out: the last two go too.
    await sql`UPDATE notification_emails SET claimed_at = now() - make_interval(secs => ${CLAIM_LEASE_SECONDS + 60})
      WHERE sent_at IS NULL`.execute(t.db);
    await sink.waitFor(7);
    // The last row is marked sent right after the SMTP server accepted it.
    await expect.poll(async () => (await outbox()).every((r) => r.sent_at !== null)).toBe(true);
    expect(String(sink.received[0]?.parsed.subject)).toBe(`Re: app | Restart (#${iid})`);
  });
});
