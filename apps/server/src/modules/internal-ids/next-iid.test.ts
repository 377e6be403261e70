import { beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createProject, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { nextIid } from './next-iid';

const t = useTestApp();
beforeAll(async () => {});
describe('nextIid', () => {
  it('counts per usage and container, starting at 1', async () => {
    const g = await createGroup(t.db);
    const p1 = await createProject(t.db, { namespaceId: g.id });
    const p2 = await createProject(t.db, { namespaceId: g.id });
    expect(await nextIid(t.db, 'issues', p1.id)).toBe(1);
    expect(await nextIid(t.db, 'issues', p1.id)).toBe(2);
    expect(await nextIid(t.db, 'issues', p2.id)).toBe(1);
    expect(await nextIid(t.db, 'project_milestones', p1.id)).toBe(1);
    expect(await nextIid(t.db, 'epics', g.id)).toBe(1);
  });

  it('starts after the max existing iid when the counter is absent', async () => {
    const g = await createGroup(t.db);
    const p = await createProject(t.db, { namespaceId: g.id });
    const u = await createUser(t.db);
    await t.db.insertInto('issues').values({ project_id: p.id, iid: 7, title: 'imported', author_id: u.id }).execute();
    expect(await nextIid(t.db, 'issues', p.id)).toBe(8);
    expect(await nextIid(t.db, 'issues', p.id)).toBe(9);
  });

  it('gives distinct values under concurrency and inside transactions', async () => {
    const g = await createGroup(t.db);
    const p = await createProject(t.db, { namespaceId: g.id });
    const values = await Promise.all(
      Array.from({ length: 8 }, () => t.db.transaction().execute((trx) => nextIid(trx, 'issues', p.id))),
    );
    expect([...values].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
