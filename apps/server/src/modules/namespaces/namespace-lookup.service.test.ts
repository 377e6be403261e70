import { beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../policy/load-actor';
import { addGroupMember, createGroup, createProject, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import {
  findGroup,
  findProject,
  fullPathsOfNamespaces,
  groupSubject,
  projectSubject,
} from './namespace-lookup.service';
import { webUrl } from './web-url';

const t = useTestApp();
beforeAll(async () => {});
describe('namespace lookups', () => {
  it('finds groups and projects by id and by case-insensitive full path, hiding private ones', async () => {
    const top = await createGroup(t.db, { path: 'Lk-acme', name: 'Acme', visibility: 20 });
    const sub = await createGroup(t.db, { path: 'platform', name: 'Platform', parentId: top.id, visibility: 0 });
    const project = await createProject(t.db, { namespaceId: sub.id, path: 'api', name: 'API', visibility: 0 });
    const owner = await createUser(t.db);
    await addGroupMember(t.db, sub.id, owner.id, 50);
    const actor = await loadActor(t.db, owner, null);

    const g = await findGroup(t.db, actor, { fullPath: 'lk-acme/PLATFORM' });
    expect(g.id).toBe(sub.id);
    expect(g.full_path).toBe('Lk-acme/platform');
    expect(g.full_name).toBe('Acme / Platform');
    expect(groupSubject(g)).toEqual({
      kind: 'group',
      id: sub.id,
      traversalIds: [top.id, sub.id],
      visibilityLevel: 0,
      projectCreationLevel: 'developer',
      subgroupCreationLevel: 'maintainer',
    });

    const p = await findProject(t.db, actor, { fullPath: 'Lk-acme/platform/api' });
    expect(p.id).toBe(project.id);
    expect(p.full_path).toBe('Lk-acme/platform/api');
    expect(p.full_name).toBe('Acme / Platform / API');
    expect(p.namespace_full_path).toBe('Lk-acme/platform');
    expect(projectSubject(p).namespaceTraversalIds).toEqual([top.id, sub.id]);
    expect((await findProject(t.db, actor, { id: project.id })).id).toBe(project.id);

    await expect(findGroup(t.db, null, { id: sub.id })).rejects.toMatchObject({ message: '404 Group Not Found' });
    await expect(findProject(t.db, null, { id: project.id })).rejects.toMatchObject({
      message: '404 Project Not Found',
    });
    await expect(findGroup(t.db, null, { fullPath: 'nope/x' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await findGroup(t.db, null, { id: top.id })).full_path).toBe('Lk-acme');

    const paths = await fullPathsOfNamespaces(t.db, [top.id, sub.id]);
    expect(paths.get(sub.id)).toBe('Lk-acme/platform');
  });

  it('builds web urls from the configured base', () => {
    expect(webUrl({ config: { ...t.ctx.config, MERIDIAN_EXTERNAL_URL: 'https://m.example/' } }, 'a/b')).toBe(
      'https://m.example/a/b',
    );
    expect(webUrl(t.ctx, '/a')).toBe(`http://localhost:${t.ctx.config.PORT}/a`);
  });
});
