import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** The first string under `value` holding a NUL byte, as a dotted field name ('labels.1'); null when none. */
function nulByteField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = nulByteField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * preValidation hook for every REST route: PostgreSQL `text` cannot hold U+0000, so a NUL byte
 * in a query, body or path string is a 400 naming the field, never a database error (500).
 * GraphQL checks its own arguments (graphql/validation/input-limits.rule.ts).
 */
export async function rejectNulBytes(request: FastifyRequest): Promise<void> {
  if (request.url.startsWith('/api/graphql')) return;
  const field = nulByteField(request.params, '') ?? nulByteField(request.query, '') ?? nulByteField(request.body, '');
  if (field) throw badRequest(`${field} is invalid: must not contain NUL bytes`, field);
}
