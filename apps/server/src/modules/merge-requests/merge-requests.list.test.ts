import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createPublicGroupProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { expectFixedStatements } from '../../test/statement-count';

const t = useRestTestApp({ prefix: 'mrl_', users: ['dev', 'rep', 'guest', 'owner', 'outsider'], admins: ['admin'] });
const { api, tok, uid } = t;
let p1: number;
let groupId: number;
let hiddenGroupId: number;
let hiddenProject: number;
const mrId: Record<string, number> = {};

/** `project:iid` keys of a list, sorted, so result sets compare exactly. */
async function keys(url: string, who = 'dev'): Promise<string[]> {
  const res = await api('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ project_id: number; iid: number }>)
    .map((m) => `${m.project_id === p1 ? 'p1' : m.project_id}:${m.iid}`)
    .sort();
}
/** iids of the p1 list with this query string. */
async function p1iids(query: string, who = 'dev'): Promise<number[]> {
  const res = await api('GET', `/projects/${p1}/merge_requests?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ iid: number }>).map((m) => m.iid).sort((a, b) => a - b);
}

beforeAll(async () => {
  const db = t.db;
  const g = await createGroup(db, { path: 'mrlacme' });
  groupId = g.id;
  const sg = await createGroup(db, { path: 'sub', parentId: g.id });
  p1 = (await createProject(db, { namespaceId: g.id, path: 'web' })).id;
  const p2 = (await createProject(db, { namespaceId: sg.id, path: 'api' })).id;
  const pub = (await createPublicGroupProject(db, 'mrlpub')).project.id;
  const h = await createGroup(db, { path: 'mrlhidden' });
  hiddenGroupId = h.id;
  hiddenProject = (await createProject(db, { namespaceId: h.id, path: 'secret' })).id;
  await addGroupMember(db, g.id, uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.rep as number, AccessLevel.REPORTER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addGroupMember(db, g.id, uid.owner as number, AccessLevel.OWNER);
  const m1 = await db
    .insertInto('milestones')
    .values({ iid: 1, project_id: p1, title: 'v1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const env = await db
    .insertInto('environments')
    .values({ project_id: p2, name: 'production', slug: 'production' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const create = async (key: string, who: string, project: number, body: object) => {
    const res = await api('POST', `/projects/${project}/merge_requests`, who, body);
    expect(res.statusCode, res.body).toBe(201);
    mrId[key] = (res.json() as { id: number }).id;
  };
  await create('p1#1', 'dev', p1, {
    title: 'Add login',
    source_branch: 'feat/login',
    target_branch: 'main',
    labels: 'bug',
    assignee_ids: [uid.dev],
    reviewer_ids: [uid.rep],
    milestone_id: m1.id,
    description: 'Adds the sign-in form',
  });
  await create('p1#2', 'dev', p1, {
    title: 'Draft: refactor',
    source_branch: 'refactor',
    target_branch: 'main',
    labels: 'bug,ux',
    reviewer_ids: [uid.owner],
  });
  await create('p1#3', 'owner', p1, { title: 'Fix typo', source_branch: 'typo', target_branch: 'develop' });
  await create('p1#4', 'dev', p1, { title: 'Closed one', source_branch: 'old', target_branch: 'main' });
  await create('p2#1', 'dev', p2, {
    title: 'API thing',
    source_branch: 'api',
    target_branch: 'main',
    assignee_ids: [uid.owner],
  });
  await create('pub#1', 'admin', pub, { title: 'Public MR', source_branch: 'pub', target_branch: 'main' });
  await create('hidden#1', 'admin', hiddenProject, { title: 'Secret', source_branch: 's', target_branch: 'main' });
  expect((await api('PUT', `/projects/${p1}/merge_requests/4`, 'dev', { state_event: 'close' })).statusCode).toBe(200);
  await db
    .updateTable('merge_requests')
    .set({ state: 'merged', merged_at: new Date('2024-05-01T00:00:00Z'), merge_user_id: uid.owner as number })
    .where('id', '=', mrId['p1#3'] as number)
    .execute();
  await db
    .updateTable('merge_requests')
    .set({ environment_id: env.id })
    .where('id', '=', mrId['p2#1'] as number)
    .execute();
  await db
    .insertInto('approvals')
    .values([
      { merge_request_id: mrId['p1#3'] as number, user_id: uid.dev as number },
      { merge_request_id: mrId['p1#3'] as number, user_id: uid.rep as number },
      { merge_request_id: mrId['p1#4'] as number, user_id: uid.rep as number },
    ])
    .execute();
  await db
    .insertInto('award_emoji')
    .values({
      name: 'thumbsup',
      user_id: uid.dev as number,
      awardable_type: 'MergeRequest',
      awardable_id: mrId['p1#1'] as number,
    })
    .execute();
}, 60_000);

describe('project merge request list filters', () => {
  it('state', async () => {
    expect(await p1iids('')).toEqual([1, 2, 3, 4]);
    expect(await p1iids('state=all')).toEqual([1, 2, 3, 4]);
    expect(await p1iids('state=opened')).toEqual([1, 2]);
    expect(await p1iids('state=merged')).toEqual([3]);
    expect(await p1iids('state=closed')).toEqual([4]);
    expect(await p1iids('state=locked')).toEqual([]);
    const bad = await api('GET', `/projects/${p1}/merge_requests?state=bogus`, 'dev');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^state/);
  });

  it('labels, not[labels], milestone', async () => {
    expect(await p1iids('labels=bug')).toEqual([1, 2]);
    expect(await p1iids('labels=bug,ux')).toEqual([2]);
    expect(await p1iids('labels[]=bug&labels[]=ux')).toEqual([2]);
    expect(await p1iids('labels=None')).toEqual([3, 4]);
    expect(await p1iids('labels=any')).toEqual([1, 2]);
    expect(await p1iids('not[labels]=ux')).toEqual([1, 3, 4]);
    expect(await p1iids('milestone=v1')).toEqual([1]);
    expect(await p1iids('milestone=None')).toEqual([2, 3, 4]);
    expect(await p1iids('milestone=Any')).toEqual([1]);
    expect(await p1iids('not[milestone]=v1')).toEqual([2, 3, 4]);
  });

  it('author, assignee, reviewer (with wildcards and not[])', async () => {
    expect(await p1iids(`author_id=${uid.owner}`)).toEqual([3]);
    expect(await p1iids('author_username=mrl_owner')).toEqual([3]);
    expect(await p1iids('not[author_username]=mrl_owner')).toEqual([1, 2, 4]);
    expect(await p1iids(`not[author_id]=${uid.dev}`)).toEqual([3]);
    expect(await p1iids(`assignee_id=${uid.dev}`)).toEqual([1]);
    expect(await p1iids('assignee_id=None')).toEqual([2, 3, 4]);
    expect(await p1iids('assignee_id=Any')).toEqual([1]);
    expect(await p1iids('assignee_username=mrl_dev')).toEqual([1]);
    expect(await p1iids('not[assignee_username]=mrl_dev')).toEqual([2, 3, 4]);
    expect(await p1iids(`reviewer_id=${uid.rep}`)).toEqual([1]);
    expect(await p1iids('reviewer_id=None')).toEqual([3, 4]);
    expect(await p1iids('reviewer_id=Any')).toEqual([1, 2]);
    expect(await p1iids('reviewer_username=mrl_owner')).toEqual([2]);
    expect(await p1iids(`not[reviewer_id]=${uid.rep}`)).toEqual([2, 3, 4]);
    expect((await api('GET', `/projects/${p1}/merge_requests?assignee_id=someone`, 'dev')).statusCode).toBe(400);
  });

  it('approvals, merge user, reaction', async () => {
    expect(await p1iids(`approved_by_ids[]=${uid.dev}`)).toEqual([3]);
    expect(await p1iids(`approved_by_ids[]=${uid.rep}`)).toEqual([3, 4]);
    expect(await p1iids(`approved_by_ids[]=${uid.dev}&approved_by_ids[]=${uid.rep}`)).toEqual([3]);
    expect(await p1iids('approved_by_ids=None')).toEqual([1, 2]);
    expect(await p1iids('approved_by_ids=Any')).toEqual([3, 4]);
    expect(await p1iids('approved_by_usernames[]=mrl_rep')).toEqual([3, 4]);
    expect(await p1iids('approved=yes')).toEqual([3, 4]);
    expect(await p1iids('approved=no')).toEqual([1, 2]);
    expect(await p1iids(`merge_user_id=${uid.owner}`)).toEqual([3]);
    expect(await p1iids('merge_user_username=mrl_owner')).toEqual([3]);
    expect(await p1iids('my_reaction_emoji=thumbsup')).toEqual([1]);
    expect(await p1iids('my_reaction_emoji=Any')).toEqual([1]);
    expect(await p1iids('my_reaction_emoji=None')).toEqual([2, 3, 4]);
    expect(await p1iids('my_reaction_emoji=Any', 'rep')).toEqual([]);
    expect((await api('GET', `/projects/${p1}/merge_requests?approved=maybe`, 'dev')).statusCode).toBe(400);
  });

  it('draft/wip, branches, search, dates, iids', async () => {
    expect(await p1iids('draft=yes')).toEqual([2]);
    expect(await p1iids('wip=no')).toEqual([1, 3, 4]);
    expect(await p1iids('source_branch=feat/login')).toEqual([1]);
    expect(await p1iids('target_branch=develop')).toEqual([3]);
    expect(await p1iids('not[target_branch]=main')).toEqual([3]);
    expect(await p1iids('search=typo')).toEqual([3]);
    expect(await p1iids('search=sign-in')).toEqual([1]);
    expect(await p1iids('search=sign-in&in=title')).toEqual([]);
    expect(await p1iids('created_after=2999-01-01')).toEqual([]);
    expect(await p1iids('created_before=2999-01-01')).toEqual([1, 2, 3, 4]);
    expect(await p1iids('iids[]=1&iids[]=3')).toEqual([1, 3]);
    expect((await api('GET', `/projects/${p1}/merge_requests?draft=maybe`, 'dev')).statusCode).toBe(400);
    expect((await api('GET', `/projects/${p1}/merge_requests?in=body`, 'dev')).statusCode).toBe(400);
    expect((await api('GET', `/projects/${p1}/merge_requests?created_after=notadate`, 'dev')).statusCode).toBe(400);
  });

  it('order_by and sort', async () => {
    const titles = async (q: string) =>
      ((await api('GET', `/projects/${p1}/merge_requests?${q}`, 'dev')).json() as Array<{ title: string }>).map(
        (m) => m.title,
      );
    expect(await titles('order_by=title&sort=asc')).toEqual(['Add login', 'Closed one', 'Draft: refactor', 'Fix typo']);
    expect((await titles('order_by=merged_at'))[0]).toBe('Fix typo');
    // The one merge request with a (dated) milestone comes first both ways: no milestone sorts last.
    await t.db.updateTable('milestones').set({ due_date: '2030-01-01' }).where('title', '=', 'v1').execute();
    expect((await titles('order_by=milestone_due&sort=asc'))[0]).toBe('Add login');
    expect((await titles('order_by=milestone_due&sort=desc'))[0]).toBe('Add login');
    expect(await titles('sort=asc')).toEqual(['Add login', 'Draft: refactor', 'Fix typo', 'Closed one']);
    const bad = await api('GET', `/projects/${p1}/merge_requests?order_by=weight`, 'dev');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^order_by/);
    expect((await api('GET', `/projects/${p1}/merge_requests?sort=up`, 'dev')).statusCode).toBe(400);
  });
});

describe('group and global lists, visibility', () => {
  it('group list covers subgroups; environment filter', async () => {
    const p2 = (await api('GET', '/projects/mrlacme%2Fsub%2Fapi', 'dev')).json().id as number;
    expect(await keys(`/groups/${groupId}/merge_requests`)).toEqual([`${p2}:1`, 'p1:1', 'p1:2', 'p1:3', 'p1:4'].sort());
    const res = await api('GET', `/groups/mrlacme/merge_requests?environment=production`, 'dev');
    expect(res.json().map((m: { title: string }) => m.title)).toEqual(['API thing']);
    expect(res.headers['x-total']).toBe('1');
  });

  it('GET /merge_requests scopes', async () => {
    const titles = async (q: string, who?: string) => {
      const res = await api('GET', `/merge_requests?${q}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return {
        titles: (res.json() as Array<{ title: string }>).map((m) => m.title).sort(),
        total: res.headers['x-total'],
      };
    };
    expect((await titles('', 'dev')).titles).toEqual(['API thing', 'Add login', 'Closed one', 'Draft: refactor']);
    expect((await titles('scope=assigned_to_me', 'owner')).titles).toEqual(['API thing']);
    expect((await titles('scope=reviews_for_me', 'rep')).titles).toEqual(['Add login']);
    expect((await titles('scope=created-by-me', 'owner')).titles).toEqual(['Fix typo']);
    expect(await titles('scope=all', 'outsider')).toEqual({ titles: ['Public MR'], total: '1' });
    expect(await titles('')).toEqual({ titles: ['Public MR'], total: '1' });
    expect((await titles('scope=all', 'admin')).total).toBe('7');
    expect((await api('GET', '/merge_requests?scope=mine', 'dev')).statusCode).toBe(400);
  });

  it('private project merge requests are invisible to strangers', async () => {
    expect((await api('GET', `/projects/${hiddenProject}/merge_requests`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${hiddenProject}/merge_requests/1`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/groups/${hiddenGroupId}/merge_requests`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${p1}/merge_requests`)).statusCode).toBe(404);
    const all = await api('GET', '/merge_requests?scope=all&search=Secret', 'dev');
    expect(all.json()).toEqual([]);
    expect(all.headers['x-total']).toBe('0');
    const mine = await api('GET', `/projects/${hiddenProject}/merge_requests`, 'admin');
    expect(mine.headers['x-total']).toBe('1');
    // A guest of the group reads the project, so its merge requests too.
    expect(await p1iids('', 'guest')).toEqual([1, 2, 3, 4]);
  });
});

describe('pagination', () => {
  it('offset headers', async () => {
    const res = await api('GET', `/projects/${p1}/merge_requests?per_page=3&page=2`, 'dev');
    expect(res.json()).toHaveLength(1);
    expect(res.headers['x-total']).toBe('4');
    expect(res.headers['x-total-pages']).toBe('2');
    expect(res.headers['x-page']).toBe('2');
    expect(res.headers['x-prev-page']).toBe('1');
    expect(res.headers['x-next-page']).toBe('');
    expect((await api('GET', `/projects/${p1}/merge_requests?per_page=500`, 'dev')).statusCode).toBe(400);
  });

  it('keyset pages follow the Link header', async () => {
    const first = await api(
      'GET',
      `/projects/${p1}/merge_requests?pagination=keyset&per_page=3&order_by=created_at`,
      'dev',
    );
    expect(first.json()).toHaveLength(3);
    const link = String(first.headers.link);
    const next = /<[^>]*\/api\/v4([^>]+)>; rel="next"/.exec(link)?.[1];
    expect(next).toBeDefined();
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v4${next}`,
      headers: { 'private-token': tok.dev ?? '' },
    });
    expect(second.statusCode, second.body).toBe(200);
    const all = [...first.json(), ...second.json()].map((m: { iid: number }) => m.iid).sort();
    expect(all).toEqual([1, 2, 3, 4]);
    expect(second.headers.link).toBeUndefined();
    const bad = await api('GET', `/projects/${p1}/merge_requests?pagination=keyset&cursor=zzz`, 'dev');
    expect(bad.statusCode).toBe(400);
    expect(
      (await api('GET', `/projects/${p1}/merge_requests?pagination=keyset&order_by=title`, 'dev')).statusCode,
    ).toBe(400);
  });

  it('runs a fixed number of SQL statements per page', async () => {
    const load = async (perPage: number) => {
      const res = await api('GET', `/groups/${groupId}/merge_requests?per_page=${perPage}`, 'dev');
      expect(res.statusCode).toBe(200);
    };
    // The first authenticated request may also stamp the token's last_used_at; warm that up first.
    await load(1);
    // Authentication, the group, the page and its capped count, the details' combined read and counts.
    await expectFixedStatements(t.database, load, [1, 5], 6);
  });
});

describe('merge request JSON', () => {
  it('has the GitLab fields', async () => {
    const res = await api('GET', `/projects/mrlacme%2Fweb/merge_requests/1`, 'dev');
    expect(res.statusCode, res.body).toBe(200);
    const mr = res.json();
    expect(mr).toMatchObject({
      iid: 1,
      project_id: p1,
      title: 'Add login',
      description: 'Adds the sign-in form',
      state: 'opened',
      merged_at: null,
      closed_at: null,
      merged_by: null,
      merge_user: null,
      source_branch: 'feat/login',
      target_branch: 'main',
      labels: ['bug'],
      draft: false,
      work_in_progress: false,
      merge_status: 'can_be_merged',
      detailed_merge_status: 'mergeable',
      user_notes_count: 0,
      upvotes: 1,
      downvotes: 0,
      discussion_locked: false,
      references: { short: '!1', relative: '!1', full: 'mrlacme/web!1' },
      author: { username: 'mrl_dev' },
      assignee: { username: 'mrl_dev' },
      milestone: { title: 'v1', project_id: p1 },
    });
    expect(mr.assignees.map((u: { username: string }) => u.username)).toEqual(['mrl_dev']);
    expect(mr.reviewers.map((u: { username: string }) => u.username)).toEqual(['mrl_rep']);
    expect(mr.web_url).toMatch(/\/mrlacme\/web\/-\/merge_requests\/1$/);
    const merged = (await api('GET', `/projects/${p1}/merge_requests/3`, 'dev')).json();
    expect(merged).toMatchObject({
      state: 'merged',
      merged_at: '2024-05-01T00:00:00.000Z',
      detailed_merge_status: 'not_open',
    });
    expect(merged.merged_by.username).toBe('mrl_owner');
    expect(merged.merge_user.username).toBe('mrl_owner');
    const draft = (await api('GET', `/projects/${p1}/merge_requests/2?with_labels_details=true`, 'dev')).json();
    expect(draft).toMatchObject({ draft: true, work_in_progress: true, detailed_merge_status: 'draft_status' });
    expect(draft.labels.map((l: { name: string }) => l.name)).toEqual(['bug', 'ux']);
  });

  it('group lists give relative references; view=simple is short', async () => {
    const list = (await api('GET', `/groups/${groupId}/merge_requests?source_branch=api`, 'dev')).json();
    expect(list[0].references).toEqual({
      short: '!1',
      relative: 'mrlacme/sub/api!1',
      full: 'mrlacme/sub/api!1',
    });
    const simple = (await api('GET', `/projects/${p1}/merge_requests?view=simple&iids[]=1`, 'dev')).json();
    expect(Object.keys(simple[0]).sort()).toEqual(
      [
        'created_at',
        'description',
        'id',
        'iid',
        'project_id',
        'references',
        'state',
        'title',
        'updated_at',
        'web_url',
      ].sort(),
    );
    expect(simple[0].web_url).toMatch(/\/mrlacme\/web\/-\/merge_requests\/1$/);
  });

  it('404 and 400 on show', async () => {
    const missing = await api('GET', `/projects/${p1}/merge_requests/99`, 'dev');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 Merge Request Not Found' });
    expect((await api('GET', `/projects/${p1}/merge_requests/abc`, 'dev')).statusCode).toBe(400);
    expect((await api('GET', `/projects/99999/merge_requests/1`, 'dev')).json()).toEqual({
      message: '404 Project Not Found',
    });
  });
});
