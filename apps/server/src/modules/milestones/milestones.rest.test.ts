import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { postCreated } from '../../test/api-client';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'ms_',
  users: ['owner', 'planner', 'guest', 'outsider'],
  groups: {
    acme: {
      path: 'msacme',
      members: { owner: AccessLevel.OWNER, planner: AccessLevel.PLANNER, guest: AccessLevel.GUEST },
    },
    sub: { path: 'sub', parent: 'acme' },
  },
  projects: { web: { path: 'web', group: 'sub' } },
});
const { api, gid, pid } = t;
const titles = (body: { title: string }[]) => body.map((m) => m.title);

describe('milestones REST', () => {
  it('creates project and group milestones with per-container iids', async () => {
    const a = await postCreated(api, `/projects/${pid.web}/milestones`, 'planner', {
      title: 'v1',
      description: 'first',
      start_date: '2020-01-01',
      due_date: '2020-02-01',
    });
    expect(a).toMatchObject({
      iid: 1,
      project_id: pid.web,
      title: 'v1',
      description: 'first',
      state: 'active',
      start_date: '2020-01-01',
      due_date: '2020-02-01',
      expired: true,
      web_url: 'http://localhost:3000/msacme/sub/web/-/milestones/1',
    });
    expect(a.group_id).toBeUndefined();
    const b = await api('POST', `/projects/${pid.web}/milestones`, 'planner', {
      title: 'v2',
      due_date: '2999-01-01',
    });
    expect(b.json()).toMatchObject({ iid: 2, expired: false, description: null, start_date: null });
    expect(await postCreated(api, `/groups/${gid.acme}/milestones`, 'owner', { title: 'Q1' })).toMatchObject({
      iid: 1,
      group_id: gid.acme,
      web_url: 'http://localhost:3000/groups/msacme/-/milestones/1',
    });
    const sg = await api('POST', `/groups/${gid.sub}/milestones`, 'owner', { title: 'Sub Q1' });
    expect(sg.json().iid).toBe(1);
  });

  it('validates input: 400 for missing title, bad dates, start after due, duplicates', async () => {
    const url = `/projects/${pid.web}/milestones`;
    expect((await api('POST', url, 'planner', {})).json()).toEqual({ error: 'title is missing', field: 'title' });
    expect((await api('POST', url, 'planner', { title: 'x', due_date: '2020-13-01' })).statusCode).toBe(400);
    expect((await api('POST', url, 'planner', { title: 'x', due_date: 'soon' })).statusCode).toBe(400);
    const order = await api('POST', url, 'planner', { title: 'x', start_date: '2020-02-02', due_date: '2020-02-01' });
    expect(order.statusCode).toBe(400);
    expect(order.json().field).toBe('start_date');
    expect((await api('POST', url, 'planner', { title: 'v1' })).statusCode).toBe(400);
    expect((await api('GET', `${url}?state=open`, 'planner')).statusCode).toBe(400);
    expect((await api('GET', `${url}/abc`, 'planner')).statusCode).toBe(400);
  });

  it('answers 401 / 403 / 404 by role', async () => {
    const url = `/projects/${pid.web}/milestones`;
    expect((await api('POST', url, undefined, { title: 'z' })).statusCode).toBe(401);
    expect((await api('POST', url, 'guest', { title: 'z' })).statusCode).toBe(403);
    expect((await api('POST', url, 'outsider', { title: 'z' })).statusCode).toBe(404);
    expect((await api('GET', url, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `${url}/999999`, 'guest')).json()).toEqual({ message: '404 Milestone Not Found' });
    const first = (await api('GET', url, 'guest')).json()[0];
    expect((await api('PUT', `${url}/${first.id}`, 'guest', { title: 'hack' })).statusCode).toBe(403);
    expect((await api('DELETE', `${url}/${first.id}`, 'guest')).statusCode).toBe(403);
    // a group milestone is not reachable through the project's item route
    const q1 = (await api('GET', `/groups/${gid.acme}/milestones`, 'guest')).json()[0];
    expect((await api('GET', `${url}/${q1.id}`, 'guest')).statusCode).toBe(404);
  });

  it('lists with filters, ancestors and descendants', async () => {
    const url = `/projects/${pid.web}/milestones`;
    const all = await api('GET', url, 'guest');
    expect(titles(all.json())).toEqual(['v2', 'v1']);
    expect(all.headers['x-total']).toBe('2');
    expect(titles((await api('GET', `${url}?include_ancestors=true`, 'guest')).json())).toEqual([
      'Sub Q1',
      'Q1',
      'v2',
      'v1',
    ]);
    expect(titles((await api('GET', `${url}?include_parent_milestones=true&search=q1`, 'guest')).json())).toEqual([
      'Sub Q1',
      'Q1',
    ]);
    expect(titles((await api('GET', `${url}?title=v1`, 'guest')).json())).toEqual(['v1']);
    expect(titles((await api('GET', `${url}?iids[]=2`, 'guest')).json())).toEqual(['v2']);
    expect(titles((await api('GET', `${url}?updated_after=2999-01-01T00:00:00Z`, 'guest')).json())).toEqual([]);
    expect(titles((await api('GET', `/groups/${gid.acme}/milestones`, 'guest')).json())).toEqual(['Q1']);
    const desc = (await api('GET', `/groups/${gid.acme}/milestones?include_descendants=true`, 'guest')).json();
    expect(titles(desc)).toEqual(['Sub Q1', 'Q1', 'v2', 'v1']);
    expect(desc.find((m: { title: string }) => m.title === 'v1').web_url).toBe(
      'http://localhost:3000/msacme/sub/web/-/milestones/1',
    );
    const inherited = (await api('GET', `/groups/${gid.sub}/milestones?include_ancestors=true`, 'guest')).json();
    expect(inherited.find((m: { title: string }) => m.title === 'Q1').web_url).toBe(
      'http://localhost:3000/groups/msacme/-/milestones/1',
    );
  });

  it("lists a milestone's issues without leaking confidential ones", async () => {
    const url = `/projects/${pid.web}/milestones`;
    const v2 = (await api('GET', `${url}?title=v2`, 'guest')).json()[0];
    await t.db
      .insertInto('issues')
      .values([
        { project_id: pid.web, iid: 1, title: 'in v2', milestone_id: v2.id },
        { project_id: pid.web, iid: 2, title: 'secret in v2', milestone_id: v2.id, confidential: true },
        { project_id: pid.web, iid: 3, title: 'no milestone' },
      ])
      .execute();
    const guest = await api('GET', `${url}/${v2.id}/issues`, 'guest');
    expect(guest.statusCode).toBe(200);
    expect(guest.json().map((i: { title: string }) => i.title)).toEqual(['in v2']);
    expect(guest.headers['x-total']).toBe('1');
    const planner = await api('GET', `${url}/${v2.id}/issues`, 'planner');
    expect(planner.json().map((i: { iid: number }) => i.iid)).toEqual([2, 1]);
    expect((await api('GET', `${url}/${v2.id}/issues`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `${url}/999999/issues`, 'guest')).statusCode).toBe(404);
  });

  it('closes, reactivates, edits and deletes', async () => {
    const url = `/projects/${pid.web}/milestones`;
    const v1 = (await api('GET', `${url}?title=v1`, 'guest')).json()[0];
    const closed = await api('PUT', `${url}/${v1.id}`, 'planner', { state_event: 'close', title: 'v1.0' });
    expect(closed.json()).toMatchObject({ state: 'closed', title: 'v1.0' });
    expect(titles((await api('GET', `${url}?state=closed`, 'guest')).json())).toEqual(['v1.0']);
    expect(titles((await api('GET', `${url}?state=active`, 'guest')).json())).toEqual(['v2']);
    // moving due before the stored start date is refused
    expect((await api('PUT', `${url}/${v1.id}`, 'planner', { due_date: '2019-01-01' })).statusCode).toBe(400);
    const cleared = await api('PUT', `${url}/${v1.id}`, 'planner', { state_event: 'activate', start_date: null });
    expect(cleared.json()).toMatchObject({ state: 'active', start_date: null });
    expect((await api('PUT', `${url}/${v1.id}`, 'planner', { title: 'v2' })).statusCode).toBe(400);
    expect((await api('DELETE', `${url}/${v1.id}`, 'planner')).statusCode).toBe(204);
    expect((await api('GET', `${url}/${v1.id}`, 'planner')).statusCode).toBe(404);
  });
});
