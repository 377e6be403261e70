import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { CliError } from '../../cli/cli-error';
import { runLdapSync } from '../../cli/ldap-sync';
import { loadConfig } from '../../config';
import { type ApiClient, apiClient, createUsersWithTokens } from '../../test/api-client';
import { launchChromium } from '../../test/chromium';
import { addGroupMember, createGroup, createUser } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { createTestApp, type TestApp } from '../../test/harness';
import { LDAP_USERS, personDn, type Slapd, startSlapd } from '../../test/slapd';
import { hasWebBuild } from '../../test/web-app-server';
import { LDAP_PROVIDER, ldapSettings, syncLdapGroupLinks } from '.';

/**
 * IE-72 against a real directory: Debian's slapd (`npm run test:setup` installs it), started once
 * for this file with the test directory of test/slapd.ts, and Meridian configured to use it.
 */
let slapd: Slapd;
let t: TestApp;
let api: ApiClient;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let groupId: number;

beforeAll(async () => {
  slapd = await startSlapd();
  t = await createTestApp(slapd.env);
  await createUsersWithTokens(t.db, ['member', 'owner'], { prefix: 'ldap-', into: { tok, uid } });
  await createUsersWithTokens(t.db, ['admin'], { prefix: 'ldap-', admin: true, into: { tok, uid } });
  groupId = (await createGroup(t.db, { path: 'ldap-planning' })).id;
  await addGroupMember(t.db, groupId, uid.owner as number, 50);
  api = apiClient(() => t.app, tok);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

const person = (name: string) => {
  const found = LDAP_USERS.find((u) => u.uid === name);
  if (!found) throw new Error(name);
  return found;
};
const signIn = (login: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { login, password } });
const identityCount = async (dn: string) =>
  (await t.db.selectFrom('identities').select('id').where('extern_uid', '=', dn).execute()).length;
const memberLevel = async (userId: number) =>
  (
    await t.db
      .selectFrom('group_members')
      .select('access_level')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.access_level ?? null;

describe('LDAP groups search', () => {
  it('lists the directory’s groups by cn prefix as [{ cn }], under both paths', async () => {
    const all = await api('GET', '/ldap/ldapmain/groups.json', 'admin');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([{ cn: 'auditors' }, { cn: 'planners' }, { cn: 'planning-leads' }]);
    const plan = await api('GET', '/ldap/ldapmain/groups.json?search=plan&per_page=20&active=true', 'admin');
    expect(plan.json()).toEqual([{ cn: 'planners' }, { cn: 'planning-leads' }]);
    expect((await api('GET', '/ldap/groups?search=aud', 'owner')).json()).toEqual([{ cn: 'auditors' }]);
    expect((await api('GET', '/ldap/ldapmain/groups?per_page=1', 'admin')).json()).toHaveLength(1);
  });

  it('treats a filter injection as a literal cn prefix: it finds nothing', async () => {
    for (const search of ['*)(uid=*', '*', '*)(cn=*', 'p*)(|(objectClass=*']) {
      const res = await api('GET', `/ldap/ldapmain/groups.json?search=${encodeURIComponent(search)}`, 'admin');
      expect(res.statusCode, search).toBe(200);
      expect(res.json(), search).toEqual([]);
    }
  });

  it('is 401 anonymous, 403 for a user who owns no group, 404 for another provider, 400 for a long search', async () => {
    expect((await api('GET', '/ldap/ldapmain/groups.json')).statusCode).toBe(401);
    expect((await api('GET', '/ldap/ldapmain/groups.json', 'member')).statusCode).toBe(403);
    expect((await api('GET', '/ldap/groups', 'member')).statusCode).toBe(403);
    expect((await api('GET', '/ldap/ldapsecondary/groups.json', 'admin')).statusCode).toBe(404);
    const long = await api('GET', `/ldap/ldapmain/groups.json?search=${'a'.repeat(256)}`, 'admin');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/^search /);
  });
});

describe('LDAP sign-in', () => {
  it('creates the LDAP user at the first sign-in and reuses it at the second', async () => {
    const alice = person('alice');
    const first = await signIn('alice', alice.password);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toMatchObject({ username: 'alice', name: 'Alice Ldap' });
    const id = first.json().user.id;
    expect(await identityCount(personDn('alice'))).toBe(1);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.email).toBe(alice.mail);

    const second = await signIn('alice', alice.password);
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(id);
    // By mail too: the same person, the same user.
    expect((await signIn(alice.mail, alice.password)).json().user.id).toBe(id);
    expect(await identityCount(personDn('alice'))).toBe(1);
    expect((await t.db.selectFrom('users').select('id').where('username', 'like', 'alice%').execute()).length).toBe(1);
  });

  it('links a local user by email, never an administrator', async () => {
    const dave = await createUser(t.db, { username: 'dave-local' });
    await t.db.updateTable('users').set({ email: 'dave@local.meridian.test' }).where('id', '=', dave.id).execute();
    const linked = await signIn('dave', 'dave-ldap-password');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user.id).toBe(dave.id);
    expect(await identityCount(personDn('dave'))).toBe(1);

    const admin = await createUser(t.db, { username: 'root-admin', admin: true });
    await t.db
      .updateTable('users')
      .set({ email: 'root-admin@local.meridian.test' })
      .where('id', '=', admin.id)
      .execute();
    const refused = await signIn('mallory', 'mallory-ldap-password');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Invalid login or password.' });
    expect(await identityCount(personDn('mallory'))).toBe(0);
  });

  it('refuses a wrong password, an empty one and an unknown login with the local answer', async () => {
    for (const [login, password] of [
      ['bob', 'not-bobs-password'],
      ['bob', ''],
      ['nobody', 'whatever-password'],
      ['*', 'bob-ldap-password'],
      ['*)(uid=*', 'bob-ldap-password'],
    ] as const) {
      const res = await signIn(login, password);
      expect(res.statusCode, login).toBe(401);
      expect(res.json(), login).toEqual({ message: 'Invalid login or password.' });
    }
    expect(await identityCount(personDn('bob'))).toBe(0);
  });
});

describe('LDAP group links', () => {
  it('adds, lists and removes links (owners and administrators), GitLab’s shapes and errors', async () => {
    const base = `/groups/${groupId}/ldap_group_links`;
    expect((await api('GET', base, 'owner')).json()).toEqual({ message: 'No linked LDAP groups found' });
    expect(
      (await api('POST', base, undefined, { cn: 'planners', group_access: 30, provider: 'ldapmain' })).statusCode,
    ).toBe(401);
    expect(
      (await api('POST', base, 'member', { cn: 'planners', group_access: 30, provider: 'ldapmain' })).statusCode,
    ).toBe(404);
    const created = await api('POST', base, 'owner', { cn: 'planners', group_access: 30, provider: 'ldapmain' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      cn: 'planners',
      group_access: 30,
      provider: 'ldapmain',
      filter: null,
      member_role_id: null,
    });
    expect(
      (await api('POST', base, 'owner', { cn: 'planners', group_access: 30, provider: 'ldapmain' })).statusCode,
    ).toBe(409);
    const bad = await api('POST', base, 'owner', { cn: 'x', group_access: 31, provider: 'ldapmain' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, expect.stringMatching(/^group_access /)]);
    const filter = await api('POST', base, 'owner', { filter: '(uid=*)', group_access: 30, provider: 'ldapmain' });
    expect([filter.statusCode, filter.json().error]).toEqual([400, expect.stringMatching(/^cn is missing/)]);
    const both = await api('POST', base, 'owner', {
      cn: 'x',
      filter: '(uid=*)',
      group_access: 30,
      provider: 'ldapmain',
    });
    expect([both.statusCode, both.json().error]).toEqual([400, expect.stringMatching(/^filter /)]);
    const noProvider = await api('POST', base, 'owner', { cn: 'x', group_access: 30, provider: 'other' });
    expect([noProvider.statusCode, noProvider.json().error]).toEqual([400, expect.stringMatching(/^provider /)]);
    expect(
      (await api('POST', base, 'admin', { cn: 'auditors', group_access: 20, provider: 'ldapmain' })).statusCode,
    ).toBe(201);
    expect((await api('GET', base, 'admin')).json().map((l: { cn: string }) => l.cn)).toEqual(['planners', 'auditors']);
    expect((await api('DELETE', `${base}/ldapmain/auditors`, 'owner')).statusCode).toBe(204);
    expect((await api('DELETE', `${base}/auditors`, 'owner')).json()).toEqual({
      message: 'Linked LDAP group not found',
    });
  });

  it('syncs: a linked LDAP group’s users become members with its access level, one who left is removed', async () => {
    const settings = ldapSettings(t.ctx.config);
    if (!settings) throw new Error('LDAP is configured in this file');
    // bob signs in: his sign-in syncs his own memberships (planners → Developer).
    const bob = await signIn('bob', person('bob').password);
    expect(bob.statusCode, bob.body).toBe(200);
    const bobId = bob.json().user.id;
    expect(await memberLevel(bobId)).toBe(30);
    // alice signed in before the link existed: the background sync adds her.
    const aliceId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()
    ).id;
    expect(await memberLevel(aliceId)).toBe(null);
    // A second link with a higher access level: alice is also in planning-leads.
    await api('POST', `/groups/${groupId}/ldap_group_links`, 'owner', {
      cn: 'planning-leads',
      group_access: 40,
      provider: LDAP_PROVIDER,
    });
    expect(await syncLdapGroupLinks(t.db, settings)).toEqual({ added: 1, updated: 0, removed: 0 });
    expect(await memberLevel(aliceId)).toBe(40);
    expect(await memberLevel(bobId)).toBe(30);

    await slapd.removeFromGroup('planners', 'bob');
    expect(await syncLdapGroupLinks(t.db, settings)).toEqual({ added: 0, updated: 0, removed: 1 });
    expect(await memberLevel(bobId)).toBe(null);
    expect(await memberLevel(aliceId)).toBe(40);
    // Members without an LDAP identity are the owners' business, not the sync's.
    expect(await memberLevel(uid.owner as number)).toBe(50);

    // "Sync group with LDAP": the group's owners, now.
    await t.db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', aliceId).execute();
    expect((await api('POST', `/groups/${groupId}/ldap_sync`)).statusCode).toBe(401);
    expect((await api('POST', `/groups/${groupId}/ldap_sync`, 'member')).statusCode).toBe(404);
    const sync = await api('POST', `/groups/${groupId}/ldap_sync`, 'owner');
    expect([sync.statusCode, sync.json()]).toEqual([202, { message: '202 Accepted' }]);
    expect(await memberLevel(aliceId)).toBe(40);
    const members = await api('GET', `/groups/${groupId}/members`, 'owner');
    expect(
      members
        .json()
        .map((m: { username: string }) => m.username)
        .sort(),
    ).toEqual(['alice', 'ldap-owner']);
  });
});

describe('LDAP sign-in rate limits', () => {
  it('counts wrong LDAP passwords against the login as local ones: locked, even with the right password', async () => {
    const limited = await createTestApp({ ...slapd.env, RATE_LIMITS: 'on' });
    try {
      const { tok: admin } = await createUsersWithTokens(limited.db, ['admin'], {
        prefix: 'ldap-limits-',
        admin: true,
      });
      const set = await apiClient(limited.app, admin)('PUT', '/application/settings', 'admin', {
        max_login_attempts: 2,
      });
      expect(set.statusCode, set.body).toBe(200);
      let address = 0;
      // From a new address each time: the per-address limit of protected paths stays out of it.
      const attempt = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/users/sign_in',
          payload: { login: 'carol', password },
          remoteAddress: `10.0.0.${++address}`,
        });
      for (let i = 0; i < 2; i++) {
        const wrong = await attempt('not-carols-password');
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ message: 'Invalid login or password.' });
      }
      expect((await attempt(person('carol').password)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('an LDAP server that does not answer', () => {
  it('fails a sign-in as a wrong password does, and the group search with 502', async () => {
    const down = await createTestApp({ ...slapd.env, LDAP_URL: `ldap://127.0.0.1:${await freePort()}` });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { login: 'alice', password: person('alice').password },
      });
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Invalid login or password.' }]);
      const { tok: admin } = await createUsersWithTokens(down.db, ['admin'], { prefix: 'ldap-down-', admin: true });
      const groups = await apiClient(down.app, admin)('GET', '/ldap/ldapmain/groups.json', 'admin');
      expect(groups.statusCode).toBe(502);
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe('meridian ldap-sync', () => {
  // The command opens and migrates its own embedded database in a new DATA_DIR: ~5 s idle, more under load.
  it('syncs once and says what changed; refuses to run without LDAP configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-ldap-sync-'));
    try {
      const lines: string[] = [];
      const config = loadConfig({ ...slapd.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      await runLdapSync([], config, (line) => lines.push(line));
      expect(lines).toEqual(['LDAP group sync: 0 added, 0 updated, 0 removed.']);
      await expect(runLdapSync([], loadConfig({ DATA_DIR: dataDir }))).rejects.toBeInstanceOf(CliError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the web app’s sign-in form', () => {
  it.skipIf(!hasWebBuild)(
    'signs an LDAP user in through the form in Chromium',
    async () => {
      const web = await buildApp(t.ctx, { serveWeb: true });
      const url = await web.listen({ port: 0, host: '127.0.0.1' });
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${url}/users/sign_in`);
        await page.getByLabel('Username or primary email').fill('carol');
        await page.getByLabel('Password').fill('not-carols-password');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('Invalid login or password.').waitFor();
        await page.getByLabel('Password').fill(person('carol').password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: /^Hi, / }).waitFor();
        const shots = fileURLToPath(new URL('../../../../../e2e/test-results/screenshots/', import.meta.url));
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, 'ldap-sign-in.png') });
        expect(await identityCount(personDn('carol'))).toBe(1);
      } finally {
        await browser.close();
        await web.close();
      }
    },
    60_000,
  );
});

describe('slapd', () => {
  it('starts in a few seconds', () => {
    expect(slapd.startedInMs).toBeLessThan(5000);
  });
});
