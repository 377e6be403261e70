import { describe, expect, it } from 'vitest';
import { useIssuesRestWorld } from '../../test/issues-rest-world';
import { countStatements, expectFixedStatements } from '../../test/statement-count';
import { loadIssueDetails } from './issue-details';
import { presentIssue } from './issues.presenter';
import { listIssues } from './issues.service';

/** Reading issues over REST: every list filter and sort, who sees what, the GitLab shape, pagination. */
const { t, world, iids } = useIssuesRestWorld();
const { api, tok, uid } = t;

describe('issue filters (exact iid sets)', () => {
  const base = () => `/projects/${world.p1}/issues?per_page=100`;
  it.each<[string, number[]]>([
    ['', [1, 2, 3, 4, 5, 6]],
    ['&state=all', [1, 2, 3, 4, 5, 6]],
    ['&state=opened', [1, 2, 3, 5, 6]],
    ['&state=closed', [4]],
    ['&labels=bug', [1, 3]],
    ['&labels=bug,feature', [3]],
    ['&labels=None', [4, 5, 6]],
    ['&labels=any', [1, 2, 3]],
    ['&not[labels]=bug', [2, 4, 5, 6]],
    ['&or[labels]=bug,feature', [1, 2, 3]],
    ['&milestone=v1', [1]],
    ['&milestone=v2', [6]],
    ['&milestone=None', [2, 3, 4, 5]],
    ['&milestone=Any', [1, 6]],
    ['&milestone=Started', [1]],
    ['&milestone=Upcoming', [1, 6]],
    ['&not[milestone]=v1', [2, 3, 4, 5, 6]],
    ['&assignee_id=None', [2, 3, 4, 5, 6]],
    ['&assignee_id=Any', [1]],
    ['&assignee_username[]=iss_alice', [1]],
    ['&not[assignee_username]=iss_alice', [2, 3, 4, 5, 6]],
    ['&author_username=iss_guest', [5]],
    ['&not[author_username]=iss_guest', [1, 2, 3, 4, 6]],
    ['&or[author_username][]=iss_guest&or[author_username][]=nobody', [5]],
    ['&confidential=true', [3]],
    ['&confidential=false', [1, 2, 4, 5, 6]],
    ['&weight=3', [1]],
    ['&weight=None', [3, 4, 5, 6]],
    ['&weight=Any', [1, 2]],
    ['&iteration_id=None', [1, 2, 3, 4, 5, 6]],
    ['&iteration_id=Any', []],
    ['&epic_id=None', [1, 2, 3, 4, 5]],
    ['&epic_id=Any', [6]],
    ['&health_status=at_risk', [6]],
    ['&health_status=None', [1, 2, 3, 4, 5]],
    ['&issue_type=incident', [6]],
    ['&issue_type=issue', [1, 2, 3, 4, 5]],
    ['&iids[]=1&iids[]=2', [1, 2]],
    ['&search=feature', [2]],
    ['&search=NEEDS', [2]],
    ['&search=needs&in=title', []],
    ['&search=login&in=title,description', [1]],
    ['&search=100%25', []],
    ['&created_after=2999-01-01T00:00:00Z', []],
    ['&created_before=2999-01-01T00:00:00Z', [1, 2, 3, 4, 5, 6]],
    ['&updated_after=2000-01-01', [1, 2, 3, 4, 5, 6]],
    ['&due_date=0', [3, 4, 5, 6]],
    ['&due_date=any', [1, 2]],
    ['&due_date=overdue', [2]],
    ['&due_date=today', []],
    ['&my_reaction_emoji=thumbsup', [1]],
    ['&my_reaction_emoji=Any', [1]],
    ['&my_reaction_emoji=None', [2, 3, 4, 5, 6]],
    ['&state=opened&labels=bug', [1, 3]],
    ['&labels=bug&not[labels]=feature', [1]],
    ['&state=opened&milestone=None&weight=None', [3, 5]],
  ])('%s', async (query, expected) => {
    expect(await iids(`${base()}${query}`)).toEqual(expected);
  });

  it('milestone_id, author_id, assignee_id and epic_id by id', async () => {
    expect(await iids(`${base()}&milestone_id=${world.m1}`)).toEqual([1]);
    expect(await iids(`${base()}&author_id=${uid.guest}`)).toEqual([5]);
    expect(await iids(`${base()}&assignee_id=${uid.alice}`)).toEqual([1]);
    expect(await iids(`${base()}&epic_id=${world.epicId}`)).toEqual([6]);
  });

  it('orders by title, weight, due_date, popularity', async () => {
    const order = async (q: string) =>
      ((await api('GET', `${base()}&${q}`, 'planner')).json() as Array<{ iid: number }>).map((i) => i.iid);
    expect(await order('order_by=title&sort=asc')).toEqual([4, 2, 5, 6, 1, 3]);
    expect(await order('order_by=weight&sort=desc')).toEqual([1, 2, 6, 5, 4, 3]);
    expect(await order('order_by=due_date&sort=asc')).toEqual([2, 1, 3, 4, 5, 6]);
    expect((await order('order_by=popularity'))[0]).toBe(1);
    expect(await order('order_by=created_at&sort=asc')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await order('')).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it.each([
    ['order_by=nope', 'order_by'],
    ['per_page=1000', 'per_page'],
    ['iids[]=x', 'iids'],
    ['state=weird', 'state'],
    ['sort=up', 'sort'],
    ['due_date=someday', 'due_date'],
    ['assignee_id=nobody', 'assignee_id'],
    ['created_after=notadate', 'created_after'],
    ['pagination=keyset&order_by=title', 'order_by'],
  ])('400 for %s', async (query, field) => {
    const res = await api('GET', `/projects/${world.p1}/issues?${query}`, 'planner');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(field);
  });
});

describe('issue visibility', () => {
  it('hides confidential issues from a guest in lists, totals and by iid', async () => {
    const res = await api('GET', `/projects/${world.p1}/issues`, 'guest');
    expect(res.headers['x-total']).toBe('5');
    expect(await iids(`/projects/${world.p1}/issues`, 'guest')).toEqual([1, 2, 4, 5, 6]);
    expect((await api('GET', `/projects/${world.p1}/issues/3`, 'guest')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${world.p1}/issues/3`, 'guest')).json()).toEqual({
      message: '404 Issue Not Found',
    });
    expect((await api('GET', `/projects/${world.p1}/issues/3`, 'planner')).statusCode).toBe(200);
  });

  it('hides confidential issues from anonymous users on public projects', async () => {
    const res = await api('GET', `/projects/${world.pub}/issues`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total']).toBe('1');
    expect((res.json() as Array<{ title: string }>).map((i) => i.title)).toEqual(['Public visible']);
    expect((await api('GET', `/projects/${world.pub}/issues/2`)).statusCode).toBe(404);
    expect((await api('GET', `/projects/${world.pub}/issues/1`)).statusCode).toBe(200);
  });

  it('404 for private or unknown projects', async () => {
    expect((await api('GET', `/projects/${world.p1}/issues`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${world.p1}/issues`)).statusCode).toBe(404);
    expect((await api('GET', '/projects/999999/issues', 'planner')).json()).toEqual({
      message: '404 Project Not Found',
    });
    expect((await api('GET', `/projects/${world.p1}/issues/99`, 'planner')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${world.p1}/issues/abc`, 'planner')).statusCode).toBe(400);
  });

  it('group lists include subgroups and respect visibility', async () => {
    const all = await api('GET', `/groups/${world.groupId}/issues?per_page=100`, 'planner');
    expect(all.headers['x-total']).toBe('7');
    expect(await iids(`/groups/${world.groupId}/issues?search=Sub`)).toEqual([1]);
    expect((await api('GET', `/groups/${world.groupId}/issues`, 'guest')).headers['x-total']).toBe('6');
    expect((await api('GET', `/groups/${world.groupId}/issues`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', '/groups/issacme%2Fsub/issues', 'planner')).headers['x-total']).toBe('1');
  });

  it('GET /issues scopes', async () => {
    expect(await iids('/issues', 'guest')).toEqual([5]);
    expect(await iids('/issues?scope=assigned_to_me', 'alice')).toEqual([1]);
    const all = await api('GET', '/issues?scope=all&per_page=100', 'outsider');
    expect((all.json() as Array<{ title: string }>).map((i) => i.title)).toEqual(['Public visible']);
    const anon = await api('GET', '/issues');
    expect(anon.headers['x-total']).toBe('1');
  });
});

describe('issue shape, pagination and batching', () => {
  it('presents the GitLab shape', async () => {
    const res = await api('GET', `/projects/${world.p1}/issues/1?with_labels_details=true`, 'planner');
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      iid: 1,
      project_id: world.p1,
      title: 'Login bug',
      state: 'opened',
      type: 'ISSUE',
      issue_type: 'issue',
      weight: 3,
      due_date: '2999-01-01',
      upvotes: 1,
      downvotes: 0,
      confidential: false,
      references: { short: '#1', relative: '#1', full: 'issacme/web#1' },
      milestone: { id: world.m1, title: 'v1', project_id: world.p1 },
      assignee: { username: 'iss_alice' },
      author: { username: 'iss_planner' },
    });
    expect(body.labels).toEqual([expect.objectContaining({ name: 'bug', color: '#6699cc' })]);
    expect(String(body.web_url)).toMatch(/\/issacme\/web\/-\/issues\/1$/);
    const six = (await api('GET', `/projects/${world.p1}/issues/6`, 'planner')).json() as Record<string, unknown>;
    expect(six).toMatchObject({
      epic_iid: 1,
      epic: { id: world.epicId, iid: 1, group_id: world.groupId },
      health_status: 'at_risk',
    });
    const four = (await api('GET', `/projects/${world.p1}/issues/4`, 'planner')).json() as Record<string, unknown>;
    expect(four).toMatchObject({ state: 'closed', closed_by: { username: 'iss_planner' } });
    expect(four.closed_at).toBeTruthy();
  });

  it('offset pagination headers', async () => {
    const res = await api('GET', `/projects/${world.p1}/issues?per_page=2&page=2`, 'planner');
    expect(res.headers['x-total']).toBe('6');
    expect(res.headers['x-total-pages']).toBe('3');
    expect(res.headers['x-next-page']).toBe('3');
    expect((res.json() as Array<{ iid: number }>).map((i) => i.iid)).toEqual([4, 3]);
  });

  it('keyset pagination follows Link rel=next', async () => {
    const seen: number[] = [];
    let url: string | null =
      `/api/v4/projects/${world.p1}/issues?pagination=keyset&per_page=2&order_by=created_at&sort=asc`;
    for (let i = 0; url && i < 10; i += 1) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'private-token': tok.planner as string } });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as Array<{ iid: number }>).map((x) => x.iid));
      const link = String(res.headers.link ?? '');
      const m = /<([^>]+)>; rel="next"/.exec(link);
      url = m ? new URL(m[1] as string).pathname + new URL(m[1] as string).search : null;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await api('GET', `/projects/${world.p1}/issues?pagination=keyset&cursor=zzz`, 'planner')).statusCode).toBe(
      400,
    );
  });

  it('loads a page with a fixed number of statements (no N+1)', async () => {
    const admin = { id: 0, username: 'x', admin: true, scopes: null, groupMemberships: [], projectMemberships: [] };
    const load = async (perPage: number) => {
      const page = await listIssues(t.db, admin, { projectId: world.p1 }, {}, { limit: perPage });
      const details = await loadIssueDetails(t.db, admin, page.rows);
      expect(page.rows.map((r) => presentIssue(t.ctx, r, details))).toHaveLength(perPage);
    };
    // The page and its capped count; the details' combined read and their counts.
    await expectFixedStatements(t.database, load, [1, 6], 4);
  });

  it('shows one issue, with milestone, labels and assignee, in at most 8 statements', async () => {
    const load = () => api('GET', `/projects/${world.p1}/issues/1`, 'planner');
    const res = await load();
    expect(res.json()).toMatchObject({ milestone: { title: 'v1' }, assignees: [{ username: 'iss_alice' }] });
    expect((res.json() as { labels: string[] }).labels).toContain('bug');
    expect(await countStatements(t.database, load)).toBeLessThanOrEqual(8);
  });
});
