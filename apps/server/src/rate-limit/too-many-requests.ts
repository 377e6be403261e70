import type { FastifyReply } from 'fastify';

/** GitLab's throttled answer: 429, `Retry-After` in seconds, and a plain `Retry later` body. */
export function sendTooManyRequests(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Retry later\n');
}
