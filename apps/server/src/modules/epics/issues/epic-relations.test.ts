import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { loadActor } from '../../../policy/load-actor';
import { createProject } from '../../../test/factories';
import { useRestTestApp } from '../../../test/rest-test-app';
import { descendantCounts } from '../epics.service';

const t = useRestTestApp({
  prefix: 'er_',
  users: ['owner', 'guest', 'reporter', 'outsider'],
  groups: {
    g: { path: 'erg', members: { owner: AccessLevel.OWNER, guest: AccessLevel.GUEST, reporter: AccessLevel.REPORTER } },
    other: { path: 'erother', members: { owner: AccessLevel.OWNER } },
  },
});
const { api, uid, gid } = t;
let projectId: number;
let foreignProjectId: number;

type Json = Record<string, unknown> & { id: number; iid: number };
const create = async (groupId: number, body: object): Promise<Json> => {
  const res = await api('POST', `/groups/${groupId}/epics`, 'owner', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const issue = async (
  project: number,
  iid: number,
  attrs: { confidential?: boolean; weight?: number; state?: string } = {},
) =>
  (
    await t.db
      .insertInto('issues')
      .values({ project_id: project, iid, title: `Issue ${iid}`, ...attrs })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  projectId = (await createProject(t.db, { namespaceId: gid.g, path: 'erp' })).id;
  foreignProjectId = (await createProject(t.db, { namespaceId: gid.other, path: 'erfp' })).id;
});

describe('epic issues', () => {
  it('assigns, lists, moves between epics, reorders, removes', async () => {
    const e1 = await create(gid.g, { title: 'E1' });
    const e2 = await create(gid.g, { title: 'E2' });
    const [a, b, c] = [await issue(projectId, 1), await issue(projectId, 2), await issue(projectId, 3)];
    const base = `/groups/${gid.g}/epics/${e1.iid}/issues`;
    const assigned = await api('POST', `${base}/${a}`, 'owner');
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json()).toMatchObject({
      id: expect.any(Number),
      epic: { iid: e1.iid },
      issue: { id: a, epic_issue_id: expect.any(Number) },
    });
    await api('POST', `${base}/${b}`, 'owner');
    await api('POST', `${base}/${c}`, 'owner');
    expect((await api('POST', `${base}/${c}`, 'owner')).statusCode).toBe(409);
    const listed = await api('GET', base, 'guest');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total']).toBe('3');
    const rows = listed.json() as Array<{ id: number; epic_issue_id: number }>;
    expect(rows.map((r) => r.id)).toEqual([a, b, c]);
    const eiOf = (id: number) => rows.find((r) => r.id === id)?.epic_issue_id ?? 0;
    const moved = await api('PUT', `${base}/${eiOf(c)}`, 'owner', { move_after_id: eiOf(a) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Json[]).map((r) => r.id)).toEqual([c, a, b]);
    // moving b to E2 replaces its epic
    expect((await api('POST', `/groups/${gid.g}/epics/${e2.iid}/issues/${b}`, 'owner')).statusCode).toBe(201);
    expect(((await api('GET', base, 'owner')).json() as Json[]).map((r) => r.id)).toEqual([c, a]);
    const removed = await api('DELETE', `${base}/${eiOf(a)}`, 'owner');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ issue: { id: a } });
    expect((await api('DELETE', `${base}/${eiOf(a)}`, 'owner')).statusCode).toBe(404);
  });

  it('401/403/404/400 cases', async () => {
    const e = await create(gid.g, { title: 'Guarded' });
    const base = `/groups/${gid.g}/epics/${e.iid}/issues`;
    const i = await issue(projectId, 10);
    expect((await api('POST', `${base}/${i}`)).statusCode).toBe(401);
    expect((await api('POST', `${base}/${i}`, 'guest')).statusCode).toBe(403);
    expect((await api('POST', `${base}/999999`, 'owner')).statusCode).toBe(404);
    expect((await api('POST', `${base}/xyz`, 'owner')).statusCode).toBe(400);
    expect((await api('GET', base, 'outsider')).statusCode).toBe(404);
    const foreign = await issue(foreignProjectId, 1);
    const res = await api('POST', `${base}/${foreign}`, 'owner');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/hierarchy/);
  });

  it('hides confidential issues from guests in the list and X-Total', async () => {
    const e = await create(gid.g, { title: 'Mixed' });
    const base = `/groups/${gid.g}/epics/${e.iid}/issues`;
    const pub = await issue(projectId, 20);
    const secret = await issue(projectId, 21, { confidential: true });
    await api('POST', `${base}/${pub}`, 'owner');
    await api('POST', `${base}/${secret}`, 'owner');
    const guest = await api('GET', base, 'guest');
    expect((guest.json() as Json[]).map((r) => r.id)).toEqual([pub]);
    expect(guest.headers['x-total']).toBe('1');
    expect(((await api('GET', base, 'reporter')).json() as Json[]).map((r) => r.id)).toEqual([pub, secret]);
  });
});

describe('related epics', () => {
  it('links relates_to / blocks / is_blocked_by, lists from both sides, deletes', async () => {
    const a = await create(gid.g, { title: 'RA' });
    const b = await create(gid.g, { title: 'RB' });
    const c = await create(gid.other, { title: 'RC' });
    const base = `/groups/${gid.g}/epics/${a.iid}/related_epics`;
    const r1 = await api('POST', base, 'owner', {
      target_group_id: gid.g,
      target_epic_iid: b.iid,
      link_type: 'blocks',
    });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json()).toMatchObject({ source_epic: { id: a.id }, target_epic: { id: b.id }, link_type: 'blocks' });
    const r2 = await api('POST', base, 'owner', {
      target_group_id: 'erother',
      target_epic_iid: c.iid,
      link_type: 'is_blocked_by',
    });
    expect(r2.statusCode, r2.body).toBe(201);
    expect((await api('POST', base, 'owner', { target_group_id: gid.g, target_epic_iid: b.iid })).statusCode).toBe(409);
    expect((await api('POST', base, 'owner', { target_group_id: gid.g, target_epic_iid: a.iid })).statusCode).toBe(400);
    expect((await api('POST', base, 'owner', { target_group_id: gid.g, target_epic_iid: 999 })).statusCode).toBe(404);
    expect(
      (await api('POST', base, 'owner', { target_group_id: gid.g, target_epic_iid: b.iid, link_type: 'x' })).statusCode,
    ).toBe(400);
    expect((await api('POST', base, 'guest', { target_group_id: gid.g, target_epic_iid: b.iid })).statusCode).toBe(403);
    const fromA = (await api('GET', base, 'owner')).json() as Array<{
      id: number;
      link_type: string;
      related_epic_link_id: number;
    }>;
    expect(fromA.map((r) => [r.id, r.link_type])).toEqual([
      [b.id, 'blocks'],
      [c.id, 'is_blocked_by'],
    ]);
    const fromB = (await api('GET', `/groups/${gid.g}/epics/${b.iid}/related_epics`, 'owner')).json() as Json[];
    expect(fromB.map((r) => [r.id, r.link_type])).toEqual([[a.id, 'is_blocked_by']]);
    // the guest cannot read the other group's epic: it is left out
    const guestView = (await api('GET', base, 'guest')).json() as Json[];
    expect(guestView.map((r) => r.id)).toEqual([b.id]);
    const linkId = fromA[0]?.related_epic_link_id;
    expect((await api('DELETE', `${base}/${linkId}`, 'guest')).statusCode).toBe(403);
    const del = await api('DELETE', `${base}/${linkId}`, 'owner');
    expect(del.statusCode).toBe(200);
    expect((await api('DELETE', `${base}/${linkId}`, 'owner')).statusCode).toBe(404);
  });
});

describe('descendantCounts', () => {
  it('counts descendant epics and issues with weights in one statement', async () => {
    const root = await create(gid.g, { title: 'Root' });
    const child = await create(gid.g, { title: 'Child', parent_id: root.id });
    const grandchild = await create(gid.g, { title: 'Grandchild', parent_id: child.id });
    await api('PUT', `/groups/${gid.g}/epics/${grandchild.iid}`, 'owner', { state_event: 'close' });
    const i1 = await issue(projectId, 30, { weight: 3 });
    const i2 = await issue(projectId, 31, { weight: 5, state: 'closed' });
    const i3 = await issue(projectId, 32, { weight: 2, confidential: true });
    await api('POST', `/groups/${gid.g}/epics/${root.iid}/issues/${i1}`, 'owner');
    await api('POST', `/groups/${gid.g}/epics/${grandchild.iid}/issues/${i2}`, 'owner');
    await api('POST', `/groups/${gid.g}/epics/${child.iid}/issues/${i3}`, 'owner');
    const owner = await loadActor(t.db, { id: uid.owner ?? 0, username: 'er_owner', admin: false }, null);
    const before = t.database.queryCount();
    const counts = await descendantCounts(t.db, owner, [root.id, child.id, grandchild.id]);
    expect(t.database.queryCount() - before).toBe(1);
    expect(counts.get(root.id)).toEqual({
      openedEpics: 1,
      closedEpics: 1,
      openedIssues: 2,
      closedIssues: 1,
      openedIssuesWeight: 5,
      closedIssuesWeight: 5,
      issuesAtRisk: 0,
      issuesNeedingAttention: 0,
      issuesOnTrack: 0,
    });
    expect(counts.get(grandchild.id)).toMatchObject({ openedEpics: 0, closedIssues: 1 });
    const guest = await loadActor(t.db, { id: uid.guest ?? 0, username: 'er_guest', admin: false }, null);
    expect((await descendantCounts(t.db, guest, [root.id])).get(root.id)).toMatchObject({ openedIssues: 1 });
  });
});
