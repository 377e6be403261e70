import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';

/**
 * The web app is one module script and one stylesheet from /assets (Vite output, no inline code);
 * React sets `style` through the CSSOM, which style-src does not govern. Images also come from
 * Markdown (any https host, like GitLab) and the favicon is a data: URL.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // react-aria injects two fixed <style> elements (usePress touch-action, usePreventScroll
  // overscroll); their hashes allow exactly those texts.
  'style-src': [
    "'self'",
    "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
    "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
  ],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (API, GraphQL, web app, errors, 404s): CSP, no framing, nosniff,
 * Referrer-Policy. HSTS only when the instance is served over HTTPS, so a plain-HTTP try-out on
 * localhost is never pinned to HTTPS.
 */
const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const externalHttps = ctx.config.MERIDIAN_EXTERNAL_URL?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    if (externalHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
};

export const securityHeaders = fp(plugin, { name: 'meridian-security-headers' });
