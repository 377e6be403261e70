import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addProjectMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * Every rate-limit bucket against a real listening server: the request after the limit gets 429
 * with `Retry-After` and GitLab's `Retry later`, while other users and addresses go on. Runs with
 * counters in the database, and again in Redis when it is reachable.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
    socket.connect(Number(port || 6379), hostname);
  }).finally(() => undefined) as Promise<boolean>;
}

const stores: Array<[string, Record<string, string>]> = [['database', {}]];
if (await redisReachable(REDIS_URL)) stores.push(['redis', { REDIS_URL }]);

/** A fresh address per call, so buckets keyed by address start empty (TRUST_PROXY=loopback). */
const nextAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describe.each(stores)('rate limits (%s store)', (_store, env) => {
  let s: StartedServer;
  let projectId = 0;
  let projectPath = '';

  beforeAll(async () => {
    s = await startTestServer({ RATE_LIMITS: 'on', TRUST_PROXY: 'loopback', ...env });
    const group = await createGroup(s.db, { path: `rl-${randomBytes(3).toString('hex')}` });
    const project = await createProject(s.db, { namespaceId: group.id });
    projectId = project.id;
    projectPath = `${group.path}/${project.path}`;
  });
  afterAll(() => s.close());

  /** Sets limits as an administrator would (a fresh admin each time: admins' writes count too). */
  async function configure(settings: Record<string, number | boolean>) {
    const admin = await createUser(s.db, { admin: true });
    const res = await s.http('/api/v4/application/settings', {
      method: 'PUT',
      headers: { 'private-token': await createToken(s.db, admin.id), 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    expect(res.status).toBe(200);
  }

  async function member() {
    const user = await createUser(s.db);
    await addProjectMember(s.db, projectId, user.id, AccessLevel.DEVELOPER);
    return createToken(s.db, user.id);
  }

  async function expectThrottled(res: Response) {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('Retry later\n');
  }

  const signIn = (login: string, address: string) =>
    s.http('/users/sign_in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ login, password: 'wrong-password' }),
    });

  it('sign-in per address: the attempt after throttle_protected_paths_requests_per_period is 429', async () => {
    await configure({ throttle_protected_paths_requests_per_period: 3, max_login_attempts: 100 });
    const address = nextAddress();
    for (const login of ['a1', 'a2', 'a3']) expect((await signIn(login, address)).status).toBe(401);
    await expectThrottled(await signIn('a4', address));
    expect((await signIn('a4', nextAddress())).status).toBe(401);
  });

  it('sign-in per login: max_login_attempts failures lock that login from every address, not others', async () => {
    await configure({ throttle_protected_paths_requests_per_period: 100, max_login_attempts: 2 });
    const victim = `victim-${randomBytes(3).toString('hex')}`;
    expect((await signIn(victim, nextAddress())).status).toBe(401);
    expect((await signIn(victim.toUpperCase(), nextAddress())).status).toBe(401);
    await expectThrottled(await signIn(victim, nextAddress()));
    // Behind one proxy address every client looks alike: other accounts still sign in.
    const proxy = nextAddress();
    await expectThrottled(await signIn(victim, proxy));
    expect((await signIn('someone-else', proxy)).status).toBe(401);
  });

  it('sign-up per address shares the protected-paths limit', async () => {
    await configure({ throttle_protected_paths_requests_per_period: 2 });
    const address = nextAddress();
    const signUp = (n: number, from: string) =>
      s.http('/users/sign_up', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({
          username: `su${n}-${randomBytes(3).toString('hex')}`,
          name: 'Sign Up',
          email: `su${n}-${randomBytes(3).toString('hex')}@example.com`,
          password: 'password1',
        }),
      });
    expect((await signUp(1, address)).status).toBe(201);
    expect((await signUp(2, address)).status).toBe(201);
    await expectThrottled(await signUp(3, address));
    expect((await signUp(4, nextAddress())).status).toBe(201);
  });

  it('API writes per user: REST writes and GraphQL mutations share the bucket; reads and other users go on', async () => {
    await configure({ throttle_authenticated_api_requests_per_period: 3 });
    const token = await member();
    const other = await member();
    const write = (t: string) =>
      s.http(`/api/v4/projects/${projectId}/labels`, {
        method: 'POST',
        headers: { 'private-token': t, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `l-${randomBytes(4).toString('hex')}`, color: '#ff0000' }),
      });
    const graphql = (t: string, query: string) =>
      s.http('/api/graphql', {
        method: 'POST',
        headers: { 'private-token': t, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    expect((await write(token)).status).toBeLessThan(429);
    expect((await write(token)).status).toBeLessThan(429);
    const mutation = await graphql(token, 'mutation { updateEpic(input: {groupPath: "none", iid: "1"}) { errors } }');
    expect(mutation.status).not.toBe(429);
    await expectThrottled(await write(token));
    await expectThrottled(
      await graphql(token, 'mutation { updateEpic(input: {groupPath: "none", iid: "1"}) { errors } }'),
    );
    expect((await graphql(token, '{ currentUser { username } }')).status).toBe(200);
    expect((await s.http('/api/v4/user', { headers: { 'private-token': token } })).status).toBe(200);
    expect((await write(other)).status).toBeLessThan(429);
  });

  it('web-form writes per user: flooding POST /abuse_reports hits api_writes (M1)', async () => {
    await configure({ throttle_authenticated_api_requests_per_period: 3 });
    const token = await member();
    const other = await member();
    const reported = await createUser(s.db);
    const report = (t: string, category: string) =>
      s.http('/abuse_reports', {
        method: 'POST',
        headers: { 'private-token': t, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ user_id: reported.id, abuse_report: { category, message: 'flood' } }),
      });
    for (const category of ['spam', 'offensive', 'phishing']) expect((await report(token, category)).status).toBe(201);
    await expectThrottled(await report(token, 'crypto'));
    // The web form and /api/v4 share the one budget; another user goes on.
    await expectThrottled(
      await s.http('/api/v4/abuse_reports', {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: reported.id, abuse_report: { category: 'malware' } }),
      }),
    );
    expect((await report(other, 'spam')).status).toBe(201);
  });

  it('sign-out counts per address as a protected path, not in the user’s write budget', async () => {
    await configure({
      throttle_protected_paths_requests_per_period: 2,
      throttle_authenticated_api_requests_per_period: 1,
    });
    const token = await member();
    const address = nextAddress();
    const signOut = (from: string) =>
      s.http('/users/sign_out', { method: 'POST', headers: { 'private-token': token, 'x-forwarded-for': from } });
    const write = () =>
      s.http(`/api/v4/projects/${projectId}/labels`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `l-${randomBytes(4).toString('hex')}`, color: '#ff0000' }),
      });
    expect((await write()).status).toBe(201);
    await expectThrottled(await write());
    expect((await signOut(address)).status).toBe(204);
    expect((await signOut(address)).status).toBe(204);
    await expectThrottled(await signOut(address));
    expect((await signOut(nextAddress())).status).toBe(204);
  });

  it('notes per user: notes_create_limit comments a minute', async () => {
    await configure({ notes_create_limit: 2, throttle_authenticated_api_requests_per_period: 1000 });
    const token = await member();
    const other = await member();
    const issue = await s.http(`/api/v4/projects/${projectId}/issues`, {
      method: 'POST',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'rate limited notes' }),
    });
    expect(issue.status).toBe(201);
    const { iid } = (await issue.json()) as { iid: number };
    const comment = (t: string, path = 'notes') =>
      s.http(`/api/v4/projects/${projectId}/issues/${iid}/${path}`, {
        method: 'POST',
        headers: { 'private-token': t, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'hello' }),
      });
    expect((await comment(token)).status).toBe(201);
    expect((await comment(token, 'discussions')).status).toBe(201);
    await expectThrottled(await comment(token));
    expect((await comment(other)).status).toBe(201);
  });

  it('searches per user: search_rate_limit, REST `search` and GraphQL `search` variables alike', async () => {
    await configure({ search_rate_limit: 2 });
    const token = await member();
    const other = await member();
    const users = (t: string, query = '?search=user') =>
      s.http(`/api/v4/users${query}`, { headers: { 'private-token': t } });
    const epics = (t: string, search: string | null) =>
      s.http('/api/graphql', {
        method: 'POST',
        headers: { 'private-token': t, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query($s: String) { group(fullPath: "none") { epics(search: $s) { nodes { id } } } }',
          variables: { s: search },
        }),
      });
    expect((await users(token)).status).toBe(200);
    expect((await epics(token, null)).status).toBe(200); // no search given: not counted
    expect((await epics(token, 'roadmap')).status).toBe(200);
    await expectThrottled(await users(token));
    await expectThrottled(await epics(token, 'again'));
    expect((await users(token, '')).status).toBe(200);
    expect((await users(other)).status).toBe(200);
  });

  it('issue CSV exports count as searches, per user and per anonymous address', async () => {
    await configure({ search_rate_limit: 1, search_rate_limit_unauthenticated: 1 });
    const token = await member();
    const other = await member();
    const address = nextAddress();
    const exportCsv = (headers: Record<string, string>) => s.http(`/${projectPath}/-/issues.csv`, { headers });
    expect((await exportCsv({ 'private-token': token })).status).toBe(200);
    await expectThrottled(await exportCsv({ 'private-token': token }));
    // The merge request export counts in the same bucket.
    await expectThrottled(
      await s.http(`/${projectPath}/-/merge_requests.csv`, { headers: { 'private-token': token } }),
    );
    expect((await exportCsv({ 'private-token': other })).status).toBe(200);
    // Anonymous on a private project is a 404, counted all the same: the second is throttled.
    expect((await exportCsv({ 'x-forwarded-for': address })).status).toBe(404);
    await expectThrottled(await exportCsv({ 'x-forwarded-for': address }));
  });

  it('emailed CSV exports count per user in project_export_limit', async () => {
    await configure({ project_export_limit: 1 });
    const token = await member();
    const other = await member();
    const exportCsv = (who: string) =>
      s.http(`/${projectPath}/-/issues/export_csv`, {
        method: 'POST',
        headers: { 'private-token': who, accept: 'application/json' },
      });
    // This server sends no email (no SMTP_URL): a 422, counted all the same.
    expect((await exportCsv(token)).status).toBe(422);
    await expectThrottled(await exportCsv(token));
    expect((await exportCsv(other)).status).toBe(422);
  });

  it('anonymous searches per address: search_rate_limit_unauthenticated', async () => {
    await configure({ search_rate_limit_unauthenticated: 1, throttle_unauthenticated_api_requests_per_period: 1000 });
    const address = nextAddress();
    const search = (from: string) => s.http('/api/v4/projects?search=x', { headers: { 'x-forwarded-for': from } });
    expect((await search(address)).status).toBe(200);
    await expectThrottled(await search(address));
    expect((await search(nextAddress())).status).toBe(200);
  });

  it('anonymous requests per address: throttle_unauthenticated_api_requests_per_period', async () => {
    await configure({ throttle_unauthenticated_api_requests_per_period: 3 });
    const address = nextAddress();
    const get = (from: string, headers: Record<string, string> = {}) =>
      s.http('/api/v4/projects', { headers: { 'x-forwarded-for': from, ...headers } });
    for (let i = 0; i < 3; i++) expect((await get(address)).status).toBe(200);
    await expectThrottled(await get(address));
    expect((await get(nextAddress())).status).toBe(200);
    expect((await get(address, { 'private-token': await member() })).status).toBe(200);
    await configure({ throttle_unauthenticated_api_requests_per_period: 0 }); // 0 turns it off
    expect((await get(address)).status).toBe(200);
  });
});
