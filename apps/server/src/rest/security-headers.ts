import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
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

/**
 * With card payments (Stripe configured, a publishable key for the checkout), the checkout's card
 * step loads Stripe.js and its card fields, as Stripe's CSP guidance asks: the script from
 * js.stripe.com, its frames from there and hooks.stripe.com, its requests to api.stripe.com.
 */
export const STRIPE_CSP_SOURCES: Record<string, string[]> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** The policy's directives, with Stripe's sources added when the checkout takes cards. */
export function contentSecurityPolicy(stripe: boolean): Record<string, string[]> {
  if (!stripe) return CONTENT_SECURITY_POLICY;
  const directives: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(CONTENT_SECURITY_POLICY)) directives[name] = [...sources];
  for (const [name, sources] of Object.entries(STRIPE_CSP_SOURCES)) {
    directives[name] = [...new Set([...(directives[name] ?? []), ...sources])];
  }
  return directives;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that govern a document — what it may load, frame or be framed by, its referrer and
 * browsing-context group. A script or stylesheet is not a document, so on the build's hashed `.js`
 * and `.css` files they do nothing, yet cost about 650 bytes on each of the two dozen chunks a page
 * loads (HTTP/1.1 sends headers uncompressed). `nosniff` and `Cross-Origin-Resource-Policy`, which do
 * protect subresources, stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A script or stylesheet the server is sending (by its type: a 404 page for a missing chunk is not one). */
function isScriptOrStylesheet(contentType: unknown): boolean {
  const type = String(contentType ?? '');
  return type.startsWith('application/javascript') || type.startsWith('text/javascript') || type.startsWith('text/css');
}

/**
 * Helmet's headers for our configuration, computed once. Helmet's middleware sets the same fixed
 * values on every response (no nonces here); @fastify/helmet rebuilt that middleware — parsing and
 * validating the whole CSP — on every request, the largest cost of an unchanged poll's 304.
 */
export function helmetHeaders(options: { stripe?: boolean } = {}): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.stripe === true) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Security headers on every answer (API, GraphQL, web app, errors, 404s): CSP, no framing, nosniff,
 * Referrer-Policy — scripts and stylesheets keep only those that apply to them (DOCUMENT_ONLY_HEADERS). HSTS only when the instance is served over HTTPS, so a plain-HTTP try-out on
 * localhost is never pinned to HTTPS. The hooks are synchronous (no promise per request): they run on
 * every answer, a poll's 304 included.
 */
const plugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The checkout shows Stripe's card fields only with both keys (payments.ts, payment_form).
  const headers = helmetHeaders({
    stripe: Boolean(ctx.config.STRIPE_SECRET_KEY && ctx.config.STRIPE_PUBLISHABLE_KEY),
  });
  const withHsts = Object.freeze({ ...headers, 'strict-transport-security': HSTS });
  const externalHttps = ctx.config.MERIDIAN_EXTERNAL_URL?.startsWith('https:') ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(externalHttps || request.protocol === 'https' ? withHsts : headers);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isScriptOrStylesheet(reply.getHeader('content-type')))
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    done(null, payload);
  });
};

export const securityHeaders = fp(plugin, { name: 'meridian-security-headers' });
