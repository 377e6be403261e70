import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Vite names every built asset by its content hash: a cached copy is never stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app; any non-API GET that matches no file gets index.html (client
 * routing). Scripts and styles are sent as the brotli or gzip copies written at build time
 * (`apps/web/scripts/precompress.mjs`) when the browser accepts them, hashed assets are cached for
 * a year, and index.html is revalidated on every load so a new release is picked up at once.
 */
export const webApp: FastifyPluginAsync = async (app) => {
  if (!existsSync(webDist)) {
    app.log.warn(`web app not built (${webDist} missing): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  // `/-/…` is the server's (health, session, autocomplete), except GitLab's user pages under `/-/profile/`
  // and its purchase page `/-/subscriptions/new`.
  const isPage = (url: string) => url.startsWith('/-/profile/') || /^\/-\/subscriptions\/new(?:[?#]|$)/.test(url);
  const isApi = (url: string) => url.startsWith('/api/') || (url.startsWith('/-/') && !isPage(url));
  // A catch-all GET route, not setNotFoundHandler: app.ts already set the root not-found handler and
  // Fastify refuses a second one for the same prefix.
  app.get('/*', (request, reply) => {
    if (isApi(request.url)) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
};
