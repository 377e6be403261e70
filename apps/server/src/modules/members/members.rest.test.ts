import { beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, addProjectMember, createProject, createToken, createUser } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'm-',
  users: ['owner', 'maint', 'dev', 'outsider'],
  groups: {
    top: { path: 'm-top', visibility: 0, members: { owner: 50, maint: 40 } },
    sub: { path: 'sub', parent: 'top', visibility: 0, members: { maint: 30 } },
  },
});
const { api, tok, uid, gid } = t;
let project: { id: number };

beforeAll(async () => {
  project = await createProject(t.db, { namespaceId: gid.sub, path: 'proj' });
  await addProjectMember(t.db, project.id, uid.dev as number, 30);
});
describe('listing members', () => {
  it('direct members and /all with inherited members at their highest level', async () => {
    const direct = await api('GET', `/groups/${gid.sub}/members`, 'owner');
    expect(direct.statusCode).toBe(200);
    expect(direct.json().map((m: { username: string; access_level: number }) => [m.username, m.access_level])).toEqual([
      ['m-maint', 30],
    ]);
    const all = await api('GET', '/groups/m-top%2Fsub/members/all', 'owner');
    expect(all.json().map((m: { username: string; access_level: number }) => [m.username, m.access_level])).toEqual([
      ['m-maint', 40],
      ['m-owner', 50],
    ]);
    expect(all.headers['x-total']).toBe('2');
    const projectAll = await api('GET', `/projects/${project.id}/members/all?query=m-`, 'dev');
    expect(projectAll.json().map((m: { username: string }) => m.username)).toEqual(['m-dev', 'm-maint', 'm-owner']);
    const projectDirect = await api('GET', `/projects/${project.id}/members`, 'dev');
    expect(projectDirect.json()).toHaveLength(1);
    expect(projectDirect.json()[0]).toMatchObject({
      id: uid.dev,
      username: 'm-dev',
      access_level: 30,
      expires_at: null,
      state: 'active',
    });
    const one = await api('GET', `/groups/${gid.sub}/members/all/${uid.owner}`, 'dev');
    expect(one.json()).toMatchObject({ id: uid.owner, access_level: 50 });
    const notDirect = await api('GET', `/groups/${gid.sub}/members/${uid.owner}`, 'dev');
    expect(notDirect.statusCode).toBe(404);
  });

  it('404 on a private group for outsiders and anonymous', async () => {
    for (const who of ['outsider', undefined]) {
      const res = await api('GET', `/groups/${gid.top}/members`, who);
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
      const res = await api('POST', `/groups/${gid.sub}/members`, 'owner', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missingUser = await api('POST', `/groups/${gid.sub}/members`, 'owner', { user_id: 999999, access_level: 30 });
    expect(missingUser.statusCode).toBe(404);
    const add = await api('POST', `/groups/${gid.sub}/members`, 'owner', {
      user_id: u.id,
      access_level: 15,
      expires_at: '2999-12-31',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ id: u.id, access_level: 15, expires_at: '2999-12-31' });
    const dup = await api('POST', `/groups/${gid.sub}/members`, 'owner', { user_id: u.id, access_level: 15 });
    expect(dup.statusCode).toBe(409);
    const upd = await api('PUT', `/groups/${gid.sub}/members/${u.id}`, 'owner', { access_level: 20 });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().access_level).toBe(20);
    const del = await api('DELETE', `/groups/${gid.sub}/members/${u.id}`, 'owner');
    expect(del.statusCode).toBe(204);
    const again = await api('DELETE', `/groups/${gid.sub}/members/${u.id}`, 'owner');
    expect(again.statusCode).toBe(404);
  });

  it('403 without admin rights; only Owners may grant Owner; members may leave', async () => {
    const u = await createUser(t.db);
    const asDev = await api('POST', `/projects/${project.id}/members`, 'dev', { user_id: u.id, access_level: 10 });
    expect(asDev.statusCode).toBe(403);
    const maintOwner = await api('POST', `/projects/${project.id}/members`, 'maint', {
      user_id: u.id,
      access_level: 50,
    });
    expect(maintOwner.statusCode).toBe(403);
    const maintGuest = await api('POST', `/projects/${project.id}/members`, 'maint', {
      user_id: u.id,
      access_level: 10,
    });
    expect(maintGuest.statusCode).toBe(201);
    const promote = await api('PUT', `/projects/${project.id}/members/${u.id}`, 'maint', { access_level: 50 });
    expect(promote.statusCode).toBe(403);
    tok.leaver = await createToken(t.db, u.id);
    const leave = await api('DELETE', `/projects/${project.id}/members/${u.id}`, 'leaver');
    expect(leave.statusCode).toBe(204);
    const anon = await api('POST', `/groups/${gid.top}/members`, undefined, { user_id: u.id, access_level: 10 });
    // GitLab's authenticate_non_get!: anonymous writes are 401 before any lookup.
    expect(anon.statusCode).toBe(401);
  });

  it('a group may not lose its last Owner', async () => {
    const demote = await api('PUT', `/groups/${gid.top}/members/${uid.owner}`, 'owner', { access_level: 40 });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error).toMatch(/at least one owner/);
    const remove = await api('DELETE', `/groups/${gid.top}/members/${uid.owner}`, 'owner');
    expect(remove.statusCode).toBe(400);
    // An Owner of a subgroup may leave it: the parent's Owner still owns it.
    const subOwner = await createUser(t.db);
    await addGroupMember(t.db, gid.sub, subOwner.id, 50);
    tok.subOwner = await createToken(t.db, subOwner.id);
    const leave = await api('DELETE', `/groups/${gid.sub}/members/${subOwner.id}`, 'subOwner');
    expect(leave.statusCode).toBe(204);
  });
});
