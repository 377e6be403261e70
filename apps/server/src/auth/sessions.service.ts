import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection';
import { unlessStandby } from '../db/standby';
import { digest, newSessionSecret } from './token-digest';

export interface NewSession {
  /** The cookie value; the database keeps only its SHA-256 digest (the session id). */
  secret: string;
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** Starts a server-side session for a user (a sign-in, recorded on the user); expires `ttlDays` from now. */
export async function createSession(
  db: Database,
  userId: number,
  options: { ttlDays: number; userAgent?: string; ip?: string },
): Promise<NewSession> {
  const secret = newSessionSecret();
  const sessionId = digest(secret);
  const csrfToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + options.ttlDays * 24 * 60 * 60 * 1000);
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      csrf_token: csrfToken,
      user_agent: options.userAgent?.slice(0, 500) ?? null,
      ip: options.ip ?? null,
      expires_at: expiresAt,
    })
    .execute();
  await db.updateTable('users').set({ current_sign_in_at: new Date() }).where('id', '=', userId).execute();
  return { secret, sessionId, csrfToken, expiresAt };
}

/** Ends a session (sign-out). Unknown ids are ignored. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user (blocked user, password change). */
export async function revokeUserSessions(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Removes expired sessions; returns how many went. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** `last_seen_at` is written at most this often per session, so reads do not each cost a write. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** True when a session has been unused for longer than `idleMinutes` (GitLab's session_expire_delay). */
export function isSessionIdle(lastSeenAt: Date, idleMinutes: number, now = new Date()): boolean {
  return now.getTime() - lastSeenAt.getTime() > idleMinutes * 60_000;
}

/** Records that a session was used, at most once a minute (the idle timeout counts from it). */
export async function touchSession(db: Database, sessionId: string, lastSeenAt: Date, now = new Date()): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  await unlessStandby(() =>
    db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute(),
  );
}

/** The CSRF token of a live session, for `GET /-/session`. */
export async function sessionCsrfToken(db: Database, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('csrf_token')
    .where('id', '=', sessionId)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.csrf_token ?? null;
}
