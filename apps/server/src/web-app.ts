import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Serves the built React app; any non-API GET that matches no file gets index.html (client routing). */
export const webApp: FastifyPluginAsync = async (app) => {
  if (!existsSync(webDist)) {
    app.log.warn(`web app not built (${webDist} missing): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/-/');
  // A catch-all GET route, not setNotFoundHandler: app.ts already set the root not-found handler and
  // Fastify refuses a second one for the same prefix.
  app.get('/*', (request, reply) => {
    if (isApi(request.url)) return reply.callNotFound();
    return reply.type('text/html').sendFile('index.html');
  });
};
