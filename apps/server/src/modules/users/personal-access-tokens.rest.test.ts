import { describe, expect, it } from 'vitest';
import { useRestTestApp } from '../../test/rest-test-app';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('personal access tokens REST', () => {
  const t = useRestTestApp({ prefix: 'pat_', users: ['alice', 'bob'], admins: ['admin'] });
  const { tok, uid } = t;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v4${url}`,
      headers: token ? { 'private-token': token } : {},
      ...(payload ? { payload } : {}),
    });

  it('creates a token shown once, which then authenticates', async () => {
    const res = await call('POST', '/user/personal_access_tokens', tok.alice, {
      name: 'ci',
      scopes: ['read_api'],
      expires_at: tomorrow(),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'ci',
      scopes: ['read_api'],
      user_id: uid.alice,
      revoked: false,
      active: true,
      expires_at: tomorrow(),
      last_used_at: null,
      token: expect.stringMatching(/^glpat-/),
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v4/user',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json().username).toBe('pat_alice');
    // Shown once: listing never includes the secret.
    const list = await call('GET', '/personal_access_tokens', tok.alice);
    expect(list.json().every((x: Record<string, unknown>) => !('token' in x))).toBe(true);
    // read_api may read but not write.
    const write = await call('POST', '/user/personal_access_tokens', body.token, { name: 'x', scopes: ['api'] });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/insufficient_scope/);
  });

  it('validates name, scopes and expiry with 400s naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scopes: ['api'] }, 'name'],
      [{ name: 'x' }, 'scopes'],
      [{ name: 'x', scopes: ['sudo'] }, 'scopes'],
      [{ name: 'x', scopes: ['api'], expires_at: yesterday() }, 'expires_at'],
      [{ name: 'x', scopes: ['api'], expires_at: new Date().toISOString().slice(0, 10) }, 'expires_at'],
      [{ name: 'x', scopes: ['api'], expires_at: '2099-02-30' }, 'expires_at'],
      [{ name: 'x', scopes: ['api'], expires_at: 'soon' }, 'expires_at'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/user/personal_access_tokens', tok.alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(field);
    }
    const anon = await call('POST', '/user/personal_access_tokens', undefined, { name: 'x', scopes: ['api'] });
    expect(anon.statusCode).toBe(401);
  });

  it('accepts comma-separated scopes (form style)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/personal_access_tokens?name=form&scopes=api,read_user',
      headers: { 'private-token': tok.alice },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().scopes).toEqual(['api', 'read_user']);
    // No expiry asked: GitLab's maximum lifetime, 365 days (security review L9).
    expect(res.json().expires_at).toBe(new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
  });

  it('lists own tokens; only admins may list others', async () => {
    const own = await call('GET', '/personal_access_tokens', tok.bob);
    expect(own.statusCode).toBe(200);
    expect(own.json().every((x: { user_id: number }) => x.user_id === uid.bob)).toBe(true);
    expect(own.headers['x-total']).toBe(String(own.json().length));
    expect((await call('GET', `/personal_access_tokens?user_id=${uid.alice}`, tok.bob)).statusCode).toBe(403);
    const byAdmin = await call('GET', `/personal_access_tokens?user_id=${uid.alice}`, tok.admin);
    expect(byAdmin.json().length).toBeGreaterThanOrEqual(2);
    expect(byAdmin.json().every((x: { user_id: number }) => x.user_id === uid.alice)).toBe(true);
    expect((await call('GET', '/personal_access_tokens')).statusCode).toBe(401);
    expect((await call('GET', '/personal_access_tokens?state=bogus', tok.bob)).statusCode).toBe(400);
  });

  it('GET /personal_access_tokens/self describes the token in use', async () => {
    const res = await call('GET', '/personal_access_tokens/self', tok.bob);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: uid.bob, name: 'test', scopes: ['api'], active: true });
  });

  it('revokes by id (own or admin; others get 404) and self; revoked tokens are 401', async () => {
    const created = await call('POST', '/user/personal_access_tokens', tok.alice, { name: 'tmp', scopes: ['api'] });
    const { id, token } = created.json();
    expect((await call('GET', `/personal_access_tokens/${id}`, tok.bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/personal_access_tokens/${id}`, tok.bob)).statusCode).toBe(404);
    expect((await call('DELETE', '/personal_access_tokens/abc', tok.alice)).statusCode).toBe(400);
    expect((await call('DELETE', `/personal_access_tokens/${id}`, tok.alice)).statusCode).toBe(204);
    expect((await call('GET', '/user', token)).statusCode).toBe(401);
    const shown = await call('GET', `/personal_access_tokens/${id}`, tok.alice);
    expect(shown.json()).toMatchObject({ revoked: true, active: false });
    const inactive = await call('GET', '/personal_access_tokens?state=inactive', tok.alice);
    expect(inactive.json().map((x: { id: number }) => x.id)).toContain(id);

    const second = (
      await call('POST', '/user/personal_access_tokens', tok.alice, { name: 's', scopes: ['api'] })
    ).json();
    expect((await call('DELETE', '/personal_access_tokens/self', second.token)).statusCode).toBe(204);
    expect((await call('GET', '/user', second.token)).statusCode).toBe(401);

    const third = (
      await call('POST', '/user/personal_access_tokens', tok.alice, { name: 't', scopes: ['api'] })
    ).json();
    expect((await call('DELETE', `/personal_access_tokens/${third.id}`, tok.admin)).statusCode).toBe(204);
  });

  it('rejects expired tokens with 401', async () => {
    const created = (
      await call('POST', '/user/personal_access_tokens', tok.alice, { name: 'e', scopes: ['api'] })
    ).json();
    await t.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: yesterday() })
      .where('id', '=', created.id)
      .execute();
    expect((await call('GET', '/user', created.token)).statusCode).toBe(401);
  });

  it('lets only admins create tokens for other users', async () => {
    const denied = await call('POST', `/users/${uid.alice}/personal_access_tokens`, tok.bob, {
      name: 'x',
      scopes: ['api'],
    });
    expect(denied.statusCode).toBe(403);
    const ok = await call('POST', `/users/${uid.alice}/personal_access_tokens`, tok.admin, {
      name: 'impersonation',
      scopes: ['read_api'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ user_id: uid.alice, token: expect.any(String) });
    const missing = await call('POST', '/users/999999/personal_access_tokens', tok.admin, {
      name: 'x',
      scopes: ['api'],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('records last_used_at by the time the answer arrives, refreshed at most every 10 minutes', async () => {
    await call('GET', '/user', tok.bob);
    const first = (await call('GET', '/personal_access_tokens/self', tok.bob)).json().last_used_at;
    expect(first).toEqual(expect.any(String));
    await call('GET', '/user', tok.bob);
    const second = (await call('GET', '/personal_access_tokens/self', tok.bob)).json().last_used_at;
    expect(second).toBe(first);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    await t.db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: elevenMinutesAgo })
      .where('user_id', '=', uid.bob as number)
      .execute();
    await call('GET', '/user', tok.bob);
    const refreshed = (await call('GET', '/personal_access_tokens/self', tok.bob)).json().last_used_at;
    expect(new Date(refreshed).getTime()).toBeGreaterThan(elevenMinutesAgo.getTime() + 10 * 60_000);
  });
});
