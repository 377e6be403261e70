import { beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

describe('users REST', () => {
  const t = useTestApp();
  let adminToken: string;
  let userToken: string;
  let userId: number;
  beforeAll(async () => {
    const admin = await createUser(t.db, { username: 'u_admin', name: 'Ada Admin', admin: true });
    const user = await createUser(t.db, { username: 'u_zoe', name: 'Zoe Zed' });
    await createUser(t.db, { username: 'u_blocked', name: 'Blocked Bea', state: 'blocked' });
    await createUser(t.db, { username: 'u_banned', name: 'Banned Ben', state: 'banned' });
    adminToken = await createToken(t.db, admin.id);
    userToken = await createToken(t.db, user.id, ['read_user']);
    userId = user.id;
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/v4${url}`, headers: token ? { 'private-token': token } : {} });

  it('GET /user needs authentication and returns the own profile', async () => {
    expect((await get('/user')).statusCode).toBe(401);
    expect((await get('/user', 'glpat-unknown')).statusCode).toBe(401);
    const res = await get('/user', userToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: userId,
      username: 'u_zoe',
      name: 'Zoe Zed',
      state: 'active',
      email: 'u_zoe@example.com',
      is_admin: false,
      bio: '',
      web_url: 'http://localhost:3000/u_zoe',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.json()).not.toHaveProperty('password_hash');
  });

  it('GET /users lists basic users with pagination headers, anonymous included', async () => {
    const res = await get('/users?per_page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total']).toBe('2'); // blocked and banned hidden from non-admins
    expect(res.headers['x-total-pages']).toBe('1');
    const paged = await get('/users?per_page=1');
    expect(paged.headers['x-next-page']).toBe('2');
    expect(paged.headers.link).toContain('rel="next"');
    const first = res.json()[0];
    expect(Object.keys(first).sort()).toEqual(['avatar_url', 'id', 'locked', 'name', 'state', 'username', 'web_url']);
    expect(res.json()[0].id).toBeGreaterThan(res.json()[1].id); // id desc by default
  });

  it('filters by username, search and active', async () => {
    const byName = await get('/users?username=U_ZOE');
    expect(byName.json().map((u: { username: string }) => u.username)).toEqual(['u_zoe']);
    const search = await get('/users?search=zed');
    expect(search.json().map((u: { username: string }) => u.username)).toEqual(['u_zoe']);
    // Blocked users and email matches: admins only (security review L8, M4).
    expect((await get('/users?search=bea')).json()).toEqual([]);
    const blocked = await get('/users?search=bea', adminToken);
    expect(blocked.json().map((u: { username: string }) => u.username)).toEqual(['u_blocked']);
    expect((await get('/users?search=u_admin@example.com')).json()).toEqual([]);
    const byEmail = await get('/users?search=u_admin@example.com', adminToken);
    expect(byEmail.json().map((u: { username: string }) => u.username)).toEqual(['u_admin']);
    const active = await get('/users?active=true&order_by=username&sort=asc');
    expect(active.json().map((u: { username: string }) => u.username)).toEqual(['u_admin', 'u_zoe']);
    const noMatch = await get('/users?search=%25');
    expect(noMatch.json()).toEqual([]);
  });

  it('shows admins everyone, with emails', async () => {
    const res = await get('/users', adminToken);
    expect(res.headers['x-total']).toBe('4');
    expect(res.json()[0]).toHaveProperty('email');
    expect(res.json()[0]).toHaveProperty('is_admin');
  });

  it('validates list parameters', async () => {
    expect((await get('/users?per_page=1000')).statusCode).toBe(400);
    expect((await get('/users?order_by=password')).statusCode).toBe(400);
    expect((await get('/users?active=maybe')).statusCode).toBe(400);
  });

  it('GET /users/:id returns the public profile, 404 when unknown, 400 when malformed', async () => {
    const res = await get(`/users/${userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, username: 'u_zoe', bio: '', bot: false });
    expect(res.json()).not.toHaveProperty('email');
    expect((await get(`/users/${userId}`, adminToken)).json().email).toBe('u_zoe@example.com');
    expect((await get('/users/999999')).json()).toEqual({ message: '404 User Not Found' });
    expect((await get('/users/999999')).statusCode).toBe(404);
    expect((await get('/users/abc')).statusCode).toBe(400);
    const banned = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'u_banned')
      .executeTakeFirstOrThrow();
    expect((await get(`/users/${banned.id}`)).statusCode).toBe(404);
    expect((await get(`/users/${banned.id}`, adminToken)).statusCode).toBe(200);
  });

  it('a read_user token may read users but nothing else', async () => {
    expect((await get('/users', userToken)).statusCode).toBe(200);
    expect((await get('/groups', userToken)).statusCode).toBe(403);
  });
});
