import { beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../test/graphql-client';
import { useRoadmapTestApp } from '../test/roadmap-test-app';
import type { RoadmapWorld, Role } from '../test/roadmap-world';

/** The roadmap page’s group. The world is described in test/roadmap-world.ts. */
const { world, run } = useRoadmapTestApp();
let groupIds: RoadmapWorld['groupIds'];

beforeAll(() => {
  ({ groupIds } = world());
});

describe('the roadmap page’s group', () => {
  const GROUP = `query($fullPath: ID!) { group(fullPath: $fullPath) { id fullPath name userPermissions { createEpic } } }`;
  it('tells who may create epics', async () => {
    const perms = async (role: Role) => dig(await run(GROUP, role, { fullPath: 'rm' }), 'group');
    expect(await perms('owner')).toEqual({
      id: `gid://gitlab/Group/${groupIds.rm}`,
      fullPath: 'rm',
      name: 'Roadmap Group',
      userPermissions: { createEpic: true },
    });
    expect(await perms('planner')).toMatchObject({ userPermissions: { createEpic: true } });
    expect(await perms('guest')).toMatchObject({ userPermissions: { createEpic: false } });
    expect(await perms('anonymous')).toMatchObject({ userPermissions: { createEpic: false } });
    expect(await perms('stranger')).toMatchObject({ userPermissions: { createEpic: false } });
  });
});
