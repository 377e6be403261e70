import { beforeAll, describe, expect, it } from 'vitest';
import { addProjectMember, createProject, createToken, createUser } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'p-',
  users: ['owner', 'dev', 'guest'],
  groups: {
    group: { path: 'p-acme', name: 'Acme', visibility: 20, members: { owner: 50, dev: 30, guest: 10 } },
    privateGroup: { path: 'p-secret', visibility: 0, members: { owner: 50 } },
  },
});
const { api, tok, gid } = t;

beforeAll(async () => {
  // Named: the personal namespace's name is in the answers.
  const stranger = await createUser(t.db, { username: 'p-stranger', name: 'Pat Stranger' });
  tok.stranger = await createToken(t.db, stranger.id);
});
describe('POST /projects', () => {
  it('401 anonymous; 400 missing name and path, bad path, bad visibility', async () => {
    const anon = await api('POST', '/projects', undefined, { name: 'x' });
    expect(anon.statusCode).toBe(401);
    for (const payload of [{}, { name: 'n', path: '.x' }, { name: 'n', visibility: 'everyone' }]) {
      const res = await api('POST', '/projects', 'dev', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('creates in a group (Developer+), with the GitLab shape', async () => {
    const res = await api('POST', '/projects', 'dev', {
      name: 'Web App',
      namespace_id: gid.group,
      visibility: 'public',
      description: 'hi',
    });
    expect(res.statusCode).toBe(201);
    const base = `http://localhost:${t.ctx.config.PORT}`;
    expect(res.json()).toMatchObject({
      name: 'Web App',
      path: 'web-app',
      path_with_namespace: 'p-acme/web-app',
      name_with_namespace: 'Acme / Web App',
      namespace: { id: gid.group, name: 'Acme', path: 'p-acme', kind: 'group', full_path: 'p-acme' },
      visibility: 'public',
      description: 'hi',
      issues_enabled: true,
      web_url: `${base}/p-acme/web-app`,
    });
    expect(typeof res.json().last_activity_at).toBe('string');
    const dup = await api('POST', '/projects', 'dev', { path: 'WEB-APP', namespace_id: gid.group });
    expect(dup.statusCode).toBe(400);
  });

  it('403 for a Guest, 404 for a hidden group, 400 when wider than the group', async () => {
    const guest = await api('POST', '/projects', 'guest', { name: 'g', namespace_id: gid.group });
    expect(guest.statusCode).toBe(403);
    const hidden = await api('POST', '/projects', 'stranger', { name: 'g', namespace_id: gid.privateGroup });
    expect(hidden.statusCode).toBe(404);
    const wider = await api('POST', '/projects', 'owner', {
      name: 'g',
      namespace_id: gid.privateGroup,
      visibility: 'public',
    });
    expect(wider.statusCode).toBe(400);
  });

  it('creates in the user namespace, made on first use', async () => {
    const res = await api('POST', '/projects', 'stranger', { path: 'dotfiles' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'dotfiles',
      path_with_namespace: 'p-stranger/dotfiles',
      namespace: { kind: 'user', path: 'p-stranger', name: 'Pat Stranger' },
    });
    const mine = await api('GET', '/projects/p-stranger%2Fdotfiles', 'stranger');
    expect(mine.statusCode).toBe(200);
    const second = await api('POST', '/projects', 'stranger', { name: 'two' });
    expect(second.json().namespace.id).toBe(res.json().namespace.id);
    const other = await api('GET', `/projects/${res.json().id}`, 'dev');
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /projects', () => {
  it('filters by visibility, membership, search; hides private projects; paginates', async () => {
    await createProject(t.db, { namespaceId: gid.privateGroup, path: 'classified' });
    await createProject(t.db, { namespaceId: gid.group, path: 'public-one', visibility: 20 });
    const anon = await api('GET', '/projects?per_page=100');
    const anonPaths = anon.json().map((p: { path_with_namespace: string }) => p.path_with_namespace);
    expect(anonPaths).toContain('p-acme/public-one');
    expect(anonPaths).not.toContain('p-secret/classified');
    const stranger = await api('GET', '/projects?search=classified', 'stranger');
    expect(stranger.json()).toEqual([]);
    const owner = await api('GET', '/projects?search=classified', 'owner');
    expect(owner.json().map((p: { path: string }) => p.path)).toEqual(['classified']);
    const membership = await api('GET', '/projects?membership=true&order_by=path&sort=asc', 'dev');
    expect(membership.json().map((p: { path: string }) => p.path)).toEqual(['public-one', 'web-app']);
    const vis = await api('GET', '/projects?visibility=private', 'owner');
    expect(vis.json().every((p: { visibility: string }) => p.visibility === 'private')).toBe(true);
    const page = await api('GET', '/projects?per_page=1&page=2', 'owner');
    expect(page.headers['x-page']).toBe('2');
    expect(page.headers['x-prev-page']).toBe('1');
    expect(Number(page.headers['x-total'])).toBeGreaterThanOrEqual(3);
    const bad = await api('GET', '/projects?visibility=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET/PUT/DELETE /projects/:id', () => {
  it('404 to strangers on private projects; 403 edit for Developer; Maintainer edits; Owner deletes', async () => {
    const p = await createProject(t.db, { namespaceId: gid.privateGroup, path: 'ops' });
    const maint = await createUser(t.db);
    await addProjectMember(t.db, p.id, maint.id, 40);
    tok.maint = await createToken(t.db, maint.id);
    const dev = await createUser(t.db);
    await addProjectMember(t.db, p.id, dev.id, 30);
    tok.opsDev = await createToken(t.db, dev.id);

    for (const who of [undefined, 'stranger']) {
      const res = await api('GET', `/projects/${p.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: '404 Project Not Found' });
    }
    const byPath = await api('GET', '/projects/p-secret%2Fops', 'opsDev');
    expect(byPath.statusCode).toBe(200);
    const devEdit = await api('PUT', `/projects/${p.id}`, 'opsDev', { name: 'x' });
    expect(devEdit.statusCode).toBe(403);
    const edit = await api('PUT', `/projects/${p.id}`, 'maint', {
      name: 'Operations',
      issues_enabled: false,
      visibility: 'private',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Operations', issues_enabled: false });
    const wider = await api('PUT', `/projects/${p.id}`, 'maint', { visibility: 'public' });
    expect(wider.statusCode).toBe(400);
    const maintDelete = await api('DELETE', `/projects/${p.id}`, 'maint');
    expect(maintDelete.statusCode).toBe(403);
    const del = await api('DELETE', `/projects/${p.id}`, 'owner');
    expect(del.statusCode).toBe(202);
    const gone = await api('GET', `/projects/${p.id}`, 'owner');
    expect(gone.statusCode).toBe(404);
  });
});
