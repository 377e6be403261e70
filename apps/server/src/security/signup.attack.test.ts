import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warnIfSignupOpen } from '../modules/application-settings';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/** M6: registration and top-level group creation can be closed by an administrator. */
let s: StartedServer;
let admin = '';
let user = '';
let userId = 0;

beforeAll(async () => {
  s = await startTestServer();
  admin = await createToken(s.db, (await createUser(s.db, { admin: true })).id);
  const u = await createUser(s.db);
  userId = u.id;
  user = await createToken(s.db, u.id);
});
afterAll(() => s.close());

const json = (token: string | null, method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { 'private-token': token } : {}) },
  body: JSON.stringify(body),
});
const settings = (body: Record<string, boolean>) => s.http('/api/v4/application/settings', json(admin, 'PUT', body));
const config = async () => (await (await s.http('/-/config.json')).json()) as { signup_enabled: boolean };
const unique = () => randomBytes(4).toString('hex');

describe('signup_enabled', () => {
  const signUp = (username: string) =>
    s.http(
      '/users/sign_up',
      json(null, 'POST', { username, name: 'New', email: `${username}@example.com`, password: 'password1' }),
    );

  it('off: POST /users/sign_up is 404 and creates nobody; /-/config.json tells the web app', async () => {
    expect((await settings({ signup_enabled: false })).status).toBe(200);
    const username = `closed-${unique()}`;
    const res = await signUp(username);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: '404 Not Found' });
    expect(await s.db.selectFrom('users').select('id').where('username', '=', username).execute()).toHaveLength(0);
    expect((await config()).signup_enabled).toBe(false);
  });

  it('on again: registration works', async () => {
    expect((await settings({ signup_enabled: true })).status).toBe(200);
    expect((await signUp(`open-${unique()}`)).status).toBe(201);
    expect((await config()).signup_enabled).toBe(true);
  });

  it('a first start on PostgreSQL warns while sign-up is open, and only then', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    expect(await warnIfSignupOpen(s.db, { postgres: true, firstStart: true, log })).toBe(true);
    expect(lines[0]).toMatch(/sign-up is open/);
    expect(await warnIfSignupOpen(s.db, { postgres: false, firstStart: true, log })).toBe(false);
    expect(await warnIfSignupOpen(s.db, { postgres: true, firstStart: false, log })).toBe(false);
    await settings({ signup_enabled: false });
    expect(await warnIfSignupOpen(s.db, { postgres: true, firstStart: true, log })).toBe(false);
    await settings({ signup_enabled: true });
    expect(lines).toHaveLength(1);
  });
});

describe('allow_group_creation_for_users', () => {
  const newGroup = (token: string, extra: Record<string, unknown> = {}) => {
    const path = `g-${unique()}`;
    return s.http('/api/v4/groups', json(token, 'POST', { name: path, path, ...extra }));
  };

  it('off: a non-admin cannot create a top-level group (403, nothing created); admins can', async () => {
    expect((await settings({ allow_group_creation_for_users: false })).status).toBe(200);
    const before = await s.db.selectFrom('namespaces').select('id').execute();
    const refused = await newGroup(user);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      '403 Forbidden - You don’t have permission to create groups.',
    );
    expect(await s.db.selectFrom('namespaces').select('id').execute()).toHaveLength(before.length);
    expect((await newGroup(admin)).status).toBe(201);
    // GET /user says so, as GitLab's can_create_group, so clients can hide the action.
    const me = async (token: string) =>
      (
        (await (await s.http('/api/v4/user', { headers: { 'private-token': token } })).json()) as {
          can_create_group: boolean;
        }
      ).can_create_group;
    expect(await me(user)).toBe(false);
    expect(await me(admin)).toBe(true);
  });

  it('off: subgroups still follow the parent (an Owner may create one, as in GitLab)', async () => {
    const parent = await createGroup(s.db, { path: `p-${unique()}` });
    await addGroupMember(s.db, parent.id, userId, AccessLevel.OWNER);
    expect((await newGroup(user, { parent_id: parent.id })).status).toBe(201);
  });

  it('on again: users create top-level groups', async () => {
    expect((await settings({ allow_group_creation_for_users: true })).status).toBe(200);
    expect((await newGroup(user)).status).toBe(201);
    const res = await s.http('/api/v4/user', { headers: { 'private-token': user } });
    expect(((await res.json()) as { can_create_group: boolean }).can_create_group).toBe(true);
  });
});
