import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { loadActor } from '../../policy/load-actor';
import { openMergeRequest } from '../../test/api-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { countMergeRequests } from '../merge-requests';

/** IE-74: group activity counts over the last 90 days, through the caller's visibility. */
const t = useRestTestApp({
  prefix: 'gact_',
  users: ['owner', 'dev', 'reporter', 'guest', 'outsider', 'subonly', 'banned', 'olduser'],
  admins: ['admin'],
  groups: {
    acme: {
      path: 'gactacme',
      members: {
        owner: AccessLevel.OWNER,
        dev: AccessLevel.DEVELOPER,
        reporter: AccessLevel.REPORTER,
        guest: AccessLevel.GUEST,
        banned: AccessLevel.DEVELOPER,
        olduser: AccessLevel.DEVELOPER,
      },
    },
    sub: { path: 'sub', parent: 'acme', members: { subonly: AccessLevel.DEVELOPER } },
    open: { path: 'gactopen', visibility: 20, members: { dev: AccessLevel.DEVELOPER } },
  },
  projects: {
    web: { path: 'web', group: 'acme' },
    api: { path: 'api', group: 'sub' },
    site: { path: 'site', group: 'open', visibility: 20 },
    vault: { path: 'vault', group: 'open' },
  },
});
const { api, gid, pid, uid } = t;
const DAY = 86_400_000;

async function createIssue(project: number, who: string, body: object): Promise<number> {
  const res = await api('POST', `/projects/${project}/issues`, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function createMergeRequest(project: number, title: string): Promise<number> {
  return (await openMergeRequest(api, project, 'dev', { title, source_branch: title })).id;
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** Moves a row's creation `days` into the past, out of (or into) the activity window. */
async function backdate(table: 'issues' | 'merge_requests', id: number, days: number) {
  await t.db
    .updateTable(table)
    .set({ created_at: daysAgo(days) })
    .where('id', '=', id)
    .execute();
}

beforeAll(async () => {
  const db = t.db;
  await createIssue(pid.web, 'dev', { title: 'plain' });
  await createIssue(pid.web, 'dev', { title: 'secret', confidential: true });
  const old = await createIssue(pid.web, 'dev', { title: 'old' });
  await createIssue(pid.api, 'dev', { title: 'in a subgroup' });
  await createIssue(pid.web, 'banned', { title: 'by a banned author' });
  await db
    .updateTable('users')
    .set({ state: 'banned' })
    .where('id', '=', uid.banned as number)
    .execute();
  await backdate('issues', old, 91);

  await createMergeRequest(pid.web, 'mr-web');
  const oldMr = await createMergeRequest(pid.web, 'mr-old');
  await createMergeRequest(pid.api, 'mr-api');
  await backdate('merge_requests', oldMr, 120);
  await createMergeRequest(pid.site, 'mr-site');
  await createMergeRequest(pid.vault, 'mr-vault');

  // A membership older than the window: not a new member.
  await db
    .updateTable('group_members')
    .set({ created_at: daysAgo(100) })
    .where('user_id', '=', uid.olduser as number)
    .execute();
});

const url = (count: string, groupPath: string) =>
  `/analytics/group_activity/${count}?group_path=${encodeURIComponent(groupPath)}`;

async function count(name: string, groupPath: string, who: string): Promise<number> {
  const res = await api('GET', url(name, groupPath), who);
  expect(res.statusCode, res.body).toBe(200);
  expect(Object.keys(res.json())).toEqual([name]);
  return res.json()[name];
}

describe('group activity counts (IE-74)', () => {
  it('answers GitLab’s shapes, counting the group and its subgroups over the last 90 days', async () => {
    expect((await api('GET', url('issues_count', 'gactacme'), 'reporter')).json()).toEqual({ issues_count: 3 });
    expect(await count('merge_requests_count', 'gactacme', 'reporter')).toBe(2);
    // owner, dev, reporter, guest and banned in acme, subonly in sub; olduser joined 100 days ago.
    expect(await count('new_members_count', 'gactacme', 'reporter')).toBe(6);
    expect(await count('issues_count', 'gactacme/sub', 'reporter')).toBe(1);
    expect(await count('merge_requests_count', 'gactacme/sub', 'subonly')).toBe(1);
    expect(await count('new_members_count', 'gactacme/sub', 'subonly')).toBe(1);
  });

  it('counts a confidential issue for a Reporter but not for a Guest, and a banned author’s only for admins', async () => {
    expect(await count('issues_count', 'gactacme', 'guest')).toBe(2);
    expect(await count('issues_count', 'gactacme', 'reporter')).toBe(3);
    expect(await count('issues_count', 'gactacme', 'admin')).toBe(4);
  });

  it('refuses callers GitLab refuses: 401 anonymous, 404 an unseen group, 403 a non-member who sees it', async () => {
    expect((await api('GET', url('issues_count', 'gactacme'))).statusCode).toBe(401);
    const hidden = await api('GET', url('merge_requests_count', 'gactacme'), 'outsider');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Group Not Found' });
    expect((await api('GET', url('merge_requests_count', 'gactopen'), 'outsider')).statusCode).toBe(403);
    // A subgroup member sees the parent group but is no member of it.
    expect((await api('GET', url('issues_count', 'gactacme'), 'subonly')).statusCode).toBe(403);
    expect((await api('GET', url('new_members_count', 'no-such-group'), 'admin')).statusCode).toBe(404);
  });

  it('answers 400 naming group_path when it is missing, too long or not a path', async () => {
    const missing = await api('GET', '/analytics/group_activity/issues_count', 'reporter');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'group_path is missing' });
    for (const bad of ['a'.repeat(2049), 'not a path', '']) {
      const res = await api('GET', url('issues_count', bad), 'reporter');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/^group_path /);
    }
  });

  it('counts merge requests through the reader’s visibility: a private project’s are not an outsider’s', async () => {
    // The route refuses non-members (above); the count it runs is the group list's, which hides them.
    const since = daysAgo(90);
    const actor = (name: string) =>
      loadActor(t.db, { id: uid[name] as number, username: `gact_${name}`, admin: false }, null);
    const outsider = await actor('outsider');
    const member = await actor('dev');
    expect(await countMergeRequests(t.db, outsider, { groupId: gid.open }, { createdAfter: since })).toBe(1);
    expect(await countMergeRequests(t.db, member, { groupId: gid.open }, { createdAfter: since })).toBe(2);
    expect(await count('merge_requests_count', 'gactopen', 'dev')).toBe(2);
  });
});
