import { describe, expect, it } from 'vitest';
import { postCreated } from '../../test/api-client';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'g-',
  users: ['owner', 'dev', 'stranger'],
  admins: ['admin'],
  groups: {
    pub: { path: 'g-acme', name: 'Acme', visibility: 20, members: { owner: 50, dev: 30 } },
    secret: { path: 'g-secret', name: 'Secret', visibility: 0, members: { owner: 50 } },
    secretChild: { path: 'hidden', name: 'Hidden', parent: 'pub', visibility: 0 },
  },
});
const { api, tok, gid } = t;

describe('GET /groups', () => {
  it.each([
    ['anonymous sees only public groups', '/groups', undefined],
    ['a stranger never sees private groups, even with all_available', '/groups?all_available=true', 'stranger'],
  ])('%s', async (_name, url, who) => {
    const res = await api('GET', url, who);
    expect(res.statusCode).toBe(200);
    const paths = res.json().map((g: { full_path: string }) => g.full_path);
    expect(paths).toContain('g-acme');
    expect(paths).not.toContain('g-secret');
    expect(paths).not.toContain('g-acme/hidden');
  });

  it('members see their groups and inherited subgroups; owned and min_access_level filter', async () => {
    const res = await api('GET', '/groups?search=g-', 'owner');
    const paths = res.json().map((g: { full_path: string }) => g.full_path);
    expect(paths).toEqual(expect.arrayContaining(['g-acme', 'g-secret']));
    const owned = await api('GET', '/groups?owned=true', 'dev');
    expect(owned.json()).toEqual([]);
    const dev = await api('GET', '/groups?min_access_level=30&order_by=path&sort=desc', 'dev');
    expect(dev.json().map((g: { full_path: string }) => g.full_path)).toEqual(['g-acme/hidden', 'g-acme']);
    const top = await api('GET', '/groups?top_level_only=true', 'dev');
    expect(top.json().map((g: { full_path: string }) => g.full_path)).toEqual(['g-acme']);
  });

  it('paginates with GitLab headers', async () => {
    const res = await api('GET', '/groups?per_page=1&page=1', 'admin');
    expect(res.json()).toHaveLength(1);
    expect(Number(res.headers['x-total'])).toBeGreaterThanOrEqual(3);
    expect(res.headers['x-page']).toBe('1');
    expect(res.headers['x-per-page']).toBe('1');
    expect(res.headers['x-next-page']).toBe('2');
    expect(res.headers.link).toContain('rel="next"');
  });

  it('rejects bad params with 400', async () => {
    const res = await api('GET', '/groups?order_by=bogus');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/order_by/);
  });
});

describe('GET /groups/:id', () => {
  it('by id and by encoded full path, with the GitLab shape', async () => {
    const res = await api('GET', '/groups/g-acme%2Fhidden', 'dev');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: gid.secretChild,
      name: 'Hidden',
      path: 'hidden',
      full_path: 'g-acme/hidden',
      full_name: 'Acme / Hidden',
      parent_id: gid.pub,
      visibility: 'private',
      web_url: `http://localhost:${t.ctx.config.PORT}/g-acme/hidden`,
    });
  });

  it('404 for a private group to a stranger and to anonymous', async () => {
    for (const who of ['stranger', undefined]) {
      const res = await api('GET', `/groups/${gid.secret}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: '404 Group Not Found' });
    }
    const missing = await api('GET', '/groups/999999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('subgroups and descendants', () => {
  it('hides private descendants from strangers', async () => {
    const pubChild = await createGroup(t.db, { path: 'open', parentId: gid.pub, visibility: 20 });
    await createGroup(t.db, { path: 'deep', parentId: pubChild.id, visibility: 20 });
    for (const kind of ['subgroups', 'descendant_groups']) {
      const res = await api('GET', `/groups/${gid.pub}/${kind}`, 'stranger');
      expect(res.statusCode).toBe(200);
      const paths = res.json().map((g: { full_path: string }) => g.full_path);
      expect(paths).not.toContain('g-acme/hidden');
      expect(paths).toContain('g-acme/open');
      expect(paths.includes('g-acme/open/deep')).toBe(kind === 'descendant_groups');
    }
    const member = await api('GET', `/groups/${gid.pub}/descendant_groups?search=hid`, 'dev');
    expect(member.json().map((g: { full_path: string }) => g.full_path)).toEqual(['g-acme/hidden']);
  });
});

describe('GET /groups/:id/projects', () => {
  it('lists readable projects, with include_subgroups', async () => {
    const g = await createGroup(t.db, { path: 'gp', visibility: 20 });
    const sub = await createGroup(t.db, { path: 'sub', parentId: g.id, visibility: 20 });
    await createProject(t.db, { namespaceId: g.id, path: 'top-proj', visibility: 20 });
    await createProject(t.db, { namespaceId: g.id, path: 'priv-proj', visibility: 0 });
    await createProject(t.db, { namespaceId: sub.id, path: 'sub-proj', visibility: 20 });
    const direct = await api('GET', `/groups/${g.id}/projects`);
    expect(direct.json().map((p: { path: string }) => p.path)).toEqual(['top-proj']);
    const all = await api('GET', '/groups/gp/projects?include_subgroups=true&order_by=path&sort=asc');
    expect(all.json().map((p: { path_with_namespace: string }) => p.path_with_namespace)).toEqual([
      'gp/sub/sub-proj',
      'gp/top-proj',
    ]);
    expect(all.headers['x-total']).toBe('2');
    // with_issues_enabled leaves out projects where no issue can be opened (the group's New issue chooser).
    await t.db.updateTable('projects').set({ issues_enabled: false }).where('path', '=', 'sub-proj').execute();
    const withIssues = await api('GET', '/groups/gp/projects?include_subgroups=true&with_issues_enabled=true');
    expect(withIssues.json().map((p: { path: string }) => p.path)).toEqual(['top-proj']);
    // with_merge_requests_enabled does the same for the group's New merge request chooser.
    await t.db.updateTable('projects').set({ merge_requests_enabled: false }).where('path', '=', 'top-proj').execute();
    const withMrs = await api('GET', '/groups/gp/projects?include_subgroups=true&with_merge_requests_enabled=true');
    expect(withMrs.json().map((p: { path: string }) => p.path)).toEqual(['sub-proj']);
  });
});

describe('POST /groups', () => {
  it('401 anonymous, 400 bad input', async () => {
    const anon = await api('POST', '/groups', undefined, { name: 'x', path: 'x' });
    expect(anon.statusCode).toBe(401);
    const cases = [
      [{ path: 'nn' }, /name is missing/],
      [{ name: 'n', path: '-bad' }, /path/],
      [{ name: 'n', path: 'a b' }, /path/],
      [{ name: 'n', path: 'ok-vis', visibility: 'secret' }, /visibility/],
    ] as const;
    for (const [payload, error] of cases) {
      const res = await api('POST', '/groups', 'stranger', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
  });

  it('creates a top-level group; the creator becomes Owner; duplicates are 400', async () => {
    const mine = await postCreated(api, '/groups', 'stranger', {
      name: 'Mine',
      path: 'mine',
      visibility: 'internal',
      description: 'd',
    });
    expect(mine).toMatchObject({
      name: 'Mine',
      path: 'mine',
      full_path: 'mine',
      visibility: 'internal',
      parent_id: null,
    });
    const members = await t.db.selectFrom('group_members').selectAll().where('group_id', '=', mine.id).execute();
    expect(members.map((m) => m.access_level)).toEqual([50]);
    const again = await api('POST', '/groups', 'stranger', { name: 'Mine', path: 'MINE' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/path has already been taken/);
  });

  it('subgroups need create_subgroup, visibility no wider than the parent, depth at most 20', async () => {
    const asDev = await api('POST', '/groups', 'dev', { name: 's', path: 's', parent_id: gid.pub });
    expect(asDev.statusCode).toBe(403);
    const hidden = await api('POST', '/groups', 'stranger', { name: 's', path: 's', parent_id: gid.secret });
    expect(hidden.statusCode).toBe(404);
    const wider = await api('POST', '/groups', 'owner', {
      name: 's',
      path: 's',
      parent_id: gid.secret,
      visibility: 'public',
    });
    expect(wider.statusCode).toBe(400);
    expect(wider.json().error).toMatch(/visibility/);

    let parentId = gid.secret;
    for (let depth = 2; depth <= 21; depth += 1) {
      const res = await api('POST', '/groups', 'owner', { name: `l${depth}`, path: `l${depth}`, parent_id: parentId });
      if (depth <= 21 && res.statusCode !== 201) throw new Error(`depth ${depth}: ${res.body}`);
      parentId = res.json().id;
    }
    const tooDeep = await api('POST', '/groups', 'owner', { name: 'l22', path: 'l22', parent_id: parentId });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error).toMatch(/20 levels/);
  });
});

describe('PUT and DELETE /groups/:id', () => {
  it('403 for a Developer, 404 for a stranger on a private group, 200 for the Owner', async () => {
    const g = await createGroup(t.db, { path: 'editable', visibility: 20 });
    const owner = await createUser(t.db);
    tok.editableOwner = await createToken(t.db, owner.id);
    await addGroupMember(t.db, g.id, owner.id, 50);
    const dev = await api('PUT', `/groups/${gid.pub}`, 'dev', { name: 'x' });
    expect(dev.statusCode).toBe(403);
    const stranger = await api('PUT', `/groups/${gid.secret}`, 'stranger', { name: 'x' });
    expect(stranger.statusCode).toBe(404);
    const ok = await api('PUT', `/groups/${g.id}`, 'editableOwner', {
      name: 'Renamed',
      description: 'new',
      visibility: 'internal',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Renamed', description: 'new', visibility: 'internal' });
    const bad = await api('PUT', `/groups/${g.id}`, 'editableOwner', { visibility: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to make a group less visible than its children', async () => {
    const g = await createGroup(t.db, { path: 'parent-vis', visibility: 20 });
    await createGroup(t.db, { path: 'c', parentId: g.id, visibility: 20 });
    const res = await api('PUT', `/groups/${g.id}`, 'admin', { visibility: 'private' });
    expect(res.statusCode).toBe(400);
  });

  it('deletes with 202 for the Owner; 403 for a Developer', async () => {
    const g = await createGroup(t.db, { path: 'doomed', visibility: 20 });
    const owner = await createUser(t.db);
    const dev = await createUser(t.db);
    await addGroupMember(t.db, g.id, owner.id, 50);
    await addGroupMember(t.db, g.id, dev.id, 40);
    tok.doomedMaint = await createToken(t.db, dev.id);
    tok.doomedOwner = await createToken(t.db, owner.id);
    const denied = await api('DELETE', `/groups/${g.id}`, 'doomedMaint');
    expect(denied.statusCode).toBe(403);
    const res = await api('DELETE', '/groups/doomed', 'doomedOwner');
    expect(res.statusCode).toBe(202);
    const gone = await api('GET', `/groups/${g.id}`);
    expect(gone.statusCode).toBe(404);
  });
});
