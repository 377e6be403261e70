import { createHash, randomBytes } from 'node:crypto';

/** Secrets (tokens, session ids) are stored only as their SHA-256 digest. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new personal access token in GitLab's shape: `glpat-` and 24 url-safe characters. */
export function newPersonalAccessToken(): string {
  return `glpat-${randomBytes(18).toString('base64url')}`;
}

export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}
