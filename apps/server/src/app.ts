import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { authPlugin } from './auth/auth.plugin';
import { sessionRoutes } from './auth/session.routes';
import { trustProxySetting } from './config';
import type { AppContext } from './context';
import { loadBalancingPlugin } from './db/load-balancing/load-balancing.plugin';
import { fileRemovalPlugin } from './file-store/file-removals.plugin';
import { graphqlPlugin } from './graphql/graphql.plugin';
import { tanukiBotRoutes } from './modules/ai/routes';
import { clientConfigRoutes } from './modules/application-settings/routes';
import { suggestionRoutes } from './modules/autocomplete/routes';
import { countriesRoutes, purchaseRoutes, stripeWebhookRoutes } from './modules/billing/routes';
import { composeCsvExportEmail } from './modules/csv-exports';
import { csvExportEmailRoutes } from './modules/csv-exports/routes';
import {
  epicExportRoutes,
  epicPageJsonRoutes,
  epicRelationsWebRoutes,
  epicTreeLinksRoutes,
} from './modules/epics/routes';
import { geoStatusReportRoutes, refuseWritesOnSecondary, signInThroughPrimary } from './modules/geo/routes';
import { groupExportPlugin } from './modules/group-transfer/routes';
import { importCsvRoutes, importPlugin, sourceUserReviewRoutes } from './modules/imports/routes';
import { escalationPagingPlugin, metricImageFileRoutes } from './modules/incidents/routes';
import { issueExportRoutes, issuePageRoutes } from './modules/issues/routes';
import { mergeRequestExportRoutes } from './modules/merge-requests/routes';
import { moderationWebRoutes } from './modules/moderation/routes';
import { notificationMailerPlugin } from './modules/notifications/routes';
import { statusCheckPlugin } from './modules/status-checks/routes';
import { projectUploadRoutes } from './modules/uploads/routes';
import { visitsRoutes } from './modules/visits/routes';
import { webhookPlugin } from './modules/webhooks/routes';
import { rateLimitPlugin } from './rate-limit/rate-limit.plugin';
import { realtimePlugin } from './realtime/realtime.plugin';
import { realtimeChangesRoutes } from './realtime/realtime-changes.rest';
import { compression } from './rest/compression';
import { errorHandler, notFoundHandler } from './rest/error-handler';
import { healthRoutes } from './rest/health.rest';
import { rejectNulBytes } from './rest/nul-byte-guard';
import { parseGitlabParams } from './rest/query-string';
import { requestWarnings } from './rest/request-warnings.plugin';
import { collectRoutes } from './rest/route-table';
import { restRoutes } from './rest/routes';
import { securityHeaders } from './rest/security-headers';
import { webApp } from './web-app';

export interface BuildAppOptions {
  logger?: boolean;
  /** Serve the built web app (apps/web/dist) when present. */
  serveWeb?: boolean;
}

/**
 * JSON lines (pino's own format, for log collectors) unless stdout is a terminal, where an operator
 * reads them: then one coloured line per entry through pino-pretty.
 */
function loggerOptions(level: string) {
  if (!process.stdout.isTTY) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/** Builds the Fastify instance: parsers, auth, REST v4, GraphQL, health and the web app. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(ctx.config.LOG_LEVEL) : false,
    bodyLimit: 2 * 1024 * 1024,
    // GitLab clients send `labels[]=a`, `not[labels]=b`, `or[author_username][]=c`.
    routerOptions: { querystringParser: (s) => parseGitlabParams(s) },
    trustProxy: trustProxySetting(ctx.config.TRUST_PROXY),
  });
  app.decorate('ctx', ctx);
  collectRoutes(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('preValidation', rejectNulBytes);
  if (ctx.site.secondary) {
    app.addHook('onRequest', refuseWritesOnSecondary(ctx.site.primaryUrl));
    app.addHook('preHandler', signInThroughPrimary(ctx.database.db, ctx.site.primaryInternalUrl));
  }
  await app.register(securityHeaders, { ctx });
  await app.register(compression);
  await app.register(cookie);
  await app.register(realtimePlugin, { ctx }); // before auth: an unchanged poll's 304 runs no SQL
  await app.register(authPlugin, { ctx });
  await app.register(rateLimitPlugin, { ctx });
  await app.register(loadBalancingPlugin, { ctx }); // after auth: a reader's own writes decide where it reads
  await app.register(requestWarnings);
  await app.register(sessionRoutes, { ctx });
  await app.register(healthRoutes, { ctx });
  await app.register(restRoutes, { prefix: '/api/v4', ctx });
  await app.register(geoStatusReportRoutes, { ctx });
  await app.register(graphqlPlugin, { ctx });
  await app.register(suggestionRoutes, { ctx });
  await app.register(clientConfigRoutes, { ctx });
  await app.register(realtimeChangesRoutes, { ctx });
  await app.register(moderationWebRoutes, { ctx });
  await app.register(epicPageJsonRoutes, { ctx });
  await app.register(issuePageRoutes, { ctx });
  await app.register(issueExportRoutes, { ctx });
  await app.register(mergeRequestExportRoutes, { ctx });
  await app.register(epicExportRoutes, { ctx });
  await app.register(csvExportEmailRoutes, { ctx });
  await app.register(importCsvRoutes, { ctx });
  await app.register(sourceUserReviewRoutes, { ctx });
  await app.register(metricImageFileRoutes, { ctx });
  await app.register(projectUploadRoutes, { ctx });
  await app.register(epicTreeLinksRoutes, { ctx });
  await app.register(epicRelationsWebRoutes, { ctx });
  await app.register(visitsRoutes, { ctx });
  await app.register(tanukiBotRoutes, { ctx });
  await app.register(countriesRoutes, { ctx });
  await app.register(purchaseRoutes, { ctx });
  await app.register(stripeWebhookRoutes, { ctx });
  await app.register(notificationMailerPlugin, {
    ctx,
    composeCsvExport: (csvExport) => composeCsvExportEmail(ctx, csvExport),
  });
  await app.register(webhookPlugin, { ctx });
  await app.register(statusCheckPlugin, { ctx });
  await app.register(escalationPagingPlugin, { ctx });
  await app.register(groupExportPlugin, { ctx });
  await app.register(fileRemovalPlugin, { ctx });
  await app.register(importPlugin, { ctx });
  if (options.serveWeb) await app.register(webApp);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
