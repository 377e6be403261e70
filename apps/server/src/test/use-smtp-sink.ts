import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/connection';
import { type ReceivedEmail, type SmtpSink, startSmtpSink } from './smtp-sink';

/** The file's SMTP sink, read through at call time. */
export type SmtpSinkHandle = Pick<SmtpSink, 'received' | 'waitFor'>;

/**
 * One SMTP sink for the whole test file: registers a `beforeAll` that starts it and points
 * `env.SMTP_URL` at it, and an `afterAll` that closes it. Call it before the app that takes `env`,
 * so the sink is listening when the app is built.
 */
export function useSmtpSink(env: Record<string, string>): SmtpSinkHandle {
  let sink: SmtpSink | undefined;
  const current = (): SmtpSink => {
    if (!sink) throw new Error('the SMTP sink starts in beforeAll');
    return sink;
  };
  beforeAll(async () => {
    sink = await startSmtpSink();
    env.SMTP_URL = sink.url;
  });
  afterAll(async () => {
    await sink?.close();
  });
  return {
    get received() {
      return current().received;
    },
    waitFor: (count, timeoutMs) => current().waitFor(count, timeoutMs),
  };
}

/** Waits until the email outbox holds nothing left to send, then answers what `sink` received since `mark`. */
export async function deliveredSince(
  db: Database,
  sink: SmtpSinkHandle,
  mark: number,
  timeoutMs = 10_000,
): Promise<ReceivedEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await db
      .selectFrom('notification_emails')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) break;
    if (Date.now() > deadline) throw new Error(`${pending.n} emails still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sink.received.slice(mark);
}
