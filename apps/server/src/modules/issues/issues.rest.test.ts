import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createPublicGroupProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { expectFixedStatements } from '../../test/statement-count';
import { loadIssueDetails } from './issue-details';
import { presentIssue } from './issues.presenter';
import { listIssues } from './issues.service';

const t = useRestTestApp({
  prefix: 'iss_',
  users: ['planner', 'alice', 'guest', 'outsider', 'owner'],
  admins: ['admin'],
});
const { api, tok, uid } = t;
let groupId: number;
let p1: number;
let p2: number;
let pub: number;
let m1: number;
let m2: number;
let epicId: number;

async function iids(url: string, who = 'planner'): Promise<number[]> {
  const res = await api('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ iid: number }>).map((i) => i.iid).sort((a, b) => a - b);
}

beforeAll(async () => {
  const db = t.db;
  const g = await createGroup(db, { path: 'issacme' });
  const sg = await createGroup(db, { path: 'sub', parentId: g.id });
  groupId = g.id;
  p1 = (await createProject(db, { namespaceId: g.id, path: 'web' })).id;
  p2 = (await createProject(db, { namespaceId: sg.id, path: 'api' })).id;
  pub = (await createPublicGroupProject(db, 'isspub')).project.id;
  await addGroupMember(db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(db, g.id, uid.alice as number, AccessLevel.PLANNER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addGroupMember(db, g.id, uid.owner as number, AccessLevel.OWNER);
  m1 = (
    await db
      .insertInto('milestones')
      .values({ iid: 1, project_id: p1, title: 'v1', start_date: '2000-01-01', due_date: '2999-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  m2 = (
    await db
      .insertInto('milestones')
      .values({ iid: 1, group_id: g.id, title: 'v2', start_date: '2998-01-01', due_date: '2998-02-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  epicId = (
    await db
      .insertInto('epics')
      .values({ group_id: g.id, iid: 1, title: 'Epic one', author_id: uid.planner as number })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const create = async (who: string, body: object, project = p1) => {
    const res = await api('POST', `/projects/${project}/issues`, who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { iid: number; id: number };
  };
  // iid 1..6 in p1
  await create('planner', {
    title: 'Login bug',
    labels: 'bug',
    milestone_id: m1,
    assignee_ids: [uid.alice],
    weight: 3,
    due_date: '2999-01-01',
  });
  await create('planner', {
    title: 'Feature request',
    description: 'needs search',
    labels: 'feature',
    weight: 0,
    due_date: '2000-01-01',
  });
  await create('planner', { title: 'Secret', confidential: true, labels: 'bug,feature' });
  const four = await create('planner', { title: 'Closed one' });
  await api('PUT', `/projects/${p1}/issues/${four.iid}`, 'planner', { state_event: 'close' });
  // A guest may open an issue, but admin-only fields are silently ignored.
  await create('guest', { title: 'Guest issue', labels: 'bug', milestone_id: m1, weight: 5 });
  // Incidents are Reporter and up (IE §2.2).
  await create('owner', {
    title: 'Incident',
    issue_type: 'incident',
    health_status: 'at_risk',
    milestone_id: m2,
    epic_id: epicId,
  });
  await create('planner', { title: 'Sub issue' }, p2);
  await create('admin', { title: 'Public visible' }, pub);
  await create('admin', { title: 'Public secret', confidential: true }, pub);
  const one = await t.db
    .selectFrom('issues')
    .select('id')
    .where('project_id', '=', p1)
    .where('iid', '=', 1)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('award_emoji')
    .values({ name: 'thumbsup', user_id: uid.planner as number, awardable_type: 'Issue', awardable_id: one.id })
    .execute();
});

describe('issue filters (exact iid sets)', () => {
  const base = () => `/projects/${p1}/issues?per_page=100`;
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
    expect(await iids(`${base()}&milestone_id=${m1}`)).toEqual([1]);
    expect(await iids(`${base()}&author_id=${uid.guest}`)).toEqual([5]);
    expect(await iids(`${base()}&assignee_id=${uid.alice}`)).toEqual([1]);
    expect(await iids(`${base()}&epic_id=${epicId}`)).toEqual([6]);
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
    const res = await api('GET', `/projects/${p1}/issues?${query}`, 'planner');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(field);
  });
});

describe('issue visibility', () => {
  it('hides confidential issues from a guest in lists, totals and by iid', async () => {
    const res = await api('GET', `/projects/${p1}/issues`, 'guest');
    expect(res.headers['x-total']).toBe('5');
    expect(await iids(`/projects/${p1}/issues`, 'guest')).toEqual([1, 2, 4, 5, 6]);
    expect((await api('GET', `/projects/${p1}/issues/3`, 'guest')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${p1}/issues/3`, 'guest')).json()).toEqual({ message: '404 Issue Not Found' });
    expect((await api('GET', `/projects/${p1}/issues/3`, 'planner')).statusCode).toBe(200);
  });

  it('hides confidential issues from anonymous users on public projects', async () => {
    const res = await api('GET', `/projects/${pub}/issues`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total']).toBe('1');
    expect((res.json() as Array<{ title: string }>).map((i) => i.title)).toEqual(['Public visible']);
    expect((await api('GET', `/projects/${pub}/issues/2`)).statusCode).toBe(404);
    expect((await api('GET', `/projects/${pub}/issues/1`)).statusCode).toBe(200);
  });

  it('404 for private or unknown projects', async () => {
    expect((await api('GET', `/projects/${p1}/issues`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${p1}/issues`)).statusCode).toBe(404);
    expect((await api('GET', '/projects/999999/issues', 'planner')).json()).toEqual({
      message: '404 Project Not Found',
    });
    expect((await api('GET', `/projects/${p1}/issues/99`, 'planner')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${p1}/issues/abc`, 'planner')).statusCode).toBe(400);
  });

  it('group lists include subgroups and respect visibility', async () => {
    const all = await api('GET', `/groups/${groupId}/issues?per_page=100`, 'planner');
    expect(all.headers['x-total']).toBe('7');
    expect(await iids(`/groups/${groupId}/issues?search=Sub`)).toEqual([1]);
    expect((await api('GET', `/groups/${groupId}/issues`, 'guest')).headers['x-total']).toBe('6');
    expect((await api('GET', `/groups/${groupId}/issues`, 'outsider')).statusCode).toBe(404);
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
    const res = await api('GET', `/projects/${p1}/issues/1?with_labels_details=true`, 'planner');
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      iid: 1,
      project_id: p1,
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
      milestone: { id: m1, title: 'v1', project_id: p1 },
      assignee: { username: 'iss_alice' },
      author: { username: 'iss_planner' },
    });
    expect(body.labels).toEqual([expect.objectContaining({ name: 'bug', color: '#6699cc' })]);
    expect(String(body.web_url)).toMatch(/\/issacme\/web\/-\/issues\/1$/);
    const six = (await api('GET', `/projects/${p1}/issues/6`, 'planner')).json() as Record<string, unknown>;
    expect(six).toMatchObject({
      epic_iid: 1,
      epic: { id: epicId, iid: 1, group_id: groupId },
      health_status: 'at_risk',
    });
    const four = (await api('GET', `/projects/${p1}/issues/4`, 'planner')).json() as Record<string, unknown>;
    expect(four).toMatchObject({ state: 'closed', closed_by: { username: 'iss_planner' } });
    expect(four.closed_at).toBeTruthy();
  });

  it('offset pagination headers', async () => {
    const res = await api('GET', `/projects/${p1}/issues?per_page=2&page=2`, 'planner');
    expect(res.headers['x-total']).toBe('6');
    expect(res.headers['x-total-pages']).toBe('3');
    expect(res.headers['x-next-page']).toBe('3');
    expect((res.json() as Array<{ iid: number }>).map((i) => i.iid)).toEqual([4, 3]);
  });

  it('keyset pagination follows Link rel=next', async () => {
    const seen: number[] = [];
    let url: string | null = `/api/v4/projects/${p1}/issues?pagination=keyset&per_page=2&order_by=created_at&sort=asc`;
    for (let i = 0; url && i < 10; i += 1) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'private-token': tok.planner as string } });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as Array<{ iid: number }>).map((x) => x.iid));
      const link = String(res.headers.link ?? '');
      const m = /<([^>]+)>; rel="next"/.exec(link);
      url = m ? new URL(m[1] as string).pathname + new URL(m[1] as string).search : null;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await api('GET', `/projects/${p1}/issues?pagination=keyset&cursor=zzz`, 'planner')).statusCode).toBe(400);
  });

  it('loads a page with a fixed number of statements (no N+1)', async () => {
    const admin = { id: 0, username: 'x', admin: true, scopes: null, groupMemberships: [], projectMemberships: [] };
    const load = async (perPage: number) => {
      const page = await listIssues(t.db, admin, { projectId: p1 }, {}, { limit: perPage });
      const details = await loadIssueDetails(t.db, admin, page.rows);
      expect(page.rows.map((r) => presentIssue(t.ctx, r, details))).toHaveLength(perPage);
    };
    await expectFixedStatements(t.database, load, [1, 6], 10);
  });
});

describe('issue writes', () => {
  it('400 without title, 401 anonymous, 404 on private project', async () => {
    const res = await api('POST', `/projects/${p1}/issues`, 'planner', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'title is missing' });
    expect((await api('POST', `/projects/${pub}/issues`, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await api('POST', `/projects/${p1}/issues`, 'outsider', { title: 'x' })).statusCode).toBe(404);
    expect((await api('POST', `/projects/${p1}/issues`, 'planner', { title: 'x', due_date: 'soon' })).statusCode).toBe(
      400,
    );
  });

  it('hides a confidential parent epic from readers who may not see it', async () => {
    const conf = await t.db
      .insertInto('epics')
      .values({ group_id: groupId, iid: 2, title: 'Hush', confidential: true, author_id: uid.owner as number })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A confidential epic only takes confidential issues (security review M2).
    const publicIssue = await api('POST', `/projects/${p1}/issues`, 'owner', { title: 'Public', epic_id: conf.id });
    expect(publicIssue.statusCode).toBe(400);
    expect(publicIssue.json()).toMatchObject({ field: 'epic_id' });
    const created = await api('POST', `/projects/${p1}/issues`, 'owner', {
      title: 'In secret epic',
      confidential: true,
      epic_id: conf.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ epic: { id: conf.id, title: 'Hush' } });
    const iid = (created.json() as { iid: number }).iid;
    // Its author, a Guest, reads the confidential issue but not the confidential epic (Planner+).
    await t.db
      .updateTable('issues')
      .set({ author_id: uid.guest as number })
      .where('id', '=', (created.json() as { id: number }).id)
      .execute();
    expect((await api('GET', `/projects/${p1}/issues/${iid}`, 'guest')).json()).toMatchObject({
      epic: null,
      epic_iid: null,
    });
    // A Guest may not set the epic at all: as GitLab, the admin-only field is ignored on create.
    const denied = await api('POST', `/projects/${p1}/issues`, 'guest', { title: 'x', epic_id: conf.id });
    expect(denied.statusCode).toBe(201);
    expect(denied.json()).toMatchObject({ epic: null, epic_iid: null });
    await api('DELETE', `/projects/${p1}/issues/${iid}`, 'owner');
  });

  it('guest admin-only fields were ignored on create', async () => {
    const five = (await api('GET', `/projects/${p1}/issues/5`, 'planner')).json() as Record<string, unknown>;
    expect(five).toMatchObject({ labels: [], milestone: null, weight: null });
  });

  it('renders hostile descriptions inert', async () => {
    const created = await api('POST', `/projects/${pub}/issues`, 'admin', {
      title: 'xss',
      description: '<script>alert(1)</script><img src=x onerror=alert(1)> [a](javascript:alert(1))',
    });
    expect(created.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('issues')
      .select('description_html')
      .where('id', '=', (created.json() as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(row.description_html).not.toMatch(/<script|onerror|javascript:/i);
    // The single-issue JSON carries the stored, sanitized rendering; lists do not.
    const json = created.json() as { iid: number; description_html: string };
    expect(json.description_html).toBe(row.description_html);
    const shown = (await api('GET', `/projects/${pub}/issues/${json.iid}`, 'admin')).json() as Record<string, unknown>;
    expect(shown.description_html).toBe(row.description_html);
    const listed = (await api('GET', `/projects/${pub}/issues`, 'admin')).json() as Record<string, unknown>[];
    expect(listed[0]).not.toHaveProperty('description_html');
  });

  it('updates with labels, lock_version and state events, writing system notes', async () => {
    const created = (await api('POST', `/projects/${p1}/issues`, 'planner', { title: 'Edit me' })).json() as {
      iid: number;
      id: number;
      lock_version: number;
    };
    const url = `/projects/${p1}/issues/${created.iid}`;
    const upd = await api('PUT', url, 'planner', {
      labels: 'a,b',
      add_labels: 'c',
      remove_labels: 'a',
      milestone_id: m1,
      state_event: 'close',
      lock_version: created.lock_version,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ labels: ['b', 'c'], state: 'closed', milestone: { id: m1 } });
    const stale = await api('PUT', url, 'planner', { title: 'y', lock_version: created.lock_version });
    expect(stale.statusCode).toBe(409);
    const reopened = await api('PUT', url, 'planner', { state_event: 'reopen' });
    expect(reopened.json()).toMatchObject({ state: 'opened', closed_at: null });
    const notes = await t.db
      .selectFrom('notes')
      .select('note')
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', '=', created.id)
      .where('system', '=', true)
      .orderBy('id')
      .execute();
    expect(notes.map((n) => n.note)).toEqual(['closed', 'changed milestone to %"v1"', 'reopened']);
  });

  it('403 for a guest editing or deleting another author issue; 204 delete for planner', async () => {
    expect((await api('PUT', `/projects/${p1}/issues/1`, 'guest', { title: 'hack' })).statusCode).toBe(403);
    expect((await api('PUT', `/projects/${p1}/issues/3`, 'guest', { title: 'hack' })).statusCode).toBe(404);
    expect((await api('PUT', `/projects/${p1}/issues/5`, 'guest', { title: 'mine' })).statusCode).toBe(200);
    const created = (await api('POST', `/projects/${p1}/issues`, 'planner', { title: 'Doomed' })).json() as {
      iid: number;
    };
    expect((await api('DELETE', `/projects/${p1}/issues/${created.iid}`, 'guest')).statusCode).toBe(403);
    expect((await api('DELETE', `/projects/${p1}/issues/${created.iid}`, 'planner')).statusCode).toBe(204);
    expect((await api('GET', `/projects/${p1}/issues/${created.iid}`, 'planner')).statusCode).toBe(404);
  });

  it('makes an issue an incident only for Reporter and up; an incident stays one for its editors', async () => {
    const refused = await api('POST', `/projects/${p1}/issues`, 'planner', { title: 'Outage', issue_type: 'incident' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^issue_type is invalid/);
    const created = (await api('POST', `/projects/${p1}/issues`, 'planner', { title: 'Outage' })).json() as {
      iid: number;
    };
    const url = `/projects/${p1}/issues/${created.iid}`;
    expect((await api('PUT', url, 'planner', { issue_type: 'incident' })).statusCode).toBe(403);
    const retyped = await api('PUT', url, 'owner', { issue_type: 'incident' });
    expect(retyped.json()).toMatchObject({ issue_type: 'incident', type: 'INCIDENT' });
    // Already an incident: a Planner's edit may keep the type, or turn it back into an issue.
    expect((await api('PUT', url, 'planner', { title: 'Outage!', issue_type: 'incident' })).statusCode).toBe(200);
    expect((await api('PUT', url, 'planner', { issue_type: 'issue' })).json()).toMatchObject({ issue_type: 'issue' });
    expect(
      (await api('POST', `/projects/${p1}/issues`, 'owner', { title: 'Real', issue_type: 'incident' })).statusCode,
    ).toBe(201);
  });

  it('reorders with relative positions, rebalancing when neighbours touch', async () => {
    const project = await createProject(t.db, { namespaceId: groupId, path: 'board' });
    const made: Array<{ id: number; iid: number }> = [];
    for (const title of ['A', 'B', 'C']) {
      made.push(
        (await api('POST', `/projects/${project.id}/issues`, 'planner', { title })).json() as {
          id: number;
          iid: number;
        },
      );
    }
    const [a, b, c] = made as [{ id: number; iid: number }, { id: number; iid: number }, { id: number; iid: number }];
    const order = async () =>
      (
        (
          await api('GET', `/projects/${project.id}/issues?order_by=relative_position&sort=asc`, 'planner')
        ).json() as Array<{
          title: string;
        }>
      ).map((i) => i.title);
    expect(await order()).toEqual(['A', 'B', 'C']);
    const url = `/projects/${project.id}/issues/${c.iid}/reorder`;
    const moved = await api('PUT', url, 'planner', { move_before_id: a.id, move_after_id: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await order()).toEqual(['A', 'C', 'B']);
    await t.db.updateTable('issues').set({ relative_position: 100 }).where('id', '=', a.id).execute();
    await t.db.updateTable('issues').set({ relative_position: 101 }).where('id', '=', b.id).execute();
    await t.db.updateTable('issues').set({ relative_position: 5000 }).where('id', '=', c.id).execute();
    expect(await order()).toEqual(['A', 'B', 'C']);
    expect((await api('PUT', url, 'planner', { move_before_id: a.id, move_after_id: b.id })).statusCode).toBe(200);
    expect(await order()).toEqual(['A', 'C', 'B']);
    expect((await api('PUT', url, 'planner', {})).statusCode).toBe(400);
    expect((await api('PUT', url, 'planner', { move_after_id: 999999 })).statusCode).toBe(400);
    expect((await api('PUT', url, 'outsider', { move_after_id: a.id })).statusCode).toBe(404);
    const top = await api('PUT', `/projects/${project.id}/issues/${b.iid}/reorder`, 'planner', { move_after_id: a.id });
    expect(top.statusCode).toBe(200);
    expect(await order()).toEqual(['B', 'A', 'C']);
  });
});
