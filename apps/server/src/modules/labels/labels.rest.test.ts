import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { expectStatuses, postCreated } from '../../test/api-client';
import { createToken, createUser } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'lbl_',
  users: ['owner', 'planner', 'guest', 'outsider'],
  admins: ['admin'],
  groups: {
    acme: {
      path: 'lblacme',
      members: { owner: AccessLevel.OWNER, planner: AccessLevel.PLANNER, guest: AccessLevel.GUEST },
    },
    sub: { path: 'sub', parent: 'acme' },
    pub: { path: 'lblpub', visibility: 20 },
  },
  projects: {
    web: { path: 'web', group: 'sub' },
    open: { path: 'open', group: 'pub', visibility: 20 },
  },
});
const { api, tok, gid, pid } = t;

beforeAll(async () => {
  const readOnly = await createUser(t.db, { username: 'lbl_ro' });
  tok.readonly = await createToken(t.db, readOnly.id, ['read_api']);
});

describe('labels REST', () => {
  it('creates group and project labels (colour names, text colour, 201)', async () => {
    const g = await postCreated(api, `/groups/${gid.acme}/labels`, 'owner', {
      name: 'bug',
      color: 'red',
      description: '**x**',
    });
    expect(g).toMatchObject({
      name: 'bug',
      color: '#ff0000',
      text_color: '#000000',
      description: '**x**',
      description_html: '<p><strong>x</strong></p>',
      open_issues_count: 0,
      closed_issues_count: 0,
      open_merge_requests_count: 0,
      subscribed: false,
      is_project_label: false,
    });
    const sub = await postCreated(api, `/groups/lblacme%2Fsub/labels`, 'planner', {
      name: 'team::web',
      color: '#FFFF00',
    });
    expect(sub.text_color).toBe('#1F1E24');
    const p = await postCreated(api, `/projects/${pid.web}/labels`, 'planner', {
      name: 'frontend',
      color: '#abc',
      priority: 2,
    });
    expect(p).toMatchObject({ name: 'frontend', color: '#aabbcc', priority: 2, is_project_label: true });
  });

  it('rejects bad input with 400 and duplicates with 409', async () => {
    expect((await api('POST', `/projects/${pid.web}/labels`, 'owner', { color: 'red' })).json()).toEqual({
      error: 'name is missing',
      field: 'name',
    });
    const noColor = await api('POST', `/projects/${pid.web}/labels`, 'owner', { name: 'x' });
    expect(noColor.statusCode).toBe(400);
    const badColor = await api('POST', `/projects/${pid.web}/labels`, 'owner', { name: 'x', color: 'nope' });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.json().field).toBe('color');
    await expectStatuses(api, [
      ['POST', `/projects/${pid.web}/labels`, 'owner', { name: 'a,b', color: 'red' }, 400],
      // same title as an inherited group label
      ['POST', `/projects/${pid.web}/labels`, 'owner', { name: 'bug', color: 'red' }, 409],
      ['POST', `/projects/${pid.web}/labels`, 'owner', { name: 'frontend', color: 'red' }, 409],
      ['POST', `/groups/${gid.acme}/labels`, 'owner', { name: 'bug', color: 'blue' }, 409],
      ['PUT', `/projects/${pid.web}/labels/frontend`, 'owner', {}, 400],
    ]);
  });

  it('answers 401 / 403 / 404 by role', async () => {
    const z = { name: 'z', color: 'red' };
    await expectStatuses(api, [
      ['POST', `/projects/${pid.web}/labels`, undefined, z, 401],
      ['POST', `/projects/${pid.web}/labels`, 'guest', z, 403],
      ['POST', `/projects/${pid.web}/labels`, 'outsider', z, 404],
      ['POST', `/projects/${pid.web}/labels`, 'readonly', z, 403],
    ]);
    expect((await api('GET', `/projects/${pid.web}/labels`, 'outsider')).json()).toEqual({
      message: '404 Project Not Found',
    });
    await expectStatuses(api, [
      ['GET', `/groups/${gid.acme}/labels`, undefined, undefined, 404],
      ['DELETE', `/projects/${pid.web}/labels/frontend`, 'guest', undefined, 403],
    ]);
    expect((await api('GET', `/projects/${pid.web}/labels/nope`, 'guest')).json()).toEqual({
      message: '404 Label Not Found',
    });
    const anon = await api('GET', `/projects/${pid.open}/labels`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual([]);
  });

  it('lists project labels with inherited group labels, sorted by title, paginated', async () => {
    const res = await api('GET', `/projects/${pid.web}/labels`, 'guest');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { name: string }) => l.name)).toEqual(['bug', 'frontend', 'team::web']);
    expect(res.headers['x-total']).toBe('3');
    expect(res.json()[0].open_issues_count).toBeUndefined();
    const own = await api('GET', `/projects/${pid.web}/labels?include_ancestor_groups=false`, 'guest');
    expect(own.json().map((l: { name: string }) => l.name)).toEqual(['frontend']);
    const page2 = await api('GET', `/projects/${pid.web}/labels?per_page=2&page=2`, 'guest');
    expect(page2.json().map((l: { name: string }) => l.name)).toEqual(['team::web']);
    expect(page2.headers['x-total-pages']).toBe('2');
    const search = await api('GET', `/projects/${pid.web}/labels?search=TEAM`, 'guest');
    expect(search.json().map((l: { name: string }) => l.name)).toEqual(['team::web']);
    expect((await api('GET', `/projects/${pid.web}/labels?per_page=1000`, 'guest')).statusCode).toBe(400);
  });

  it('lists group labels with ancestor / descendant / project options', async () => {
    const names = async (url: string) => (await api('GET', url, 'guest')).json().map((l: { name: string }) => l.name);
    expect(await names(`/groups/${gid.acme}/labels`)).toEqual(['bug']);
    expect(await names(`/groups/${gid.sub}/labels`)).toEqual(['bug', 'team::web']);
    expect(await names(`/groups/${gid.sub}/labels?include_ancestor_groups=false`)).toEqual(['team::web']);
    expect(await names(`/groups/${gid.acme}/labels?include_descendant_groups=true`)).toEqual(['bug', 'team::web']);
    expect(await names(`/groups/${gid.acme}/labels?include_descendant_groups=true&only_group_labels=false`)).toEqual([
      'bug',
      'frontend',
      'team::web',
    ]);
  });

  it('counts issues without leaking confidential ones to a Guest', async () => {
    const db = t.db;
    const bug = await db.selectFrom('labels').select('id').where('title', '=', 'bug').executeTakeFirstOrThrow();
    const issues = await db
      .insertInto('issues')
      .values([
        { project_id: pid.web, iid: 1, title: 'open', state: 'opened' },
        { project_id: pid.web, iid: 2, title: 'closed', state: 'closed' },
        { project_id: pid.web, iid: 3, title: 'secret', state: 'opened', confidential: true },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('issue_labels')
      .values(issues.map((i) => ({ issue_id: i.id, label_id: bug.id })))
      .execute();
    const counts = async (who: string, url: string) => {
      const l = (await api('GET', url, who)).json().find((x: { name: string }) => x.name === 'bug');
      return [l.open_issues_count, l.closed_issues_count];
    };
    expect(await counts('guest', `/projects/${pid.web}/labels?with_counts=true`)).toEqual([1, 1]);
    expect(await counts('planner', `/projects/${pid.web}/labels?with_counts=true`)).toEqual([2, 1]);
    expect(await counts('guest', `/groups/${gid.acme}/labels?with_counts=true`)).toEqual([1, 1]);
    expect(await counts('admin', `/groups/${gid.acme}/labels?with_counts=true`)).toEqual([2, 1]);
    const single = await api('GET', `/projects/${pid.web}/labels/bug`, 'guest');
    expect(single.json()).toMatchObject({ id: bug.id, open_issues_count: 1, closed_issues_count: 1 });
    expect((await api('GET', `/projects/${pid.web}/labels/${bug.id}`, 'guest')).json().name).toBe('bug');
  });

  it('subscribes and unsubscribes (304 when unchanged)', async () => {
    const url = `/projects/${pid.web}/labels/bug`;
    expect((await api('POST', `${url}/subscribe`)).statusCode).toBe(401);
    expect((await api('POST', `${url}/subscribe`, 'outsider')).statusCode).toBe(404);
    const sub = await api('POST', `${url}/subscribe`, 'guest');
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ name: 'bug', subscribed: true });
    expect((await api('POST', `${url}/subscribe`, 'guest')).statusCode).toBe(304);
    const list = (await api('GET', `/projects/${pid.web}/labels`, 'guest')).json();
    expect(list.find((l: { name: string }) => l.name === 'bug').subscribed).toBe(true);
    expect((await api('GET', url, 'planner')).json().subscribed).toBe(false);
    const unsub = await api('POST', `${url}/unsubscribe`, 'guest');
    expect(unsub.json().subscribed).toBe(false);
    expect((await api('POST', `${url}/unsubscribe`, 'guest')).statusCode).toBe(304);
  });

  it('promotes a project label to a group label, keeping its issues', async () => {
    const db = t.db;
    const made = (
      await api('POST', `/projects/${pid.web}/labels`, 'owner', { name: 'promo', color: '#123456' })
    ).json();
    const issue = await db
      .insertInto('issues')
      .values({ project_id: pid.web, iid: 10, title: 'promoted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('issue_labels').values({ issue_id: issue.id, label_id: made.id }).execute();
    expect((await api('PUT', `/projects/${pid.web}/labels/promo/promote`, 'guest')).statusCode).toBe(403);
    const res = await api('PUT', `/projects/${pid.web}/labels/promo/promote`, 'owner');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'promo',
      color: '#123456',
      is_project_label: false,
      open_issues_count: 1,
    });
    const owner = await db
      .selectFrom('labels')
      .select(['group_id', 'project_id'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ group_id: gid.sub, project_id: null });
    expect((await api('GET', `/projects/${pid.web}/labels/${made.id}`, 'owner')).statusCode).toBe(404);
    expect((await api('PUT', `/projects/${pid.web}/labels/bug/promote`, 'owner')).statusCode).toBe(404);
    await api('DELETE', `/groups/${gid.sub}/labels/promo`, 'owner');
  });

  it('updates and deletes labels in their own container only', async () => {
    const up = await api('PUT', `/projects/${pid.web}/labels/frontend`, 'planner', {
      new_name: 'ui',
      color: 'white',
      priority: null,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ name: 'ui', color: '#ffffff', text_color: '#1F1E24', priority: null });
    expect((await api('PUT', `/projects/${pid.web}/labels/ui`, 'planner', { new_name: 'bug' })).statusCode).toBe(409);
    // an inherited group label cannot be edited or deleted through the project
    expect((await api('PUT', `/projects/${pid.web}/labels/bug`, 'owner', { color: 'blue' })).statusCode).toBe(404);
    expect((await api('DELETE', `/projects/${pid.web}/labels/bug`, 'owner')).statusCode).toBe(404);
    expect((await api('DELETE', `/projects/${pid.web}/labels/ui`, 'planner')).statusCode).toBe(204);
    expect((await api('GET', `/projects/${pid.web}/labels/ui`, 'planner')).statusCode).toBe(404);
    const g = await api('PUT', `/groups/${gid.acme}/labels/bug`, 'owner', { description: 'Bugs' });
    expect(g.json()).toMatchObject({ name: 'bug', description: 'Bugs' });
  });
});
