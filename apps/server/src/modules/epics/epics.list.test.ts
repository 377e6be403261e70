import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { expectFixedStatements } from '../../test/statement-count';

const t = useRestTestApp({
  prefix: 'el_',
  users: ['owner', 'planner', 'reporter', 'guest', 'outsider'],
  admins: ['admin'],
});
const { api, uid } = t;
let g: { id: number };
let sub: { id: number };
let other: { id: number };

type EpicJson = { id: number; iid: number; references: { full: string }; labels: unknown[] };
const refs = (body: EpicJson[]) => body.map((e) => e.references.full).sort();
const list = async (query: string, who = 'owner') => {
  const res = await api('GET', `/groups/${g.id}/epics?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return { res, refs: refs(res.json() as EpicJson[]), body: res.json() as EpicJson[] };
};
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = t.db;
  g = await createGroup(db, { path: 'elg' });
  sub = await createGroup(db, { path: 'elsub', parentId: g.id });
  other = await createGroup(db, { path: 'elother', visibility: 20 });
  await addGroupMember(db, g.id, uid.owner ?? 0, AccessLevel.OWNER);
  await addGroupMember(db, g.id, uid.planner ?? 0, AccessLevel.PLANNER);
  await addGroupMember(db, g.id, uid.reporter ?? 0, AccessLevel.REPORTER);
  await addGroupMember(db, g.id, uid.guest ?? 0, AccessLevel.GUEST);
  await addGroupMember(db, other.id, uid.owner ?? 0, AccessLevel.OWNER);

  const make = async (key: string, groupId: number, body: object, who = 'owner') => {
    const res = await api('POST', `/groups/${groupId}/epics`, who, body);
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = (res.json() as EpicJson).id;
  };
  await make('alpha', g.id, { title: 'Alpha roadmap', labels: 'backend', description: 'the plan' });
  await make('beta', g.id, { title: 'Beta release', labels: 'frontend,backend', confidential: true });
  await make('gamma', g.id, { title: 'Gamma cleanup' }, 'planner');
  await api('PUT', `/groups/${g.id}/epics/3`, 'owner', { state_event: 'close' });
  await make('delta', sub.id, { title: 'Delta subgroup', labels: ['backend'], parent_id: ids.alpha });
  await make('eps', g.id, {
    title: 'Epsilon dated',
    start_date_is_fixed: true,
    start_date_fixed: '2024-01-01',
    due_date_is_fixed: true,
    due_date_fixed: '2024-03-31',
  });
  await make('zeta', other.id, { title: 'Zeta public' });
  await db
    .insertInto('award_emoji')
    .values({ name: 'thumbsup', user_id: uid.owner ?? 0, awardable_type: 'Epic', awardable_id: ids.alpha ?? 0 })
    .execute();
});

describe('GET /groups/:id/epics filters', () => {
  it('lists the group and its subgroups by default, newest first', async () => {
    const { res, body } = await list('');
    expect(body.map((e) => e.references.full)).toEqual(['elg&4', 'elg/elsub&1', 'elg&3', 'elg&2', 'elg&1']);
    expect(res.headers['x-total']).toBe('5');
    expect(res.headers['x-page']).toBe('1');
  });

  const cases: Array<[string, string[]]> = [
    ['include_descendant_groups=false', ['elg&1', 'elg&2', 'elg&3', 'elg&4']],
    ['state=opened', ['elg&1', 'elg&2', 'elg&4', 'elg/elsub&1']],
    ['state=closed', ['elg&3']],
    ['state=all', ['elg&1', 'elg&2', 'elg&3', 'elg&4', 'elg/elsub&1']],
    ['labels=backend', ['elg&1', 'elg&2', 'elg/elsub&1']],
    ['labels=backend,frontend', ['elg&2']],
    ['labels[]=backend&labels[]=frontend', ['elg&2']],
    ['labels=None', ['elg&3', 'elg&4']],
    ['labels=Any', ['elg&1', 'elg&2', 'elg/elsub&1']],
    ['not[labels]=frontend', ['elg&1', 'elg&3', 'elg&4', 'elg/elsub&1']],
    ['author_username=el_planner', ['elg&3']],
    ['not[author_username]=el_owner', ['elg&3']],
    ['search=roadmap', ['elg&1']],
    ['search=THE%20PLAN', ['elg&1']],
    ['search=100%25', []],
    ['confidential=true', ['elg&2']],
    ['confidential=false', ['elg&1', 'elg&3', 'elg&4', 'elg/elsub&1']],
    ['parent_id=None', ['elg&1', 'elg&2', 'elg&3', 'elg&4']],
    ['my_reaction_emoji=thumbsup', ['elg&1']],
    ['my_reaction_emoji=Any', ['elg&1']],
    ['my_reaction_emoji=None', ['elg&2', 'elg&3', 'elg&4', 'elg/elsub&1']],
    ['timeframe[start]=2024-03-01&timeframe[end]=2024-06-01', ['elg&4']],
    ['timeframe[start]=2024-04-01&timeframe[end]=2024-06-01', []],
    ['created_after=2000-01-01T00:00:00Z', ['elg&1', 'elg&2', 'elg&3', 'elg&4', 'elg/elsub&1']],
    ['created_before=2000-01-01T00:00:00Z', []],
    ['updated_after=2999-01-01', []],
    ['iids=1,3', ['elg&1', 'elg&3', 'elg/elsub&1']],
  ];
  for (const [query, expected] of cases) {
    it(query, async () => {
      const { res, refs: got } = await list(query);
      expect(got).toEqual(expected);
      expect(res.headers['x-total']).toBe(String(expected.length));
    });
  }

  it('parent_id and author_id', async () => {
    expect((await list(`parent_id=${ids.alpha}`)).refs).toEqual(['elg/elsub&1']);
    expect((await list(`author_id=${uid.planner}`)).refs).toEqual(['elg&3']);
  });

  it('include_ancestor_groups from the subgroup', async () => {
    const res = await api('GET', `/groups/${sub.id}/epics?include_ancestor_groups=true`, 'owner');
    expect(refs(res.json())).toEqual(['elg&1', 'elg&2', 'elg&3', 'elg&4', 'elg/elsub&1']);
    const own = await api('GET', `/groups/${sub.id}/epics`, 'owner');
    expect(refs(own.json())).toEqual(['elg/elsub&1']);
  });

  it('orders by title, start_date and end_date (nulls last)', async () => {
    const titles = async (q: string) => ((await list(q)).body as unknown as { title: string }[]).map((e) => e.title);
    expect(await titles('order_by=title&sort=asc')).toEqual([
      'Alpha roadmap',
      'Beta release',
      'Delta subgroup',
      'Epsilon dated',
      'Gamma cleanup',
    ]);
    expect((await titles('order_by=start_date&sort=desc'))[0]).toBe('Epsilon dated');
    expect((await titles('order_by=due_date&sort=asc'))[0]).toBe('Epsilon dated');
    expect((await titles('order_by=created_at&sort=asc'))[0]).toBe('Alpha roadmap');
  });

  it('offset pagination headers', async () => {
    const { res, body } = await list('per_page=2&page=2&order_by=title&sort=asc');
    expect(body.map((e) => e.iid)).toEqual([1, 4]);
    expect(res.headers['x-total']).toBe('5');
    expect(res.headers['x-total-pages']).toBe('3');
    expect(res.headers['x-next-page']).toBe('3');
    expect(res.headers['x-prev-page']).toBe('1');
  });

  for (const orderBy of ['created_at', 'title', 'start_date', 'relative_position']) {
    it(`keyset pagination walks every epic once (${orderBy})`, async () => {
      const seen: string[] = [];
      let url: string | null = `/groups/${g.id}/epics?pagination=keyset&per_page=2&order_by=${orderBy}&sort=asc`;
      for (let i = 0; url && i < 10; i++) {
        const res = await api('GET', url, 'owner');
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...refs(res.json()));
        const link = String(res.headers.link ?? '');
        const m = /<[^>]*\/api\/v4([^>]*)>; rel="next"/.exec(link);
        url = m?.[1] ?? null;
      }
      expect(seen.sort()).toEqual(['elg&1', 'elg&2', 'elg&3', 'elg&4', 'elg/elsub&1']);
    });
  }

  it('with_labels_details returns label objects', async () => {
    const { body } = await list('with_labels_details=true&labels=frontend');
    expect(body[0]?.labels).toEqual([
      expect.objectContaining({ name: 'backend', color: '#6699cc' }),
      expect.objectContaining({ name: 'frontend' }),
    ]);
  });

  it('400 for bad params', async () => {
    for (const q of [
      'state=bogus',
      'order_by=nope',
      'sort=sideways',
      'created_after=notadate',
      'confidential=maybe',
      'parent_id=abc',
      'timeframe[start]=2024-01-01',
      'pagination=keyset&cursor=garbage',
      'per_page=1000',
    ]) {
      const res = await api('GET', `/groups/${g.id}/epics?${q}`, 'owner');
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });
});

describe('visibility', () => {
  it('confidential epic hidden from guest and anonymous in list, X-Total and by iid; Planner+ see it', async () => {
    for (const who of ['guest']) {
      const { res, refs: got } = await list('', who);
      expect(got, who).toEqual(['elg&1', 'elg&3', 'elg&4', 'elg/elsub&1']);
      expect(res.headers['x-total']).toBe('4');
      expect((await api('GET', `/groups/${g.id}/epics/2`, who)).statusCode).toBe(404);
    }
    for (const who of ['planner', 'reporter', 'admin']) {
      expect((await list('', who)).refs).toContain('elg&2');
      expect((await api('GET', `/groups/${g.id}/epics/2`, who)).statusCode).toBe(200);
    }
  });

  it('404 for an unknown or hidden group, public group readable anonymously', async () => {
    const hidden = await api('GET', `/groups/${g.id}/epics`, 'outsider');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Group Not Found' });
    expect((await api('GET', `/groups/${g.id}/epics`)).statusCode).toBe(404);
    expect((await api('GET', '/groups/999999/epics', 'owner')).statusCode).toBe(404);
    expect((await api('GET', `/groups/${g.id}/epics/99`, 'owner')).json()).toEqual({ message: '404 Epic Not Found' });
    const anon = await api('GET', `/groups/${other.id}/epics`);
    expect(refs(anon.json())).toEqual(['elother&1']);
    expect((await api('GET', `/groups/elother/epics/1`)).statusCode).toBe(200);
  });

  it('epic JSON has GitLab fields', async () => {
    const res = await api('GET', `/groups/${sub.id}/epics/1`, 'owner');
    expect(res.json()).toMatchObject({
      iid: 1,
      group_id: sub.id,
      parent_id: ids.alpha,
      parent_iid: 1,
      title: 'Delta subgroup',
      state: 'opened',
      confidential: false,
      reference: '&1',
      references: { short: '&1', relative: '&1', full: 'elg/elsub&1' },
      author: expect.objectContaining({ username: 'el_owner' }),
      labels: ['backend'],
      upvotes: 0,
      downvotes: 0,
      color: '#1068bf',
      web_url: expect.stringMatching(/\/groups\/elg\/elsub\/-\/epics\/1$/),
      _links: {
        self: expect.stringMatching(new RegExp(`/api/v4/groups/${sub.id}/epics/1$`)),
        epic_issues: expect.stringMatching(new RegExp(`/api/v4/groups/${sub.id}/epics/1/issues$`)),
        group: expect.stringMatching(new RegExp(`/api/v4/groups/${sub.id}$`)),
        parent: expect.stringMatching(new RegExp(`/api/v4/groups/${g.id}/epics/1$`)),
      },
    });
    const alpha = await api('GET', `/groups/${g.id}/epics/1`, 'owner');
    expect(alpha.json()).toMatchObject({ upvotes: 1, description: 'the plan' });
  });

  it('a page of epics costs a fixed number of SQL statements', async () => {
    const load = async (perPage: number) => {
      const res = await api('GET', `/groups/${g.id}/epics?per_page=${perPage}`, 'owner');
      expect(res.statusCode).toBe(200);
    };
    // Pages that hold a child epic add one statement: which parents the viewer may read (review I2).
    await expectFixedStatements(t.database, load, [5, 20], 11);
  });
});
