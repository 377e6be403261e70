import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runsBackgroundWorkers } from '../../config';
import type { AppContext } from '../../context';
import { type OutboxWorkerHandle, runOutboxWorker } from '../../db/outbox-worker-lifecycle';
import type { CsvExportComposer } from './notification-worker';

/**
 * Email notifications, when SMTP_URL is set: the services queue emails (their context's
 * `config.mail`, mail-settings.ts) and this
 * process's outbox worker sends them through nodemailer from the moment the app is ready until it
 * closes. Without SMTP_URL nothing is queued and no worker runs, and nodemailer and the worker are
 * never loaded (they import only when SMTP_URL is set: ~12 MiB of a process's memory otherwise).
 * `composeCsvExport` (modules/csv-exports, handed over by app.ts: an effect does not import a
 * writer) builds the attachment of a queued CSV export when its email is sent.
 */
const mailer: FastifyPluginAsync<{ ctx: AppContext; composeCsvExport?: CsvExportComposer }> = async (
  app,
  { ctx, composeCsvExport },
) => {
  const url = ctx.config.SMTP_URL;
  const mail = ctx.services.mail;
  if (!url || !mail) return;
  const worker = runOutboxWorker(app, runsBackgroundWorkers(ctx.config), async () => {
    const [{ default: nodemailer }, { startNotificationWorker }] = await Promise.all([
      import('nodemailer'),
      import('./notification-worker'),
    ]);
    return startNotificationWorker(ctx.database.db, nodemailer.createTransport(url), {
      from: mail.from,
      pollIntervalMs: ctx.config.SMTP_POLL_INTERVAL_MS,
      onError: (error) => app.log.error({ err: error }, 'notification email worker'),
      ...(composeCsvExport ? { composeCsvExport } : {}),
    });
  });
  app.decorate('notificationWorker', worker);
};

export const notificationMailerPlugin = fp(mailer, { name: 'notification-mailer' });

declare module 'fastify' {
  interface FastifyInstance {
    notificationWorker?: OutboxWorkerHandle;
  }
}
