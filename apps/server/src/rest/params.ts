import { MAX_INT4 } from '@meridian/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors';
import type { IdOrPath } from '../modules/namespaces';
import { isValidFullPath } from '../modules/namespaces';
import { assertOffsetWithinLimit } from './pagination';

const trueWords = new Set(['1', 't', 'true', 'y', 'yes', 'on']);
const falseWords = new Set(['0', 'f', 'false', 'n', 'no', 'off']);

/**
 * GitLab's boolean parameters (Grape's coercion): `true/false`, `1/0`, `t/f`, `yes/no`, `y/n`,
 * `on/off` in any case, in query strings and form or JSON bodies, plus JSON booleans. python-gitlab
 * sends Python's `True`/`False`. Every REST parameter schema takes its booleans from here.
 */
export const gitlabBoolean = z.preprocess((v) => {
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase();
  if (trueWords.has(word)) return true;
  if (falseWords.has(word)) return false;
  return v;
}, z.boolean());

/**
 * A positive int4 id in a body or query: a JSON number or a form string alike; a missing one stays
 * 'is missing' (parseInput), anything else 'must be a positive integer'.
 */
export const positiveIdParam = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string()
    .max(12)
    .regex(/^\d{1,10}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_INT4)),
);

/** Comma-separated list or repeated `key[]` params, both accepted by GitLab. */
export const gitlabList = z.preprocess(
  (v) => {
    if (Array.isArray(v))
      return v
        .flatMap((x) => String(x).split(','))
        .map((s) => s.trim())
        .filter(Boolean);
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    return v;
  },
  z.array(z.string().max(255)).max(100),
);

export function parseIdOrPath(raw: string, field = 'id'): IdOrPath {
  if (/^\d+$/.test(raw)) {
    const id = Number(raw);
    if (id > MAX_INT4) throw badRequest(`${field} is invalid`, field);
    return { id };
  }
  let fullPath: string;
  try {
    fullPath = decodeURIComponent(raw);
  } catch {
    throw badRequest(`${field} is invalid`, field);
  }
  if (!isValidFullPath(fullPath)) throw badRequest(`${field} is invalid`, field);
  return { fullPath };
}

/** Numeric path params (iid, note id…): a 400 naming the field rather than a database error. */
export function parseIntParam(raw: string | undefined, field: string): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) > MAX_INT4) throw badRequest(`${field} is invalid`, field);
  return Number(raw);
}

/**
 * Parses `request.query` or `request.body` with a zod schema; failures become a 400 whose message
 * names the field, in GitLab's `{"error": "title is missing"}` style.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // Every list's `page`/`per_page` goes through here: the one place that caps the offset.
    assertOffsetWithinLimit(result.data);
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
  if (missing) throw badRequest(`${field} is missing`, field);
  if (issue?.code === 'too_big' && issue.origin === 'string')
    throw badRequest(`${field} is too long (maximum is ${issue.maximum} characters)`, field);
  throw badRequest(`${field} is invalid: ${issue?.message ?? 'bad value'}`, field);
}

/** Query and body merged, as GitLab accepts parameters in either place. */
export function requestParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...(request.query as Record<string, unknown>), ...body };
}
