import { describe, expect, it } from 'vitest';
import { dig, expectUserError } from '../test/graphql-client';
import { useRoadmapTestApp } from '../test/roadmap-test-app';
import { NODE_FIELDS, type Role, TF } from '../test/roadmap-world';
import { countStatements } from '../test/statement-count';

/**
 * Meridian's `Group.roadmapEpics`: RF-1's list in windows the roadmap fetches in parallel. The world
 * is described in test/roadmap-world.ts.
 */
const { t, epics, run, send } = useRoadmapTestApp();

const WINDOW = `query window($fullPath: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
  $confidential: Boolean, $offset: Int, $limit: Int) {
  group(fullPath: $fullPath) { roadmapEpics(state: $state, sort: $sort, timeframe: $timeframe,
    confidential: $confidential, offset: $offset, limit: $limit) { ${NODE_FIELDS} } } }`;

const base = { fullPath: 'rm', state: 'all', sort: 'TITLE_ASC', timeframe: TF };

async function window(role: Role, variables: Record<string, unknown>) {
  return dig(await run(WINDOW, role, { ...base, ...variables }), 'group', 'roadmapEpics') as Array<
    Record<string, unknown>
  >;
}

describe('Group.roadmapEpics', () => {
  it.each<Role>(['owner', 'reporter', 'guest', 'anonymous'])(
    'as %s: windows, joined, are RF-1’s list with the same fields, in its order',
    async (role) => {
      const whole = (await epics(role, { first: 100 })).nodes;
      expect(whole.length).toBeGreaterThan(3);
      const parts = [
        ...(await window(role, { offset: 0, limit: 2 })),
        ...(await window(role, { offset: 2, limit: 2 })),
        ...(await window(role, { offset: 4, limit: 1000 })),
      ];
      expect(parts).toEqual(whole);
    },
  );

  it('leaves out what the reader may not see (confidential epics)', async () => {
    const owner = (await window('owner', { limit: 1000, confidential: true })).map((e) => e.iid);
    const guest = await window('guest', { limit: 1000, confidential: true });
    expect(owner.length).toBeGreaterThan(0);
    expect(guest).toEqual([]);
  });

  it('is a window past the end: empty', async () => {
    expect(await window('owner', { offset: 5000, limit: 10 })).toEqual([]);
  });

  it.each([
    ['offset', { offset: -1 }],
    ['offset', { offset: 10_001 }],
    ['limit', { limit: 0 }],
    ['limit', { limit: 1001 }],
  ])('refuses a bad %s with an error naming it', async (field, variables) => {
    expectUserError(await send(WINDOW, 'owner', { ...base, ...variables }), field);
  });

  it('cannot fan out per epic: a connection inside a window of 1,000 is too complex', async () => {
    const res = await send(
      `{ group(fullPath: "rm") { roadmapEpics(limit: 1000) { id children(first: 10) { nodes { id } } } } }`,
      'owner',
      {},
    );
    expect(res.body.errors?.[0]?.message).toMatch(/exceeds max complexity/);
  });

  it('costs no more statements than RF-1’s page of the same epics, however large the window', async () => {
    const page = await countStatements(t.database, () => epics('owner', { first: 100 }));
    const all = await countStatements(t.database, () => window('owner', { limit: 1000 }));
    expect(all).toBeLessThanOrEqual(page);
  });
});
