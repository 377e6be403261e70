import { isTokenActive, type TokenRow } from '../../auth/personal-access-tokens.service';

/** GitLab's PersonalAccessToken JSON; `token` only right after creation (it is never stored). */
export function presentPersonalAccessToken(row: TokenRow, token?: string) {
  return {
    id: row.id,
    name: row.name,
    description: null,
    revoked: row.revoked,
    created_at: row.created_at.toISOString(),
    scopes: row.scopes,
    user_id: row.user_id,
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    active: isTokenActive(row),
    expires_at: row.expires_at,
    ...(token ? { token } : {}),
  };
}
