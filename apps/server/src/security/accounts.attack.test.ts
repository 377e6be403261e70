import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { digest, newPersonalAccessToken } from '../auth/token-digest';
import { createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * Accounts, sessions and tokens attacked over HTTP (security review M4, L8, L9, L10): email
 * enumeration through user search, banned and blocked users through autocomplete, tokens minting
 * longer-lived tokens, and the session cookie's Secure flag, idle expiry and CSRF check.
 */
let s: StartedServer;
const PASSWORD = 'attack-test-password';
let adminToken: string;
let plainToken: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const usernames = async (res: Response) => ((await res.json()) as Array<{ username: string }>).map((u) => u.username);
const withToken = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { 'private-token': token, ...(init.headers ?? {}) },
});

/** A token row with an explicit expiry (the factory makes tokens without one). */
async function tokenExpiring(userId: number, expiresAt: string | null): Promise<string> {
  const token = newPersonalAccessToken();
  await s.db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name: 'caller', token_digest: digest(token), scopes: ['api'], expires_at: expiresAt })
    .execute();
  return token;
}

async function signIn(server: StartedServer, login: string) {
  const res = await server.http('/users/sign_in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { setCookie, cookie, csrf: csrf_token };
}

async function userWithPassword(username: string) {
  const user = await createUser(s.db, { username });
  await s.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

beforeAll(async () => {
  s = await startTestServer();
  const admin = await createUser(s.db, { username: 'acc_admin', admin: true });
  const plain = await createUser(s.db, { username: 'acc_plain' });
  const v = await createUser(s.db, { username: 'acc_victim', name: 'Quiet Person' });
  await s.db.updateTable('users').set({ email: 'ceo@corp.example' }).where('id', '=', v.id).execute();
  await createUser(s.db, { username: 'acc_banned', name: 'Banned Bob', state: 'banned' });
  await createUser(s.db, { username: 'acc_blocked', name: 'Blocked Bea', state: 'blocked' });
  adminToken = await createToken(s.db, admin.id);
  plainToken = await createToken(s.db, plain.id);
});
afterAll(async () => {
  await s?.close();
});

describe('M4: user search does not map private emails to accounts', () => {
  const search = `/api/v4/users?search=${encodeURIComponent('CEO@corp.example')}`;

  it('finds nothing for an anonymous visitor or a plain user', async () => {
    expect(await usernames(await s.http(search))).toEqual([]);
    expect(await usernames(await s.http(search, withToken(plainToken)))).toEqual([]);
  });

  it('finds the user for an instance admin', async () => {
    expect(await usernames(await s.http(search, withToken(adminToken)))).toEqual(['acc_victim']);
  });

  it('still matches username and name for everyone', async () => {
    expect(await usernames(await s.http('/api/v4/users?search=quiet'))).toEqual(['acc_victim']);
  });
});

describe('L8: autocomplete never lists banned or blocked users to non-admins', () => {
  const url = '/-/autocomplete/users.json?states=banned,blocked&search=acc_';

  it('ignores states=banned,blocked for a plain user', async () => {
    const names = await usernames(await s.http(url, withToken(plainToken)));
    expect(names).not.toContain('acc_banned');
    expect(names).not.toContain('acc_blocked');
  });

  it('also with states[]=… and for /users?blocked=true', async () => {
    const arrayForm = '/-/autocomplete/users.json?states[]=banned&states[]=blocked&search=acc_';
    expect(await usernames(await s.http(arrayForm, withToken(plainToken)))).toEqual([]);
    expect(await usernames(await s.http('/api/v4/users?blocked=true', withToken(plainToken)))).toEqual([]);
  });

  it('lists them to an admin', async () => {
    expect((await usernames(await s.http(url, withToken(adminToken)))).sort()).toEqual(['acc_banned', 'acc_blocked']);
  });
});

describe('L9: personal access tokens have a maximum lifetime and cannot outlive their minter', () => {
  const mint = (token: string, body: Record<string, unknown>) =>
    s.http(
      '/api/v4/user/personal_access_tokens',
      withToken(token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );

  it('gives a token without expires_at the 365-day default', async () => {
    const res = await mint(plainToken, { name: 'no expiry asked', scopes: ['api'] });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { expires_at: string }).expires_at).toBe(day(365));
  });

  it('refuses an expiry beyond 365 days with a 400 naming expires_at', async () => {
    const res = await mint(plainToken, { name: 'forever', scopes: ['api'], expires_at: day(366) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^expires_at /);
  });

  it('refuses a token that would outlive the token minting it', async () => {
    const user = await createUser(s.db, { username: 'acc_minter' });
    const shortLived = await tokenExpiring(user.id, day(7));
    const res = await mint(shortLived, { name: 'longer', scopes: ['api'], expires_at: day(30) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^expires_at /);
    const defaulted = await mint(shortLived, { name: 'default', scopes: ['api'] });
    expect(defaulted.status).toBe(201);
    expect(((await defaulted.json()) as { expires_at: string }).expires_at).toBe(day(7));
    const shorter = await mint(shortLived, { name: 'shorter', scopes: ['api'], expires_at: day(3) });
    expect(shorter.status).toBe(201);
  });
});

describe('L10: session cookie, idle expiry and CSRF', () => {
  it('marks the cookie Secure when MERIDIAN_EXTERNAL_URL is https, even over plain http', async () => {
    const https = await startTestServer({ MERIDIAN_EXTERNAL_URL: 'https://meridian.example' });
    try {
      const user = await createUser(https.db, { username: 'acc_secure' });
      await https.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where('id', '=', user.id)
        .execute();
      const { setCookie } = await signIn(https, 'acc_secure');
      expect(setCookie).toMatch(/;\s*Secure/i);
      const out = await https.http('/users/sign_out', { method: 'POST' });
      expect(out.headers.get('set-cookie') ?? '').toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });

  it('ends a session left idle longer than SESSION_IDLE_MINUTES (default 7 days)', async () => {
    await userWithPassword('acc_idle');
    const { cookie } = await signIn(s, 'acc_idle');
    const me = () => s.http('/api/v4/user', { headers: { cookie } });
    expect((await me()).status).toBe(200);
    await s.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - (10_080 + 1) * 60_000) })
      .where(
        'user_id',
        '=',
        (await s.db.selectFrom('users').select('id').where('username', '=', 'acc_idle').executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect((await me()).status).toBe(401);
  });

  it('refreshes last_seen_at at most once a minute', async () => {
    const user = await userWithPassword('acc_seen');
    const { cookie } = await signIn(s, 'acc_seen');
    const seen = async () =>
      (
        await s.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await s.db.updateTable('sessions').set({ last_seen_at: twoMinutesAgo }).where('user_id', '=', user.id).execute();
    await s.http('/api/v4/user', { headers: { cookie } });
    const refreshed = await seen();
    expect(refreshed.getTime()).toBeGreaterThan(Date.now() - 30_000);
    await s.http('/api/v4/user', { headers: { cookie } });
    expect((await seen()).getTime()).toBe(refreshed.getTime());
  });

  it('still answers 403 to a write with a wrong or missing CSRF token', async () => {
    await userWithPassword('acc_csrf');
    const { cookie, csrf } = await signIn(s, 'acc_csrf');
    const post = (token?: string) =>
      s.http('/api/v4/user/personal_access_tokens', {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          ...(token === undefined ? {} : { 'x-csrf-token': token }),
        },
        body: JSON.stringify({ name: 'csrf', scopes: ['api'] }),
      });
    const flipped = `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [undefined, '', 'short', flipped, `${csrf}x`]) {
      expect((await post(wrong)).status).toBe(403);
    }
    expect((await post(csrf)).status).toBe(201);
  });

  it('refuses a cross-site HTML form (form-encoded or multipart) riding the session cookie', async () => {
    await userWithPassword('acc_form');
    const { cookie } = await signIn(s, 'acc_form');
    const multipart = new FormData();
    multipart.append('name', 'forged');
    multipart.append('scopes[]', 'api');
    const bodies: RequestInit[] = [
      { headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=forged&scopes[]=api' },
      { headers: { cookie }, body: multipart },
    ];
    for (const init of bodies) {
      const res = await s.http('/api/v4/user/personal_access_tokens', { method: 'POST', ...init });
      expect(res.status).toBe(403);
    }
    const forged = await s.db.selectFrom('personal_access_tokens').select('id').where('name', '=', 'forged').execute();
    expect(forged).toEqual([]);
  });
});
