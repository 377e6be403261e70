import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addProjectMember, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'pg_',
  users: ['member', 'outsider'],
  groups: {
    top: { path: 'pgtop' },
    mid: { path: 'mid', parent: 'top' },
    low: { path: 'low', parent: 'mid' },
  },
});
const { api, gid, uid } = t;
let projectId: number;

beforeAll(async () => {
  projectId = (await createProject(t.db, { namespaceId: gid.low, path: 'app', visibility: 0 })).id;
  await addProjectMember(t.db, projectId, uid.member as number, AccessLevel.REPORTER);
});

describe('a project’s groups (IE-76)', () => {
  it('lists the project’s group and every group above it, newest id first, as GitLab’s PublicGroupDetails', async () => {
    for (const path of [`/projects/${projectId}/groups`, `/projects/${projectId}/groups.json`]) {
      const res = await api('GET', path, 'member');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total']).toBe('3');
      const groups = res.json() as Array<Record<string, unknown>>;
      expect(groups.map((g) => g.full_path)).toEqual(['pgtop/mid/low', 'pgtop/mid', 'pgtop']);
      expect(Object.keys(groups[0] ?? {}).sort()).toEqual([
        'avatar_url',
        'full_name',
        'full_path',
        'id',
        'name',
        'web_url',
      ]);
    }
  });

  it('filters by search and skip_groups', async () => {
    const searched = await api('GET', `/projects/${projectId}/groups?search=mid`, 'member');
    expect((searched.json() as Array<{ full_path: string }>).map((g) => g.full_path)).toEqual(['pgtop/mid']);
    const skipped = await api(
      'GET',
      `/projects/${projectId}/groups?skip_groups[]=${gid.low}&skip_groups[]=${gid.top}`,
      'member',
    );
    expect((skipped.json() as Array<{ full_path: string }>).map((g) => g.full_path)).toEqual(['pgtop/mid']);
    expect((await api('GET', `/projects/${projectId}/groups?skip_groups=abc`, 'member')).statusCode).toBe(400);
  });

  it('is 404 for whoever may not read the project', async () => {
    expect((await api('GET', `/projects/${projectId}/groups`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${projectId}/groups`)).statusCode).toBe(404);
  });
});
