import { beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../test/graphql-client';
import { useRoadmapTestApp } from '../test/roadmap-test-app';
import { iidsOf, type Page, RF2, type RoadmapWorld, type Role, TF } from '../test/roadmap-world';

/** RF-2 / RF-4: one epic’s children (calls.md RF-2, RF-4). The world is described in test/roadmap-world.ts. */
const { world, run } = useRoadmapTestApp();
let ids: RoadmapWorld['ids'];

beforeAll(() => {
  ({ ids } = world());
});

describe('RF-2 / RF-4 one epic’s children', () => {
  const children = async (role: Role, variables: Record<string, unknown> = {}) => {
    const data = await run(RF2, role, { fullPath: 'rm', iid: '1', ...variables });
    return dig(data, 'group', 'epic', 'children') as Page;
  };

  it('lists the children in tree order by default, with the roadmap fields', async () => {
    const page = await children('owner');
    expect(iidsOf(page)).toEqual([10, 9, 12]);
    expect(page.nodes[0]).toMatchObject({
      iid: '10',
      startDate: '2025-12-31',
      dueDate: null,
      hasParent: true,
      parent: { id: `gid://gitlab/Epic/${ids[1]}` },
      group: { fullPath: 'rm/sub' },
      userPermissions: { adminEpic: true, updateEpic: true },
    });
  });

  it('filters and sorts children like the group list, hiding what the actor may not read', async () => {
    expect(iidsOf(await children('owner', { timeframe: TF, sort: 'START_DATE_ASC' }))).toEqual([9, 12, 10]);
    expect(iidsOf(await children('owner', { timeframe: TF, sort: 'END_DATE_DESC' }))).toEqual([12, 9, 10]);
    expect(iidsOf(await children('guest', { timeframe: TF, sort: 'START_DATE_ASC' }))).toEqual([9, 10]);
    expect(iidsOf(await children('anonymous', { sort: 'TITLE_ASC' }))).toEqual([9, 10]);
    expect(iidsOf(await children('owner', { timeframe: { start: '2025-05-15', end: '2025-05-20' } }))).toEqual([9]);
    expect(iidsOf(await children('owner', { labelName: ['bug'] }))).toEqual([9]);
    expect(iidsOf(await children('owner', { not: { labelName: ['bug'] }, sort: 'TITLE_ASC' }))).toEqual([10, 12]);
    expect(iidsOf(await children('owner', { authorUsername: 'rm-reporter' }))).toEqual([10]);
    expect(iidsOf(await children('owner', { confidential: true }))).toEqual([12]);
    expect(iidsOf(await children('owner', { state: 'closed' }))).toEqual([]);
    expect(iidsOf(await children('owner', { search: 'juli' }))).toEqual([10]);
    // Children live anywhere in the parent's hierarchy: includeDescendantGroups does not drop them.
    expect(iidsOf(await children('owner', { includeDescendantGroups: false, sort: 'TITLE_ASC' }))).toEqual([9, 10, 12]);
  });

  it('pages children with after', async () => {
    const p1 = await children('owner', { first: 2 });
    expect(iidsOf(p1)).toEqual([10, 9]);
    expect(p1.pageInfo.hasNextPage).toBe(true);
    const p2 = await children('owner', { first: 2, endCursor: p1.pageInfo.endCursor });
    expect(iidsOf(p2)).toEqual([12]);
    expect(p2.pageInfo.hasNextPage).toBe(false);
  });

  it('answers null for a parent the actor may not read', async () => {
    const data = await run(RF2, 'guest', { fullPath: 'rm', iid: '8' });
    expect(dig(data, 'group', 'epic')).toBeNull();
    expect(dig(await run(RF2, 'owner', { fullPath: 'rm', iid: '999' }), 'group', 'epic')).toBeNull();
  });
});
