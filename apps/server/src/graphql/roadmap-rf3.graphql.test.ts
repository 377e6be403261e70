import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../test/factories';
import { dig, expectUserError, gql } from '../test/graphql-client';
import { useRoadmapTestApp } from '../test/roadmap-test-app';
import { RF3, type RoadmapWorld, type Role, TF } from '../test/roadmap-world';

/** RF-3: the group’s milestones in a timeframe (calls.md RF-3). The world is described in test/roadmap-world.ts. */
const { t, world, run, send } = useRoadmapTestApp();
let tokens: RoadmapWorld['tokens'];

beforeAll(() => {
  ({ tokens } = world());
});

describe('RF-3 group milestones in a timeframe', () => {
  const milestones = async (role: Role, variables: Record<string, unknown> = {}) => {
    const data = await run(RF3, role, {
      fullPath: 'rm',
      state: 'active',
      timeframe: TF,
      includeDescendants: true,
      includeAncestors: true,
      ...variables,
    });
    return dig(data, 'group', 'milestones', 'nodes') as Array<Record<string, unknown>>;
  };
  const titles = async (role: Role, variables: Record<string, unknown> = {}) =>
    (await milestones(role, variables)).map((m) => m.title).sort();

  it('returns active milestones overlapping the timeframe, of the group, its subgroups and projects', async () => {
    expect(await titles('owner')).toEqual(['Open end', 'Other M', 'Proj M', 'Q1', 'Sub M']);
    const byTitle = Object.fromEntries((await milestones('owner')).map((m) => [m.title, m]));
    expect(byTitle.Q1).toEqual({
      id: expect.stringMatching(/^gid:\/\/gitlab\/Milestone\/\d+$/),
      title: 'Q1',
      description: 'proj planning',
      state: 'active',
      startDate: '2025-01-01',
      dueDate: '2025-03-31',
      webPath: '/groups/rm/-/milestones/2',
      groupMilestone: true,
      subgroupMilestone: false,
      projectMilestone: false,
    });
    expect(byTitle['Sub M']).toMatchObject({
      webPath: '/groups/rm/sub/-/milestones/1',
      groupMilestone: true,
      subgroupMilestone: true,
    });
    expect(byTitle['Proj M']).toMatchObject({
      webPath: '/rm/web/-/milestones/2',
      startDate: null,
      dueDate: '2025-12-31',
      groupMilestone: false,
      projectMilestone: true,
    });
    expect(byTitle['Open end']).toMatchObject({ startDate: '2025-10-01', dueDate: null });
  });

  it('hides milestones of groups the actor may not read', async () => {
    expect(await titles('anonymous')).toEqual(['Open end', 'Proj M', 'Q1', 'Sub M']);
    expect(await titles('guest')).toEqual(['Open end', 'Other M', 'Proj M', 'Q1', 'Sub M']);
  });

  it('includes ancestors, excludes descendants when asked, and searches titles only', async () => {
    expect(await titles('owner', { fullPath: 'rm/sub' })).toEqual(['Open end', 'Q1', 'Sub M']);
    expect(await titles('owner', { fullPath: 'rm/sub', includeAncestors: false })).toEqual(['Sub M']);
    expect(await titles('owner', { includeDescendants: false })).toEqual(['Open end', 'Q1']);
    expect(await titles('owner', { searchTitle: 'proj' })).toEqual(['Proj M']);
    expect(await titles('owner', { searchTitle: 'M', timeframe: null })).toEqual([
      'M1',
      'M2',
      'Other M',
      'Proj M',
      'Sub M',
    ]);
    expect(await titles('owner', { state: 'closed', timeframe: { start: '2025-01-01', end: '2025-04-30' } })).toEqual(
      [],
    );
    expect(await titles('owner', { state: 'closed', timeframe: { start: '2025-05-31', end: '2025-06-01' } })).toEqual([
      'Closed in frame',
    ]);
    expect(await titles('owner', { timeframe: { start: '2026-01-01', end: '2026-01-01' } })).toEqual([
      'Later',
      'Open end',
    ]);
  });

  it('filters in SQL: more than a thousand matching milestones are all there, page by page', async () => {
    const many = await createGroup(t.db, { path: 'many', visibility: 20 });
    await sql`INSERT INTO milestones (group_id, iid, title, start_date, due_date)
      SELECT ${many.id}::int, g, 'Sprint ' || g, DATE '2025-01-01' + g % 300, DATE '2025-01-14' + g % 300
      FROM generate_series(1, 1150) g`.execute(t.db);
    await sql`INSERT INTO milestones (group_id, iid, title, start_date, due_date)
      SELECT ${many.id}::int, 2000 + g, 'Ancient ' || g, DATE '2020-01-01', DATE '2020-02-01'
      FROM generate_series(1, 50) g`.execute(t.db);
    const q = `query($after: String) { group(fullPath: "many") {
      milestones(timeframe: { start: "2025-01-01", end: "2025-12-31" }, searchTitle: "sprint", first: 100, after: $after) {
        count nodes { title } pageInfo { hasNextPage endCursor } } } }`;
    const seen = new Set<string>();
    let after: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const res = await gql(t.app, q, { after }, tokens.owner);
      expect(res.body.errors).toBeUndefined();
      const conn = dig(res.body.data, 'group', 'milestones') as {
        count: number;
        nodes: Array<{ title: string }>;
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
      expect(conn.count).toBe(1150);
      for (const n of conn.nodes) seen.add(n.title);
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(seen.size).toBe(1150);
    expect([...seen].some((title) => title.startsWith('Ancient'))).toBe(false);
  });

  it('rejects a reversed timeframe naming it', async () => {
    const res = await send(RF3, 'owner', { fullPath: 'rm', timeframe: { start: '2025-02-01', end: '2025-01-01' } });
    expectUserError(res, 'timeframe');
  });
});
