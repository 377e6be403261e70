import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { externalBaseUrl } from '../namespaces';
import { setMailSettings } from './mail-settings';
import type { startNotificationWorker } from './notification-worker';

/**
 * Email notifications, when SMTP_URL is set: the services queue emails (mail-settings.ts) and this
 * process's outbox worker sends them through nodemailer from the moment the app is ready until it
 * closes. Without SMTP_URL nothing is queued and no worker runs, and nodemailer and the worker are
 * never loaded (they import only when SMTP_URL is set: ~12 MiB of a process's memory otherwise).
 */
const mailer: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const url = ctx.config.SMTP_URL;
  if (!url) return;
  const baseUrl = externalBaseUrl(ctx);
  const host = new URL(baseUrl).hostname;
  const from = ctx.config.SMTP_FROM ?? `Meridian <meridian@${host.includes('.') ? host : `${host}.localdomain`}>`;
  setMailSettings({ from, baseUrl, host });
  let worker: ReturnType<typeof startNotificationWorker> | undefined;
  app.addHook('onReady', async () => {
    const [{ default: nodemailer }, { startNotificationWorker }] = await Promise.all([
      import('nodemailer'),
      import('./notification-worker'),
    ]);
    worker = startNotificationWorker(ctx.database.db, nodemailer.createTransport(url), {
      from,
      pollIntervalMs: ctx.config.SMTP_POLL_INTERVAL_MS,
      onError: (error) => app.log.error({ err: error }, 'notification email worker'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    setMailSettings(null);
  });
  app.decorate('notificationWorker', {
    pollNow: async () => worker?.pollNow(),
  });
};

export const notificationMailerPlugin = fp(mailer, { name: 'notification-mailer' });

declare module 'fastify' {
  interface FastifyInstance {
    notificationWorker?: { pollNow: () => Promise<void> };
  }
}
