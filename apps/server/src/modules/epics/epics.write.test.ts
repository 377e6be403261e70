import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'ew_',
  users: ['owner', 'planner', 'reporter', 'guest', 'outsider'],
  groups: {
    g: {
      path: 'ewg',
      visibility: 10,
      members: {
        owner: AccessLevel.OWNER,
        planner: AccessLevel.PLANNER,
        reporter: AccessLevel.REPORTER,
        guest: AccessLevel.GUEST,
      },
    },
    sub: { path: 'ewsub', parent: 'g', visibility: 10 },
    other: { path: 'ewother', members: { owner: AccessLevel.OWNER } },
  },
});
const { api, gid } = t;
let projectId: number;

type EpicJson = {
  id: number;
  iid: number;
  parent_id: number | null;
  labels: string[];
  start_date: string | null;
  due_date: string | null;
  start_date_from_milestones: string | null;
  due_date_from_milestones: string | null;
  state: string;
};
const create = async (groupId: number, body: object, who = 'owner'): Promise<EpicJson> => {
  const res = await api('POST', `/groups/${groupId}/epics`, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const get = async (groupId: number, iid: number): Promise<EpicJson> =>
  (await api('GET', `/groups/${groupId}/epics/${iid}`, 'owner')).json();

beforeAll(async () => {
  projectId = (await createProject(t.db, { namespaceId: gid.sub, path: 'ewproj' })).id;
});

describe('create / update / delete', () => {
  it('creates with iid per group, labels (created in the group) and 201', async () => {
    const a = await create(gid.g, { title: 'First', labels: 'x,y', color: '#217645', description: '**hi**' });
    expect(a).toMatchObject({ iid: 1, labels: ['x', 'y'], state: 'opened' });
    const labels = await t.db
      .selectFrom('labels')
      .select(['title', 'group_id', 'color'])
      .where('title', 'in', ['x', 'y'])
      .execute();
    expect(labels).toEqual(expect.arrayContaining([{ title: 'x', group_id: gid.g, color: '#6699cc' }]));
    const row = await t.db
      .selectFrom('epics')
      .select('description_html')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.description_html).toContain('<strong>hi</strong>');
    const b = await create(gid.g, { title: 'Second' }, 'planner');
    expect(b.iid).toBe(2);
    expect((await create(gid.sub, { title: 'Sub first' })).iid).toBe(1);
  });

  it('single epic JSON has description_html, sanitized', async () => {
    const e = await create(gid.g, {
      title: 'Hostile',
      description: '**ok**\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [a](javascript:alert(1))',
    });
    const shown = (await api('GET', `/groups/${gid.g}/epics/${e.iid}`, 'owner')).json() as { description_html: string };
    expect(shown.description_html).toContain('<strong>ok</strong>');
    expect(shown.description_html).not.toMatch(/<script|onerror|javascript:/i);
    expect((e as unknown as { description_html: string }).description_html).toBe(shown.description_html);
    const listed = (await api('GET', `/groups/${gid.g}/epics`, 'owner')).json() as Record<string, unknown>[];
    expect(listed[0]).not.toHaveProperty('description_html');
    await api('DELETE', `/groups/${gid.g}/epics/${e.iid}`, 'owner');
  });

  it('reuses an ancestor group label instead of creating one', async () => {
    const e = await create(gid.sub, { title: 'Uses x', labels: ['x'] });
    expect(e.labels).toEqual(['x']);
    const count = await t.db.selectFrom('labels').select('id').where('title', '=', 'x').execute();
    expect(count).toHaveLength(1);
  });

  it('401 anonymous, 403 guest, 404 hidden group, 400 bad input', async () => {
    expect((await api('POST', `/groups/${gid.g}/epics`, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await api('POST', `/groups/${gid.g}/epics`, 'guest', { title: 'x' })).statusCode).toBe(403);
    expect((await api('POST', `/groups/${gid.other}/epics`, 'guest', { title: 'x' })).statusCode).toBe(404);
    const missing = await api('POST', `/groups/${gid.g}/epics`, 'owner', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'title is missing', field: 'title' });
    for (const body of [
      { title: '   ' },
      { title: 'x', color: 'blue' },
      { title: 'x', start_date_fixed: '2024-13' },
      { title: 'x', parent_id: 'abc' },
      { title: 'x', parent_id: 999999 },
      { title: 'x'.repeat(300) },
      {
        title: 'x',
        start_date_is_fixed: true,
        start_date_fixed: '2024-05-01',
        due_date_is_fixed: true,
        due_date_fixed: '2024-01-01',
      },
    ]) {
      const res = await api('POST', `/groups/${gid.g}/epics`, 'owner', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('updates fields, labels, state_event; 409 on stale lock_version; 403 guest', async () => {
    const e = await create(gid.g, { title: 'Editable', labels: 'a' });
    const put = (body: object, who = 'owner') => api('PUT', `/groups/${gid.g}/epics/${e.iid}`, who, body);
    expect((await put({ title: 'nope' }, 'guest')).statusCode).toBe(403);
    expect((await put({ title: 'nope' }, 'outsider')).statusCode).toBe(403);
    expect((await put({ title: 'nope' })).statusCode).toBe(200);
    expect((await api('PUT', `/groups/${gid.other}/epics/1`, 'guest', { title: 'x' })).statusCode).toBe(404);
    expect((await api('PUT', `/groups/${gid.g}/epics/${e.iid}`, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await put({ title: 'nope' })).statusCode).toBe(200);
    let res = await put({ add_labels: 'b,c', remove_labels: 'a', title: 'Edited', confidential: true });
    expect(res.json()).toMatchObject({ title: 'Edited', labels: ['b', 'c'], confidential: true });
    res = await put({ labels: 'z' });
    expect(res.json().labels).toEqual(['z']);
    res = await put({ state_event: 'close' });
    expect(res.json()).toMatchObject({ state: 'closed', closed_at: expect.any(String) });
    res = await put({ state_event: 'reopen' });
    expect(res.json()).toMatchObject({ state: 'opened', closed_at: null });
    const row = await t.db.selectFrom('epics').select('lock_version').where('id', '=', e.id).executeTakeFirstOrThrow();
    expect((await put({ title: 'stale', lock_version: row.lock_version - 1 })).statusCode).toBe(409);
    expect((await put({ title: 'fresh', lock_version: row.lock_version })).statusCode).toBe(200);
    expect((await put({ state_event: 'explode' })).statusCode).toBe(400);
  });

  it('deletes: 403 for reporter, 204 for owner; children survive as top-level', async () => {
    const parent = await create(gid.g, { title: 'Doomed' });
    const child = await create(gid.g, { title: 'Orphan', parent_id: parent.id });
    expect((await api('DELETE', `/groups/${gid.g}/epics/${parent.iid}`, 'reporter')).statusCode).toBe(403);
    expect((await api('DELETE', `/groups/${gid.g}/epics/${parent.iid}`, 'owner')).statusCode).toBe(204);
    expect((await api('GET', `/groups/${gid.g}/epics/${parent.iid}`, 'owner')).statusCode).toBe(404);
    expect((await get(gid.g, child.iid)).parent_id).toBeNull();
  });
});

describe('hierarchy', () => {
  it('parent must be in the same group or an ancestor', async () => {
    const top = await create(gid.g, { title: 'Top' });
    const inSub = await create(gid.sub, { title: 'In sub', parent_id: top.id });
    expect(inSub.parent_id).toBe(top.id);
    const res = await api('POST', `/groups/${gid.g}/epics`, 'owner', { title: 'bad', parent_id: inSub.id });
    expect(res.statusCode).toBe(400);
    const foreign = await create(gid.other, { title: 'Foreign' });
    expect(
      (await api('POST', `/groups/${gid.g}/epics`, 'owner', { title: 'bad', parent_id: foreign.id })).statusCode,
    ).toBe(400);
  });

  it('rejects cycles and trees deeper than 7 levels', async () => {
    const chain: EpicJson[] = [await create(gid.g, { title: 'L1' })];
    for (let i = 2; i <= 7; i++) chain.push(await create(gid.g, { title: `L${i}`, parent_id: chain[i - 2]?.id }));
    const tooDeep = await api('POST', `/groups/${gid.g}/epics`, 'owner', { title: 'L8', parent_id: chain[6]?.id });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error).toMatch(/too deep/);
    const root = chain[0] as EpicJson;
    const cycle = await api('PUT', `/groups/${gid.g}/epics/${root.iid}`, 'owner', { parent_id: chain[3]?.id });
    expect(cycle.statusCode).toBe(400);
    const self = await api('PUT', `/groups/${gid.g}/epics/${root.iid}`, 'owner', { parent_id: root.id });
    expect(self.statusCode).toBe(400);
    // moving a 2-level subtree under level 6 would make 8 levels
    const loose = await create(gid.g, { title: 'Loose' });
    await create(gid.g, { title: 'Loose child', parent_id: loose.id });
    const deep = await api('POST', `/groups/${gid.g}/epics/${(chain[5] as EpicJson).iid}/epics/${loose.id}`, 'owner');
    expect(deep.statusCode).toBe(400);
    const ok = await api('POST', `/groups/${gid.g}/epics/${(chain[4] as EpicJson).iid}/epics/${loose.id}`, 'owner');
    expect(ok.statusCode).toBe(201);
  });

  it('a confidential parent only takes confidential children', async () => {
    const secret = await create(gid.g, { title: 'Secret', confidential: true });
    expect(
      (await api('POST', `/groups/${gid.g}/epics`, 'owner', { title: 'open', parent_id: secret.id })).statusCode,
    ).toBe(400);
    const child = await api('POST', `/groups/${gid.g}/epics/${secret.iid}/epics`, 'owner', { title: 'inherits' });
    expect(child.statusCode).toBe(201);
    expect(child.json().confidential).toBe(true);
  });
});

describe('child epics endpoints', () => {
  it('create, list, assign, reorder, unassign', async () => {
    const parent = await create(gid.g, { title: 'Parent' });
    const base = `/groups/${gid.g}/epics/${parent.iid}/epics`;
    const c1 = await api('POST', base, 'owner', { title: 'C1' });
    expect(c1.statusCode).toBe(201);
    const c2 = await create(gid.sub, { title: 'C2' });
    const c3 = await create(gid.g, { title: 'C3' });
    expect((await api('POST', `${base}/${c2.id}`, 'owner')).statusCode).toBe(201);
    expect((await api('POST', `${base}/${c3.id}`, 'owner')).statusCode).toBe(201);
    expect((await api('POST', `${base}/${c3.id}`, 'owner')).statusCode).toBe(409);
    const titles = async () => ((await api('GET', base, 'guest')).json() as { title: string }[]).map((e) => e.title);
    expect(await titles()).toEqual(['C1', 'C2', 'C3']);
    const moved = await api('PUT', `${base}/${c3.id}`, 'owner', { move_after_id: c1.json().id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as { title: string }[]).map((e) => e.title)).toEqual(['C3', 'C1', 'C2']);
    const moved2 = await api('PUT', `${base}/${c3.id}`, 'owner', { move_before_id: c2.id });
    expect((moved2.json() as { title: string }[]).map((e) => e.title)).toEqual(['C1', 'C2', 'C3']);
    expect((await api('PUT', `${base}/${c3.id}`, 'owner', {})).statusCode).toBe(400);
    expect((await api('POST', `${base}/${c2.id}`, 'guest')).statusCode).toBe(403);
    expect((await api('DELETE', `${base}/${c2.id}`, 'guest')).statusCode).toBe(403);
    const removed = await api('DELETE', `${base}/${c2.id}`, 'owner');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().parent_id).toBeNull();
    expect(await titles()).toEqual(['C1', 'C3']);
    expect((await api('DELETE', `${base}/${c2.id}`, 'owner')).statusCode).toBe(404);
    expect((await api('POST', `${base}/999999`, 'owner')).statusCode).toBe(404);
    expect((await api('POST', `${base}/abc`, 'owner')).statusCode).toBe(400);
  });
});

describe('date roll-up', () => {
  it('inherits from issue milestones and child epics, walks up, respects fixed dates', async () => {
    const db = t.db;
    const m1 = await db
      .insertInto('milestones')
      .values({ iid: 1, group_id: gid.g, title: 'M1', start_date: '2024-02-01', due_date: '2024-03-15' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m2 = await db
      .insertInto('milestones')
      .values({ iid: 2, group_id: gid.g, title: 'M2', start_date: '2024-01-10', due_date: '2024-02-20' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const issue = async (iid: number, milestoneId: number) =>
      (
        await db
          .insertInto('issues')
          .values({ project_id: projectId, iid, title: `I${iid}`, milestone_id: milestoneId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const i1 = await issue(101, m1.id);
    const i2 = await issue(102, m2.id);
    const grand = await create(gid.g, { title: 'Grand' });
    const parent = await create(gid.g, { title: 'Dated parent', parent_id: grand.id });
    const child = await create(gid.sub, { title: 'Dated child', parent_id: parent.id });
    expect((await api('POST', `/groups/${gid.sub}/epics/${child.iid}/issues/${i1}`, 'owner')).statusCode).toBe(201);
    let c = await get(gid.sub, child.iid);
    expect([c.start_date, c.due_date]).toEqual(['2024-02-01', '2024-03-15']);
    let p = await get(gid.g, parent.iid);
    expect([p.start_date, p.due_date, p.start_date_from_milestones]).toEqual([
      '2024-02-01',
      '2024-03-15',
      '2024-02-01',
    ]);
    expect((await get(gid.g, grand.iid)).start_date).toBe('2024-02-01');
    const link = await api('POST', `/groups/${gid.g}/epics/${parent.iid}/issues/${i2}`, 'owner');
    expect(link.statusCode).toBe(201);
    p = await get(gid.g, parent.iid);
    expect([p.start_date, p.due_date]).toEqual(['2024-01-10', '2024-03-15']);
    const row = await db
      .selectFrom('epics')
      .select(['start_date_sourcing_milestone_id', 'due_date_sourcing_epic_id'])
      .where('id', '=', parent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ start_date_sourcing_milestone_id: m2.id, due_date_sourcing_epic_id: child.id });
    // fixed dates win, inherited stay visible as *_from_milestones
    const fixed = await api('PUT', `/groups/${gid.g}/epics/${parent.iid}`, 'owner', {
      start_date_is_fixed: true,
      start_date_fixed: '2023-12-01',
    });
    expect(fixed.json()).toMatchObject({
      start_date: '2023-12-01',
      start_date_from_milestones: '2024-01-10',
      due_date: '2024-03-15',
    });
    expect((await get(gid.g, grand.iid)).start_date).toBe('2023-12-01');
    // removing the issue from the child moves the dates back up the tree
    const issues = (await api('GET', `/groups/${gid.sub}/epics/${child.iid}/issues`, 'owner')).json() as {
      epic_issue_id: number;
    }[];
    const del = await api(
      'DELETE',
      `/groups/${gid.sub}/epics/${child.iid}/issues/${issues[0]?.epic_issue_id}`,
      'owner',
    );
    expect(del.statusCode).toBe(200);
    c = await get(gid.sub, child.iid);
    expect([c.start_date, c.due_date]).toEqual([null, null]);
    p = await get(gid.g, parent.iid);
    expect([p.start_date, p.due_date]).toEqual(['2023-12-01', '2024-02-20']);
    expect((await get(gid.g, grand.iid)).due_date).toBe('2024-02-20');
    // detaching the parent from grand clears grand's dates
    await api('PUT', `/groups/${gid.g}/epics/${parent.iid}`, 'owner', { parent_id: null });
    const gr = await get(gid.g, grand.iid);
    expect([gr.start_date, gr.due_date]).toEqual([null, null]);
  });
});
