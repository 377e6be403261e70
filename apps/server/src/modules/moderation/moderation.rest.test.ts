import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createUsersWithTokens, expectStatuses } from '../../test/api-client';
import { addGroupMember, createPublicGroupProject, createUser } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useTestApp } from '../../test/use-test-app';

/**
 * Moderation (issue 12 "Safety"): reporting a user (IE-20), the admin queue and its actions on the
 * reported user, and what a ban or "Submit as spam" (IE-22) hides: a banned author's issues and spam
 * disappear for everyone but admins — single GET, lists, counts, search, GraphQL — and come back
 * when the user is trusted again.
 */
const t = useTestApp();
const users = { tok: {} as Record<string, string>, uid: {} as Record<string, number> };
const api = apiClient(() => t.app, users.tok);
let projectId = 0;
let projectPath = '';
let groupId = 0;

const report = (userId: number, category = 'spam') => ({
  user_id: userId,
  abuse_report: { category, reported_from_url: 'http://localhost/x/-/issues/1' },
});

async function newIssue(who: string, title: string): Promise<number> {
  const res = await api('POST', `/projects/${projectId}/issues`, who, { title });
  expect(res.statusCode).toBe(201);
  return res.json().iid;
}

/** What `who` can find of issue `iid` titled `title`: single GET, project list + X-Total, search, GraphQL. */
async function visibility(who: string, iid: number, title: string) {
  const single = await api('GET', `/projects/${projectId}/issues/${iid}`, who);
  const list = await api('GET', `/projects/${projectId}/issues?per_page=100`, who);
  const search = await api('GET', `/issues?scope=all&search=${encodeURIComponent(title)}`, who);
  const graph = await gql(
    t.app,
    `query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) { title hidden } issues { count } } }`,
    { p: projectPath, iid: String(iid) },
    users.tok[who],
  );
  return {
    single: single.statusCode,
    hiddenFlag: single.statusCode === 200 ? single.json().hidden : undefined,
    listed: list.json().some((i: { iid: number }) => i.iid === iid),
    total: Number(list.headers['x-total']),
    searched: search.json().some((i: { title: string }) => i.title === title),
    graphql: dig(graph.body.data, 'project', 'issue', 'title') ?? null,
    graphqlCount: dig(graph.body.data, 'project', 'issues', 'count'),
  };
}

beforeAll(async () => {
  await createUsersWithTokens(t.db, ['reporter', 'author', 'viewer', 'other'], { prefix: 'mod-', into: users });
  await createUsersWithTokens(t.db, ['admin'], { prefix: 'mod-', admin: true, into: users });
  const { project } = await createPublicGroupProject(t.db, 'modgroup');
  projectId = project.id;
  groupId = project.namespace_id;
  projectPath = 'modgroup/open';
});

describe('reporting a user (IE-20)', () => {
  it('refuses anonymous callers, bad categories, oneself and unknown users', async () => {
    await expectStatuses(api, [
      ['POST', '/abuse_reports', undefined, report(users.uid.author!), 401],
      ['POST', '/abuse_reports', 'reporter', { user_id: users.uid.author }, 400],
      ['POST', '/abuse_reports', 'reporter', report(users.uid.author!, 'rude'), 400],
      ['POST', '/abuse_reports', 'reporter', report(users.uid.reporter!), 422],
      ['POST', '/abuse_reports', 'reporter', report(999_999), 404],
    ]);
    const missing = await api('POST', '/abuse_reports', 'reporter', { user_id: users.uid.author });
    expect(missing.json().error).toBe('abuse_report is missing');
    const bad = await api('POST', '/abuse_reports', 'reporter', report(users.uid.author!, 'rude'));
    expect(bad.json().error).toMatch(/^abuse_report\.category is invalid/);
    const long = await api('POST', '/abuse_reports', 'reporter', {
      user_id: users.uid.author,
      abuse_report: { category: 'spam', reported_from_url: `http://x/${'a'.repeat(600)}` },
    });
    expect(long.statusCode).toBe(400);
  });

  it('takes GitLab’s form post beside the pages: a redirect for a form, JSON for the web app', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/abuse_reports',
      headers: { 'private-token': users.tok.reporter!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${users.uid.author}&abuse_report%5Bcategory%5D=phishing&abuse_report%5Breported_from_url%5D=http%3A%2F%2Flocalhost%2Fa`,
    });
    expect(form.statusCode).toBe(302);
    const json = await t.app.inject({
      method: 'POST',
      url: '/abuse_reports',
      headers: { 'private-token': users.tok.reporter!, accept: 'application/json' },
      payload: report(users.uid.author!, 'offensive'),
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().message).toBe('Thank you for your report. An administrator will look into it shortly.');
    const anonymous = await t.app.inject({ method: 'POST', url: '/abuse_reports', payload: report(users.uid.author!) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('one report per reporter, reported user and category (GitLab’s uniqueness)', () => {
  /** A user nobody else in this file reports, so the admin queue's filters elsewhere stay exact. */
  const target = async () => (await createUser(t.db)).id;

  it('answers the second 400 “You have already reported this user”, on /api/v4 and the web form alike', async () => {
    const reported = await target();
    const first = await api('POST', '/abuse_reports', 'viewer', report(reported, 'copyright'));
    expect(first.statusCode).toBe(201);
    const again = await api('POST', '/abuse_reports', 'viewer', report(reported, 'copyright'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'You have already reported this user', field: 'user_id' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/abuse_reports',
      headers: { 'private-token': users.tok.viewer!, accept: 'application/json' },
      payload: report(reported, 'copyright'),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe('You have already reported this user');
    // Another category, or another reporter, is a new report.
    expect((await api('POST', '/abuse_reports', 'viewer', report(reported, 'credentials'))).statusCode).toBe(201);
    expect((await api('POST', '/abuse_reports', 'author', report(reported, 'copyright'))).statusCode).toBe(201);
  });

  it('counts closed reports too, as GitLab does', async () => {
    const reported = await target();
    const created = await api('POST', '/abuse_reports', 'viewer', report(reported, 'crypto'));
    const closed = await api('PUT', `/admin/abuse_reports/${created.json().id}`, 'admin', { status: 'closed' });
    expect(closed.json().status).toBe('closed');
    expect((await api('POST', '/abuse_reports', 'viewer', report(reported, 'crypto'))).statusCode).toBe(400);
  });

  it('stores one of two concurrent identical reports', async () => {
    const reported = await target();
    const both = await Promise.all([
      api('POST', '/abuse_reports', 'viewer', report(reported, 'phishing')),
      api('POST', '/abuse_reports', 'viewer', report(reported, 'phishing')),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const stored = await t.db
      .selectFrom('abuse_reports')
      .select('id')
      .where('reporter_id', '=', users.uid.viewer!)
      .where('user_id', '=', reported)
      .where('category', '=', 'phishing')
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe('the admin queue', () => {
  it('is for instance admins only (401 anonymous, 403 others)', async () => {
    await expectStatuses(api, [
      ['GET', '/admin/abuse_reports', undefined, undefined, 401],
      ['GET', '/admin/abuse_reports', 'viewer', undefined, 403],
      ['GET', '/admin/abuse_reports/1', 'viewer', undefined, 403],
      ['PUT', '/admin/abuse_reports/1', 'viewer', { status: 'closed' }, 403],
      ['DELETE', '/admin/abuse_reports/1', 'viewer', undefined, 403],
      ['GET', '/admin/spam_logs', 'viewer', undefined, 403],
      ['GET', '/admin/abuse_reports/999999', 'admin', undefined, 404],
      ['PUT', '/admin/abuse_reports/999999', 'admin', { status: 'closed' }, 404],
      ['GET', '/admin/abuse_reports?status=gone', 'admin', undefined, 400],
    ]);
  });

  it('lists open reports first with GitLab’s fields, filters, closes, reopens and deletes', async () => {
    const created = await api('POST', '/abuse_reports', 'reporter', report(users.uid.other!, 'malware'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const list = await api('GET', '/admin/abuse_reports?category=malware', 'admin');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('1');
    expect(list.json()[0]).toMatchObject({
      id,
      category: 'malware',
      status: 'open',
      reported_from_url: 'http://localhost/x/-/issues/1',
      reporter: { username: 'mod-reporter' },
      user: { username: 'mod-other', state: 'active' },
      resolved_by: null,
    });
    const byUser = await api('GET', '/admin/abuse_reports?user=mod-other', 'admin');
    expect(byUser.json().map((r: { id: number }) => r.id)).toEqual([id]);
    const closed = await api('PUT', `/admin/abuse_reports/${id}`, 'admin', { status: 'closed' });
    expect(closed.json()).toMatchObject({
      status: 'closed',
      resolution: 'close',
      resolved_by: { username: 'mod-admin' },
    });
    const open = await api('GET', '/admin/abuse_reports?status=open&category=malware', 'admin');
    expect(open.json()).toEqual([]);
    const reopened = await api('PUT', `/admin/abuse_reports/${id}`, 'admin', { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', resolution: null });
    expect((await api('PUT', `/admin/abuse_reports/${id}`, 'admin', {})).statusCode).toBe(400);
    expect((await api('DELETE', `/admin/abuse_reports/${id}`, 'admin')).statusCode).toBe(204);
    expect((await api('GET', `/admin/abuse_reports/${id}`, 'admin')).statusCode).toBe(404);
  });
});

describe('a ban hides the author’s issues from everyone but admins', () => {
  it('disappears for a non-admin everywhere, shows hidden to admins, and comes back on Trust', async () => {
    const title = 'moderation banned-author issue';
    const iid = await newIssue('author', title);
    const before = await visibility('viewer', iid, title);
    expect(before).toMatchObject({ single: 200, hiddenFlag: false, listed: true, searched: true, graphql: title });

    const created = await api('POST', '/abuse_reports', 'reporter', report(users.uid.author!, 'spam'));
    const banned = await api('PUT', `/admin/abuse_reports/${created.json().id}`, 'admin', { user_action: 'ban_user' });
    expect(banned.json()).toMatchObject({ status: 'closed', resolution: 'ban_user', user: { state: 'banned' } });

    const hidden = await visibility('viewer', iid, title);
    expect(hidden).toMatchObject({ single: 404, listed: false, searched: false, graphql: null });
    expect(hidden.total).toBe(before.total - 1);
    expect(hidden.graphqlCount).toBe((before.graphqlCount as number) - 1);
    // The banned author's token no longer works; admins still see the issue, flagged hidden.
    expect((await api('GET', `/projects/${projectId}/issues/${iid}`, 'author')).statusCode).toBe(401);
    const admin = await visibility('admin', iid, title);
    expect(admin).toMatchObject({ single: 200, hiddenFlag: true, listed: true, searched: true, graphql: title });
    // A banned user can no longer be reported by non-admins (not visible: 404).
    expect((await api('POST', '/abuse_reports', 'viewer', report(users.uid.author!))).statusCode).toBe(404);

    const again = await api('POST', '/abuse_reports', 'admin', report(users.uid.author!, 'other'));
    const trusted = await api('PUT', `/admin/abuse_reports/${again.json().id}`, 'admin', { user_action: 'trust_user' });
    expect(trusted.json()).toMatchObject({ resolution: 'trust_user', user: { state: 'active' } });
    expect(await visibility('viewer', iid, title)).toMatchObject({ single: 200, hiddenFlag: false, listed: true });
  });

  it('hides a banned author’s epics too (single, list, GraphQL), except from admins', async () => {
    await addGroupMember(t.db, groupId, users.uid.other!, 15);
    const created = await api('POST', `/groups/${groupId}/epics`, 'other', { title: 'moderation banned epic' });
    expect(created.statusCode).toBe(201);
    const iid = created.json().iid;
    const seen = async (who: string) => {
      const single = await api('GET', `/groups/${groupId}/epics/${iid}`, who);
      const list = await api('GET', `/groups/${groupId}/epics?per_page=100`, who);
      const graph = await gql(
        t.app,
        `query($g: ID!, $iid: ID!) { group(fullPath: $g) { epic(iid: $iid) { title } } }`,
        { g: 'modgroup', iid: String(iid) },
        users.tok[who],
      );
      return {
        single: single.statusCode,
        hidden: single.statusCode === 200 ? single.json().hidden : undefined,
        listed: list.json().some((e: { iid: number }) => e.iid === iid),
        graphql: dig(graph.body.data, 'group', 'epic', 'title') ?? null,
      };
    };
    expect(await seen('viewer')).toEqual({
      single: 200,
      hidden: false,
      listed: true,
      graphql: 'moderation banned epic',
    });
    const reported = await api('POST', '/abuse_reports', 'reporter', report(users.uid.other!, 'offensive'));
    await api('PUT', `/admin/abuse_reports/${reported.json().id}`, 'admin', { user_action: 'ban_user' });
    expect(await seen('viewer')).toEqual({ single: 404, hidden: undefined, listed: false, graphql: null });
    expect(await seen('admin')).toMatchObject({ single: 200, hidden: true, listed: true });
    const again = await api('POST', '/abuse_reports', 'admin', report(users.uid.other!, 'other'));
    await api('PUT', `/admin/abuse_reports/${again.json().id}`, 'admin', { user_action: 'trust_user' });
    expect(await seen('viewer')).toMatchObject({ single: 200, listed: true });
  });

  it('never blocks or bans an administrator', async () => {
    const created = await api('POST', '/abuse_reports', 'reporter', report(users.uid.admin!, 'spam'));
    const res = await api('PUT', `/admin/abuse_reports/${created.json().id}`, 'admin', { user_action: 'block_user' });
    expect(res.statusCode).toBe(403);
  });
});

describe('Submit as spam (IE-22)', () => {
  const markAsSpam = (who: string | undefined, iid: number, path = projectPath) =>
    t.app.inject({
      method: 'POST',
      url: `/${path}/-/issues/${iid}/mark_as_spam`,
      headers: { accept: 'application/json', ...(who ? { 'private-token': users.tok[who] ?? '' } : {}) },
    });

  it('is for admins only, hides the issue like a ban and writes a spam log', async () => {
    const title = 'moderation spam issue';
    const iid = await newIssue('other', title);
    const perms = async (who: string) =>
      dig(
        (
          await gql(
            t.app,
            `query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) { userPermissions { reportSpam } } } }`,
            { p: projectPath, iid: String(iid) },
            users.tok[who],
          )
        ).body.data,
        'project',
        'issue',
        'userPermissions',
        'reportSpam',
      );
    expect(await perms('viewer')).toBe(false);
    expect(await perms('admin')).toBe(true);
    expect((await markAsSpam(undefined, iid)).statusCode).toBe(401);
    expect((await markAsSpam('viewer', iid)).statusCode).toBe(403);
    expect((await markAsSpam('admin', 9999)).statusCode).toBe(404);
    expect((await markAsSpam('admin', iid, 'modgroup/nope')).statusCode).toBe(404);
    const ok = await markAsSpam('admin', iid);
    expect(ok.statusCode).toBe(200);
    expect((await markAsSpam('admin', iid)).statusCode).toBe(200);

    expect(await visibility('viewer', iid, title)).toMatchObject({ single: 404, listed: false, searched: false });
    expect(await visibility('other', iid, title)).toMatchObject({ single: 404, listed: false });
    expect(await visibility('admin', iid, title)).toMatchObject({ single: 200, hiddenFlag: true });

    const logs = await api('GET', '/admin/spam_logs', 'admin');
    expect(logs.headers['x-total']).toBe('1');
    expect(logs.json()[0]).toMatchObject({
      noteable_type: 'Issue',
      title,
      user: { username: 'mod-other' },
      submitted_by: { username: 'mod-admin' },
    });
  });
});
