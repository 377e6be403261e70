import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/auth.plugin';
import { SESSION_COOKIE } from '../auth/session-cookie';

/**
 * The credential a request authenticates with, as the auth hook picks it (token first, then the
 * session cookie), or '' for an anonymous one. Read without the database.
 */
export function pollCredential(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (token) return `token:${token}`;
  const session = request.cookies?.[SESSION_COOKIE];
  return session ? `session:${session}` : '';
}

/**
 * ETags of polled items. An ETag is an HMAC (under a key derived from the instance secret) over the
 * item, its change version and the requester's credential, so a 304 can be answered from memory
 * alone: whoever presents an ETag was given it by an authorized answer for that very credential
 * and version. A 304 therefore tells nothing the credential could not read — another user's ETag,
 * or a guessed one, never matches, and a hidden item's answer is the 404 of the normal path.
 * What it cannot see without the database: a credential revoked (sign-out, token revoked, access
 * removed) after it got its ETag still learns "unchanged" until the item next changes — one bit
 * about an item it could read moments ago; the first change sends it down the normal path.
 */
export class PollEtags {
  private key: Buffer | undefined;

  /** `loadKey` reads the instance secret: at boot, and again on a poll if the database was down then. */
  constructor(private readonly loadKey: () => Promise<Buffer>) {}

  /** Whether the key is loaded (loading it now if it is not); false while the database cannot give it. */
  async ready(): Promise<boolean> {
    if (this.key) return true;
    try {
      this.key = await this.loadKey();
      return true;
    } catch {
      return false;
    }
  }

  /** The ETag, or undefined before the key is loaded (the answer then carries none). */
  etag(itemKey: string, version: string, credential: string): string | undefined {
    if (!this.key) return undefined;
    const mac = createHmac('sha256', this.key).update(`${itemKey}\n${version}\n${credential}`).digest('base64url');
    return `W/"${mac}"`;
  }

  /** Whether `If-None-Match` (one ETag or a comma-separated list) holds `etag`; compared in constant time. */
  matches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
    if (!ifNoneMatch || !etag) return false;
    const wanted = Buffer.from(etag);
    let found = false;
    for (const candidate of ifNoneMatch.split(',', 8)) {
      const sent = Buffer.from(candidate.trim());
      if (sent.length === wanted.length && timingSafeEqual(sent, wanted)) found = true;
    }
    return found;
  }
}
