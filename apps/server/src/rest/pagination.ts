import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COUNT_CAP } from '../db/capped-count';
import type { PageParams } from '../db/list-page';
import { badRequest } from '../errors';

/** GitLab's offset pagination: `page` (1-based) and `per_page` (default 20, max 100). */
export const pageParams = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** GitLab's `max_offset_allowed_by_the_rest_api` default: offset pagination stops at 50,000 rows. */
export const MAX_OFFSET = 50_000;

/**
 * 400 when `page` × `per_page` goes past MAX_OFFSET on an offset-paginated list, with GitLab's
 * message (GitLab answers 405). Deep offsets make PostgreSQL walk and drop every earlier row.
 */
export function assertOffsetWithinLimit(params: unknown): void {
  if (!params || typeof params !== 'object') return;
  const { page, per_page: perPage, pagination } = params as Record<string, unknown>;
  if (typeof page !== 'number' || typeof perPage !== 'number' || pagination === 'keyset') return;
  if (page * perPage > MAX_OFFSET) {
    throw badRequest(
      `page is invalid: Offset pagination has a maximum allowed offset of ${MAX_OFFSET}. Remaining records can be retrieved using keyset pagination.`,
      'page',
    );
  }
}

/**
 * Sets X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page and Link headers,
 * the way GitLab does, from the request URL. A total above COUNT_CAP (see db/capped-count.ts) means
 * "more than that": like GitLab, X-Total, X-Total-Pages and rel="last" are then left out.
 */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageParams,
  total: number,
): void {
  const exact = total <= COUNT_CAP;
  const totalPages = Math.max(1, Math.ceil(total / page.per_page));
  const next = page.page < totalPages ? page.page + 1 : null;
  const prev = page.page > 1 ? page.page - 1 : null;
  if (exact) {
    reply.header('X-Total', String(total));
    reply.header('X-Total-Pages', String(totalPages));
  }
  reply.header('X-Page', String(page.page));
  reply.header('X-Per-Page', String(page.per_page));
  reply.header('X-Next-Page', next ? String(next) : '');
  reply.header('X-Prev-Page', prev ? String(prev) : '');
  const base = new URL(request.url, `${request.protocol}://${request.host}`);
  const link = (p: number, rel: string) => {
    const u = new URL(base);
    u.searchParams.set('page', String(p));
    u.searchParams.set('per_page', String(page.per_page));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (exact) links.push(link(totalPages, 'last'));
  if (prev) links.unshift(link(prev, 'prev'));
  if (next) links.unshift(link(next, 'next'));
  reply.header('Link', links.join(', '));
}

/** Keyset pagination (`pagination=keyset`): only a Link rel="next" header, as GitLab sends. */
export function setKeysetLinkHeader(
  request: FastifyRequest,
  reply: FastifyReply,
  perPage: number,
  nextCursor: string | null,
): void {
  reply.header('X-Per-Page', String(perPage));
  if (!nextCursor) return;
  const u = new URL(request.url, `${request.protocol}://${request.host}`);
  u.searchParams.set('cursor', nextCursor);
  reply.header('Link', `<${u.toString()}>; rel="next"`);
}
