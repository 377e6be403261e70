import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { SESSION_COOKIE } from './session-cookie';
import { createSession, deleteExpiredSessions } from './sessions.service';
import { digest } from './token-digest';

describe('sign-up, sign-in, session and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const signUp = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/users/sign_up', payload: body });
  const signIn = (login: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { login, password }, remoteAddress });
  const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
    if (!c) throw new Error('no session cookie');
    return c.value;
  };

  it('signs up, signs in with the new session, and creates the personal namespace', async () => {
    const res = await signUp({ username: 'Alice', name: 'Alice A', email: 'Alice@Example.com', password: 'password1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      username: 'Alice',
      name: 'Alice A',
      email: 'Alice@Example.com',
      is_admin: false,
    });
    expect(body.user.namespace_id).toEqual(expect.any(Number));
    expect(body.csrf_token).toEqual(expect.any(String));
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const stored = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', digest(cookie?.value ?? ''))
      .execute();
    expect(stored).toHaveLength(1); // only the digest is stored
    const days = (stored[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const me = await t.app.inject({ method: 'GET', url: '/api/v4/user', cookies: { [SESSION_COOKIE]: cookie!.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('Alice');
  });

  it('rejects taken usernames and emails case-insensitively with a 422 naming the field', async () => {
    const a = await signUp({ username: 'alice', name: 'x', email: 'other@example.com', password: 'password1' });
    expect(a.statusCode).toBe(422);
    expect(a.json()).toMatchObject({ error: 'username has already been taken', field: 'username' });
    const b = await signUp({ username: 'alice2', name: 'x', email: 'ALICE@example.COM', password: 'password1' });
    expect(b.statusCode).toBe(422);
    expect(b.json().field).toBe('email');
  });

  it('validates sign-up input', async () => {
    const short = await signUp({ username: 'bob', name: 'Bob', email: 'bob@example.com', password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().field).toBe('password');
    const missing = await signUp({ username: 'bob', name: 'Bob', password: 'password1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('email is missing');
    const badName = await signUp({ username: 'bad name', name: 'Bob', email: 'b@example.com', password: 'password1' });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().field).toBe('username');
    const reserved = await signUp({ username: 'api', name: 'Bob', email: 'b@example.com', password: 'password1' });
    expect(reserved.statusCode).toBe(422);
    const badEmail = await signUp({ username: 'bob', name: 'Bob', email: 'not-an-email', password: 'password1' });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().field).toBe('email');
  });

  it('signs in by username or email, case-insensitively', async () => {
    for (const login of ['alice', 'ALICE', 'alice@example.com']) {
      const res = await signIn(login, 'password1');
      expect(res.statusCode).toBe(200);
      expect(res.json().user.username).toBe('Alice');
      expect(sessionCookie(res)).toBeTruthy();
    }
    // The sign-in is recorded on the user (the billable members' `last_login_at`).
    const before = new Date(Date.now() - 60_000);
    const user = await t.db
      .selectFrom('users')
      .select('current_sign_in_at')
      .where('username', '=', 'Alice')
      .executeTakeFirstOrThrow();
    expect(user.current_sign_in_at?.getTime()).toBeGreaterThan(before.getTime());
  });

  it('answers 401 with one message for a wrong password, an unknown login or a blocked user', async () => {
    const wrong = await signIn('alice', 'password2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid login or password.' });
    expect(wrong.cookies).toHaveLength(0);
    expect((await signIn('nobody', 'password1')).statusCode).toBe(401);
    await signUp({ username: 'carol', name: 'Carol', email: 'carol@example.com', password: 'password1' });
    await t.db.updateTable('users').set({ state: 'blocked' }).where('username', '=', 'carol').execute();
    const blocked = await signIn('carol', 'password1');
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toEqual({ message: 'Invalid login or password.' });
    expect((await signIn('', 'x')).statusCode).toBe(400);
  });

  it('GET /-/session describes the visitor', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/-/session' });
    expect(anon.json()).toEqual({ user: null, csrf_token: null });
    const res = await signIn('alice', 'password1');
    const session = await t.app.inject({
      method: 'GET',
      url: '/-/session',
      cookies: { [SESSION_COOKIE]: sessionCookie(res) },
    });
    expect(session.json()).toMatchObject({ user: { username: 'Alice' }, csrf_token: res.json().csrf_token });
    const stale = await t.app.inject({ method: 'GET', url: '/-/session', cookies: { [SESSION_COOKIE]: 'nope' } });
    expect(stale.json()).toEqual({ user: null, csrf_token: null });
  });

  it('signs out only with the CSRF token, then the session is gone', async () => {
    const res = await signIn('alice', 'password1');
    const cookies = { [SESSION_COOKIE]: sessionCookie(res) };
    const noCsrf = await t.app.inject({ method: 'POST', url: '/users/sign_out', cookies });
    expect(noCsrf.statusCode).toBe(403);
    const wrongCsrf = await t.app.inject({
      method: 'POST',
      url: '/users/sign_out',
      cookies,
      headers: { 'x-csrf-token': 'guess' },
    });
    expect(wrongCsrf.statusCode).toBe(403);
    const out = await t.app.inject({
      method: 'POST',
      url: '/users/sign_out',
      cookies,
      headers: { 'x-csrf-token': res.json().csrf_token },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/-/session', cookies });
    expect(after.json().user).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/v4/user', cookies });
    expect(me.statusCode).toBe(401);
  });

  it('marks the cookie Secure behind https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { login: 'alice', password: 'password1' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });

  it('ignores and deletes expired sessions', async () => {
    const user = await t.db.selectFrom('users').select('id').where('username', '=', 'Alice').executeTakeFirstOrThrow();
    const session = await createSession(t.db, user.id, { ttlDays: 1 });
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session.sessionId)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/-/session', cookies: { [SESSION_COOKIE]: session.secret } });
    expect(res.json().user).toBeNull();
    expect(await deleteExpiredSessions(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.selectFrom('sessions').select('id').where('id', '=', session.sessionId).execute();
    expect(left).toHaveLength(0);
  });
});
