import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { createMilestone } from '../../test/factories';
import { MEMBER_PER_ROLE } from '../../test/named-namespaces';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE-73: code review analytics, the open merge requests of a project, longest in review first. */
const t = useRestTestApp({
  prefix: 'crev_',
  users: ['maint', 'dev', 'reporter', 'guest', 'outsider'],
  admins: ['admin'],
  groups: {
    acme: { path: 'crevacme' },
    open: { path: 'crevopen', visibility: 20 },
  },
  projects: {
    app: { path: 'app', group: 'acme', members: MEMBER_PER_ROLE },
    site: { path: 'site', group: 'open', visibility: 20, members: { dev: AccessLevel.DEVELOPER } },
  },
});
const { api, pid, uid } = t;
const HOUR = 3_600_000;
const iid: Record<string, number> = {};
const id: Record<string, number> = {};

async function createMergeRequest(project: number, key: string, body: object = {}) {
  const mr = await openMergeRequest(api, project, 'dev', { title: `mr ${key}`, source_branch: key, ...body });
  iid[key] = mr.iid;
  id[key] = mr.id;
}

async function comment(key: string, who: string, hoursAgo: number) {
  const res = await api('POST', `/projects/${pid.app}/merge_requests/${iid[key]}/notes`, who, { body: 'looks good' });
  expect(res.statusCode, res.body).toBe(201);
  const at = new Date(Date.now() - hoursAgo * HOUR);
  await t.db.updateTable('notes').set({ created_at: at }).where('id', '=', res.json().id).execute();
}

beforeAll(async () => {
  const milestone = await createMilestone(t.db, { iid: 1, project_id: pid.app, title: 'v1' });
  await createMergeRequest(pid.app, 'fresh');
  await createMergeRequest(pid.app, 'long', { labels: 'bug', milestone_id: milestone });
  await createMergeRequest(pid.app, 'approved');
  await createMergeRequest(pid.app, 'closed');
  await createMergeRequest(pid.site, 'public');
  // `long`: reviewed 50 hours ago by someone other than its author, then by its author.
  await comment('long', 'reporter', 50);
  await comment('long', 'dev', 60);
  // `approved`: its author commented long ago (not a review), a Maintainer approved 10 hours ago.
  await comment('approved', 'dev', 90);
  await t.db
    .insertInto('approvals')
    .values({
      merge_request_id: id.approved as number,
      user_id: uid.maint as number,
      created_at: new Date(Date.now() - 10 * HOUR),
    })
    .execute();
  const closed = await api('PUT', `/projects/${pid.app}/merge_requests/${iid.closed}`, 'dev', { state_event: 'close' });
  expect(closed.statusCode, closed.body).toBe(200);
});

const url = (query: string) => `/analytics/code_review?project_id=${pid.app}${query ? `&${query}` : ''}`;

async function titles(query: string, who = 'reporter'): Promise<string[]> {
  const res = await api('GET', url(query), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((m: { title: string }) => m.title);
}

describe('code review analytics (IE-73)', () => {
  it('lists the open merge requests, longest in review first, in GitLab’s shape', async () => {
    const res = await api('GET', url(''), 'reporter');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json();
    expect(rows.map((m: { title: string }) => m.title)).toEqual(['mr long', 'mr approved', 'mr fresh']);
    expect(Object.keys(rows[0])).toEqual([
      'id',
      'iid',
      'project_id',
      'title',
      'description',
      'state',
      'created_at',
      'updated_at',
      'web_url',
      'milestone',
      'author',
      'approved_by',
      'notes_count',
      'review_time',
      'diff_stats',
    ]);
    const [long, approved, fresh] = rows;
    expect(long).toMatchObject({
      id: id.long,
      iid: iid.long,
      project_id: pid.app,
      state: 'opened',
      web_url: expect.stringMatching(/\/crevacme\/app\/-\/merge_requests\/\d+$/),
      milestone: { title: 'v1', iid: 1, project_id: pid.app },
      author: { id: uid.dev, username: 'crev_dev' },
      approved_by: [],
      notes_count: 2,
      review_time: 50,
      diff_stats: { additions: 0, deletions: 0, commits_count: 0, total: 0 },
    });
    expect(approved).toMatchObject({
      milestone: null,
      approved_by: [{ id: uid.maint, username: 'crev_maint' }],
      notes_count: 1,
      review_time: 10,
    });
    expect(fresh).toMatchObject({ review_time: null, notes_count: 0, approved_by: [] });
  });

  it('filters by label and milestone, plain and negated', async () => {
    expect(await titles('label_name[]=bug')).toEqual(['mr long']);
    expect(await titles('label_name=bug')).toEqual(['mr long']);
    expect(await titles('not[label_name][]=bug')).toEqual(['mr approved', 'mr fresh']);
    expect(await titles('milestone_title=v1')).toEqual(['mr long']);
    expect(await titles('milestone_title=None')).toEqual(['mr approved', 'mr fresh']);
    expect(await titles('not[milestone_title]=v1')).toEqual(['mr approved', 'mr fresh']);
    expect(await titles('label_name=nope')).toEqual([]);
  });

  it('pages with GitLab’s headers', async () => {
    const res = await api('GET', url('per_page=1&page=2'), 'reporter');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((m: { title: string }) => m.title)).toEqual(['mr approved']);
    expect(res.headers).toMatchObject({ 'x-total': '3', 'x-page': '2', 'x-per-page': '1', 'x-total-pages': '3' });
    expect(res.headers.link).toContain('rel="next"');
    expect(res.headers.link).toContain('rel="prev"');
  });

  it('is for Reporters of a private project (403 Guest), and 404 for who cannot see the project', async () => {
    expect((await api('GET', url(''), 'guest')).statusCode).toBe(403);
    expect((await api('GET', url(''), 'admin')).statusCode).toBe(200);
    const hidden = await api('GET', url(''), 'outsider');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
    expect((await api('GET', url(''))).statusCode).toBe(404);
    expect((await api('GET', '/analytics/code_review?project_id=2147483000', 'admin')).statusCode).toBe(404);
  });

  it('is for whoever reads a public project’s merge requests', async () => {
    for (const who of ['outsider', undefined]) {
      const res = await api('GET', `/analytics/code_review?project_id=${pid.site}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((m: { title: string }) => m.title)).toEqual(['mr public']);
    }
  });

  it('answers 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['/analytics/code_review', 'project_id'],
      ['/analytics/code_review?project_id=abc', 'project_id'],
      ['/analytics/code_review?project_id=0', 'project_id'],
      [url('per_page=101'), 'per_page'],
      [url('page=0'), 'page'],
      [url(`milestone_title=${'m'.repeat(256)}`), 'milestone_title'],
      [url(`not[milestone_title]=${'m'.repeat(256)}`), 'not.milestone_title'],
      [url(`label_name=${'l'.repeat(256)}`), 'label_name.0'],
    ];
    for (const [path, field] of cases) {
      const res = await api('GET', path, 'reporter');
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error, path).toMatch(new RegExp(`^${field.replace('.', '\\.')} `));
    }
  });
});
