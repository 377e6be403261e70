import { beforeAll, describe, expect, it } from 'vitest';
import {
  addGroupMember,
  addProjectMember,
  createGroup,
  createProject,
  createToken,
  createUser,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();
const auth = (token: string) => ({ 'private-token': token });
let top: { id: number };
let sub: { id: number };
let project: { id: number };
let owner: { id: number };
let maint: { id: number };
let dev: { id: number };
let outsider: { id: number };
let ownerToken: string;
let maintToken: string;
let devToken: string;
let outsiderToken: string;

beforeAll(async () => {
  top = await createGroup(t.db, { path: 'm-top', visibility: 0 });
  sub = await createGroup(t.db, { path: 'sub', parentId: top.id, visibility: 0 });
  project = await createProject(t.db, { namespaceId: sub.id, path: 'proj' });
  owner = await createUser(t.db, { username: 'm-owner' });
  maint = await createUser(t.db, { username: 'm-maint' });
  dev = await createUser(t.db, { username: 'm-dev' });
  outsider = await createUser(t.db, { username: 'm-outsider' });
  await addGroupMember(t.db, top.id, owner.id, 50);
  await addGroupMember(t.db, top.id, maint.id, 40);
  await addGroupMember(t.db, sub.id, maint.id, 30);
  await addProjectMember(t.db, project.id, dev.id, 30);
  ownerToken = await createToken(t.db, owner.id);
  maintToken = await createToken(t.db, maint.id);
  devToken = await createToken(t.db, dev.id);
  outsiderToken = await createToken(t.db, outsider.id);
});
describe('listing members', () => {
  it('direct members and /all with inherited members at their highest level', async () => {
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/v4/groups/${sub.id}/members`,
      headers: auth(ownerToken),
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.json().map((m: { username: string; access_level: number }) => [m.username, m.access_level])).toEqual([
      ['m-maint', 30],
    ]);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/v4/groups/m-top%2Fsub/members/all`,
      headers: auth(ownerToken),
    });
    expect(all.json().map((m: { username: string; access_level: number }) => [m.username, m.access_level])).toEqual([
      ['m-maint', 40],
      ['m-owner', 50],
    ]);
    expect(all.headers['x-total']).toBe('2');
    const projectAll = await t.app.inject({
      method: 'GET',
      url: `/api/v4/projects/${project.id}/members/all?query=m-`,
      headers: auth(devToken),
    });
    expect(projectAll.json().map((m: { username: string }) => m.username)).toEqual(['m-dev', 'm-maint', 'm-owner']);
    const projectDirect = await t.app.inject({
      method: 'GET',
      url: `/api/v4/projects/${project.id}/members`,
      headers: auth(devToken),
    });
    expect(projectDirect.json()).toHaveLength(1);
    expect(projectDirect.json()[0]).toMatchObject({
      id: dev.id,
      username: 'm-dev',
      access_level: 30,
      expires_at: null,
      state: 'active',
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v4/groups/${sub.id}/members/all/${owner.id}`,
      headers: auth(devToken),
    });
    expect(one.json()).toMatchObject({ id: owner.id, access_level: 50 });
    const notDirect = await t.app.inject({
      method: 'GET',
      url: `/api/v4/groups/${sub.id}/members/${owner.id}`,
      headers: auth(devToken),
    });
    expect(notDirect.statusCode).toBe(404);
  });

  it('404 on a private group for outsiders and anonymous', async () => {
    for (const headers of [auth(outsiderToken), {}]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v4/groups/${top.id}/members`, headers });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('managing members', () => {
  it('adds, updates and removes group members; validates input', async () => {
    const u = await createUser(t.db);
    const bad = [
      { user_id: u.id, access_level: 25 },
      { access_level: 30 },
      { user_id: u.id, access_level: 30, expires_at: '2000-01-01' },
      { user_id: u.id, access_level: 30, expires_at: 'soon' },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v4/groups/${sub.id}/members`,
        headers: auth(ownerToken),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missingUser = await t.app.inject({
      method: 'POST',
      url: `/api/v4/groups/${sub.id}/members`,
      headers: auth(ownerToken),
      payload: { user_id: 999999, access_level: 30 },
    });
    expect(missingUser.statusCode).toBe(404);
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/v4/groups/${sub.id}/members`,
      headers: auth(ownerToken),
      payload: { user_id: u.id, access_level: 15, expires_at: '2999-12-31' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ id: u.id, access_level: 15, expires_at: '2999-12-31' });
    const dup = await t.app.inject({
      method: 'POST',
      url: `/api/v4/groups/${sub.id}/members`,
      headers: auth(ownerToken),
      payload: { user_id: u.id, access_level: 15 },
    });
    expect(dup.statusCode).toBe(409);
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/groups/${sub.id}/members/${u.id}`,
      headers: auth(ownerToken),
      payload: { access_level: 20 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().access_level).toBe(20);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/groups/${sub.id}/members/${u.id}`,
      headers: auth(ownerToken),
    });
    expect(del.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/groups/${sub.id}/members/${u.id}`,
      headers: auth(ownerToken),
    });
    expect(again.statusCode).toBe(404);
  });

  it('403 without admin rights; only Owners may grant Owner; members may leave', async () => {
    const u = await createUser(t.db);
    const asDev = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.id}/members`,
      headers: auth(devToken),
      payload: { user_id: u.id, access_level: 10 },
    });
    expect(asDev.statusCode).toBe(403);
    const maintOwner = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.id}/members`,
      headers: auth(maintToken),
      payload: { user_id: u.id, access_level: 50 },
    });
    expect(maintOwner.statusCode).toBe(403);
    const maintGuest = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.id}/members`,
      headers: auth(maintToken),
      payload: { user_id: u.id, access_level: 10 },
    });
    expect(maintGuest.statusCode).toBe(201);
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${project.id}/members/${u.id}`,
      headers: auth(maintToken),
      payload: { access_level: 50 },
    });
    expect(promote.statusCode).toBe(403);
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${project.id}/members/${u.id}`,
      headers: auth(await createToken(t.db, u.id)),
    });
    expect(leave.statusCode).toBe(204);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/v4/groups/${top.id}/members`,
      payload: { user_id: u.id, access_level: 10 },
    });
    // GitLab's authenticate_non_get!: anonymous writes are 401 before any lookup.
    expect(anon.statusCode).toBe(401);
  });

  it('a group may not lose its last Owner', async () => {
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/groups/${top.id}/members/${owner.id}`,
      headers: auth(ownerToken),
      payload: { access_level: 40 },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error).toMatch(/at least one owner/);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/groups/${top.id}/members/${owner.id}`,
      headers: auth(ownerToken),
    });
    expect(remove.statusCode).toBe(400);
    // An Owner of a subgroup may leave it: the parent's Owner still owns it.
    const subOwner = await createUser(t.db);
    await addGroupMember(t.db, sub.id, subOwner.id, 50);
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/groups/${sub.id}/members/${subOwner.id}`,
      headers: auth(await createToken(t.db, subOwner.id)),
    });
    expect(leave.statusCode).toBe(204);
  });
});
