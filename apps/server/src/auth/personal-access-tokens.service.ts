import { isValidIsoDate } from '@meridian/domain';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../db/connection';
import { likePattern } from '../db/like-pattern';
import type { PageParams } from '../db/list-page';
import type { PersonalAccessTokensTable } from '../db/schema';
import { unlessStandby } from '../db/standby';
import { badRequest, forbidden, notFound } from '../errors';
import { todayIso } from '../lib/today';
import type { Actor } from '../policy/actor';
import { digest, newPersonalAccessToken } from './token-digest';

export type TokenRow = Selectable<PersonalAccessTokensTable>;
export const TOKEN_SCOPES = ['api', 'read_api', 'read_user'] as const;
/** GitLab's default maximum lifetime of a personal access token. */
export const MAX_TOKEN_LIFETIME_DAYS = 365;

export interface NewTokenInput {
  name: string;
  scopes: string[];
  /**
   * 'YYYY-MM-DD', strictly after today (UTC). Null or absent: `createTokenFor` (the API) sets the
   * latest allowed date; `issueToken` alone (the operator's CLI) stores a token that never expires.
   */
  expiresAt?: string | null;
}

/** Throws a 400 naming the field for unknown scopes or an expiry date that is malformed or not in the future. */
export function validateTokenInput(input: NewTokenInput): void {
  if (input.name.trim().length === 0 || input.name.length > 255) throw badRequest('name is invalid', 'name');
  if (input.scopes.length === 0) throw badRequest('scopes is missing', 'scopes');
  const unknown = input.scopes.filter((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw badRequest(
      `scopes does not have a valid value (${unknown.join(', ')}); use ${TOKEN_SCOPES.join(', ')}`,
      'scopes',
    );
  }
  if (input.expiresAt != null) {
    const d = input.expiresAt;
    if (!isValidIsoDate(d)) throw badRequest('expires_at is invalid: use YYYY-MM-DD', 'expires_at');
    if (d <= todayIso()) throw badRequest('expires_at must be in the future', 'expires_at');
  }
}

/**
 * Creates a token for `userId`; returns the row and the plain token, which is never stored (only its
 * SHA-256 digest) and so can be shown only once. No actor check: callers decide who may do this.
 */
export async function issueToken(
  db: Database,
  userId: number,
  input: NewTokenInput,
): Promise<{ row: TokenRow; token: string }> {
  validateTokenInput(input);
  const token = newPersonalAccessToken();
  const row = await db
    .insertInto('personal_access_tokens')
    .values({
      user_id: userId,
      name: input.name.trim(),
      token_digest: digest(token),
      scopes: [...new Set(input.scopes)],
      expires_at: input.expiresAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, token };
}

/**
 * The latest expiry a token created through the API may have: today + 365 days, and never later
 * than the token the request authenticated with (`callerTokenId`), so a stolen token cannot mint a
 * longer-lived replacement. Null caller: a browser session.
 */
async function latestAllowedExpiry(db: Database, callerTokenId: number | null): Promise<string> {
  const max = todayIso(MAX_TOKEN_LIFETIME_DAYS);
  if (callerTokenId === null) return max;
  const caller = await db
    .selectFrom('personal_access_tokens')
    .select('expires_at')
    .where('id', '=', callerTokenId)
    .executeTakeFirstOrThrow();
  return caller.expires_at !== null && caller.expires_at < max ? caller.expires_at : max;
}

/**
 * `POST /user/personal_access_tokens` (own) and `POST /users/:id/personal_access_tokens` (admin only).
 * `expires_at` defaults to the latest allowed date; a later one is a 400 naming `expires_at`.
 */
export async function createTokenFor(
  db: Database,
  actor: Actor,
  userId: number,
  input: NewTokenInput,
  callerTokenId: number | null,
) {
  if (userId !== actor.id) {
    if (!actor.admin) throw forbidden();
    const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('User');
  }
  validateTokenInput(input);
  const latest = await latestAllowedExpiry(db, callerTokenId);
  const expiresAt = input.expiresAt ?? latest;
  if (expiresAt > latest) {
    const why =
      latest === todayIso(MAX_TOKEN_LIFETIME_DAYS)
        ? `tokens live at most ${MAX_TOKEN_LIFETIME_DAYS} days`
        : 'a token cannot outlive the token that creates it';
    throw badRequest(`expires_at must be on or before ${latest} (${why})`, 'expires_at');
  }
  return issueToken(db, userId, { ...input, expiresAt });
}

export interface TokenFilters {
  user_id?: number;
  state?: 'active' | 'inactive';
  revoked?: boolean;
  search?: string;
}

/** Tokens the actor may see: their own, or (admin) anyone's; `user_id` of someone else needs admin. */
export async function listTokens(
  db: Database,
  actor: Actor,
  filters: TokenFilters,
  page: PageParams,
): Promise<{ rows: TokenRow[]; total: number }> {
  if (filters.user_id !== undefined && filters.user_id !== actor.id && !actor.admin) throw forbidden();
  let query = db.selectFrom('personal_access_tokens');
  const userId = filters.user_id ?? (actor.admin ? undefined : actor.id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  if (filters.revoked !== undefined) query = query.where('revoked', '=', filters.revoked);
  if (filters.search) query = query.where('name', 'ilike', likePattern(filters.search));
  const activeSql = sql<boolean>`(NOT revoked AND (expires_at IS NULL OR expires_at >= current_date))`;
  if (filters.state === 'active') query = query.where(activeSql);
  if (filters.state === 'inactive') query = query.where(sql<boolean>`NOT ${activeSql}`);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** One token the actor may see (own, or any for an admin); 404 otherwise. */
export async function findToken(db: Database, actor: Actor, id: number): Promise<TokenRow> {
  const row = await db.selectFrom('personal_access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.user_id !== actor.id && !actor.admin)) throw notFound('Personal Access Token');
  return row;
}

/** Revokes a token the actor may see. */
export async function revokeToken(db: Database, actor: Actor, id: number): Promise<void> {
  const row = await findToken(db, actor, id);
  await db.updateTable('personal_access_tokens').set({ revoked: true }).where('id', '=', row.id).execute();
}

/** GitLab's `active`: not revoked and not past its expiry date. */
export function isTokenActive(row: TokenRow): boolean {
  return !row.revoked && (row.expires_at === null || row.expires_at >= todayIso());
}

/** GitLab refreshes a token's `last_used_at` at most every 10 minutes, so a busy script costs no write per request. */
export const LAST_USED_REFRESH_MS = 10 * 60_000;

/**
 * Stamps the token as used now when its stamp is missing or older than `LAST_USED_REFRESH_MS`:
 * awaited, so the stamp is there when the request's answer is, and one write per token per interval.
 */
export async function recordTokenUse(db: Database, tokenId: number, lastUsedAt: Date | null, now: Date): Promise<void> {
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_REFRESH_MS) return;
  await unlessStandby(() =>
    db.updateTable('personal_access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute(),
  );
}
