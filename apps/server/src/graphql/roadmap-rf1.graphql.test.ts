import { beforeAll, describe, expect, it } from 'vitest';
import { dig, expectUserError } from '../test/graphql-client';
import { useRoadmapTestApp } from '../test/roadmap-test-app';
import { iidsOf, RF1, type RoadmapWorld, type Role } from '../test/roadmap-world';
import { expectFixedStatements } from '../test/statement-count';

/** RF-1: the group’s epics for the roadmap (calls.md RF-1). The world is described in test/roadmap-world.ts. */
const { t, world, epics, listed, run, send } = useRoadmapTestApp();
let groupIds: RoadmapWorld['groupIds'];
let ids: RoadmapWorld['ids'];
let labelIds: RoadmapWorld['labelIds'];

beforeAll(() => {
  ({ groupIds, ids, labelIds } = world());
});

describe('RF-1 group epics for the roadmap', () => {
  it('returns every field of the roadmap epic, exactly', async () => {
    const page = await epics('owner', { iid: '1' });
    expect(page.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    expect(page.nodes).toEqual([
      {
        id: `gid://gitlab/Epic/${ids[1]}`,
        iid: '1',
        title: 'Alpha',
        state: 'opened',
        startDate: '2025-02-01',
        dueDate: '2025-04-30',
        startDateIsFixed: true,
        dueDateIsFixed: true,
        startDateFixed: '2025-02-01',
        dueDateFixed: '2025-04-30',
        hasParent: false,
        parent: null,
        ancestors: { nodes: [] },
        hasChildren: true,
        blocked: true,
        blockedByCount: 3,
        reference: 'rm&1',
        webPath: '/groups/rm/-/epics/1',
        webUrl: expect.stringMatching(/^https?:\/\/[^/]+\/groups\/rm\/-\/epics\/1$/),
        createdAt: '2024-01-10T00:00:00.000Z',
        closedAt: null,
        color: '#1068bf',
        textColor: '#FFFFFF',
        confidential: false,
        labels: {
          nodes: [
            {
              id: `gid://gitlab/GroupLabel/${labelIds.bug}`,
              title: 'bug',
              description: 'Something is broken',
              color: '#dc143c',
              textColor: '#FFFFFF',
            },
          ],
        },
        group: {
          id: `gid://gitlab/Group/${groupIds.rm}`,
          fullPath: 'rm',
          name: 'Roadmap Group',
          fullName: 'Roadmap Group',
        },
        // Children 9, 10, 12 (open); issues: the open one of 1 (weight 3) and the closed one of 9 (weight 5).
        descendantCounts: { openedEpics: 3, closedEpics: 0, openedIssues: 1, closedIssues: 1 },
        descendantWeightSum: { openedIssues: 3, closedIssues: 5 },
        userPermissions: { adminEpic: true, updateEpic: true },
        blockedByEpics: {
          nodes: [
            { id: `gid://gitlab/Epic/${ids[4]}`, iid: '4' },
            { id: `gid://gitlab/Epic/${ids[8]}`, iid: '8' },
            { id: `gid://gitlab/Epic/${ids[11]}`, iid: '11' },
          ],
        },
      },
    ]);
  });

  it('shows a child with its parent, ancestors, inherited dates and closed state', async () => {
    const [india] = (await epics('owner', { search: 'India' })).nodes;
    expect(india).toMatchObject({
      iid: '9',
      hasParent: true,
      parent: { id: `gid://gitlab/Epic/${ids[1]}`, startDate: '2025-02-01', dueDate: '2025-04-30' },
      ancestors: { nodes: [{ id: `gid://gitlab/Epic/${ids[1]}` }] },
      hasChildren: false,
      blocked: false,
      blockedByCount: 0,
      blockedByEpics: { nodes: [] },
      reference: 'rm/sub&9',
      webPath: '/groups/rm/sub/-/epics/9',
      group: { fullPath: 'rm/sub', name: 'Sub Team', fullName: 'Roadmap Group / Sub Team' },
      labels: { nodes: [{ title: 'bug' }, { title: 'ux', textColor: '#1F1E24' }] },
      descendantCounts: { openedEpics: 0, closedEpics: 0, openedIssues: 0, closedIssues: 1 },
    });
    const [charlie] = (await epics('owner', { search: 'Charlie' })).nodes;
    expect(charlie).toMatchObject({
      startDate: '2025-11-01',
      startDateIsFixed: false,
      startDateFixed: '2020-01-01',
      dueDate: null,
      dueDateIsFixed: false,
      dueDateFixed: null,
    });
    const [bravo] = (await epics('owner', { search: 'Bravo' })).nodes;
    expect(bravo).toMatchObject({ state: 'closed', closedAt: '2025-01-20T00:00:00.000Z' });
  });

  it('keeps epics overlapping the timeframe: one date, open ends and boundaries; never undated ones', async () => {
    expect(await listed('owner')).toEqual([1, 2, 3, 4, 8, 9, 10, 11, 12]);
    expect(await listed('owner', { timeframe: { start: '2025-12-31', end: '2026-01-01' } })).toEqual([3, 6, 10]);
    expect(await listed('owner', { timeframe: { start: '2024-12-31', end: '2024-12-31' } })).toEqual([2, 4, 7]);
    expect(await listed('owner', { timeframe: { start: '2030-01-01', end: '2030-12-31' } })).toEqual([3, 10]);
    expect(await listed('owner', { timeframe: null })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('includes descendant groups by default and only the group itself with includeDescendantGroups: false', async () => {
    expect(await listed('owner', { includeDescendantGroups: false })).toEqual([1, 2, 3, 4, 8, 12]);
    expect(await listed('owner', { fullPath: 'rm/sub' })).toEqual([9, 10]);
  });

  it('hides confidential epics below Planner, and private subgroups, without a trace', async () => {
    expect(await listed('reporter')).toEqual([1, 2, 3, 4, 8, 9, 10, 11, 12]);
    expect(await listed('planner')).toEqual([1, 2, 3, 4, 8, 9, 10, 11, 12]);
    expect(await listed('guest')).toEqual([1, 2, 3, 4, 9, 10, 11]);
    expect(await listed('stranger')).toEqual([1, 2, 3, 4, 9, 10]);
    expect(await listed('anonymous')).toEqual([1, 2, 3, 4, 9, 10]);
    expect(await listed('subMember')).toEqual([1, 2, 3, 4, 9, 10]);
    // Counts and relations of a visible epic do not betray the hidden ones either.
    const seen = async (role: Role) => (await epics(role, { iid: '1' })).nodes[0];
    expect(await seen('guest')).toMatchObject({
      blockedByCount: 2,
      blockedByEpics: { nodes: [{ iid: '4' }, { iid: '11' }] },
      descendantCounts: { openedEpics: 2, closedEpics: 0, openedIssues: 1, closedIssues: 1 },
      userPermissions: { adminEpic: false, updateEpic: false },
    });
    expect(await seen('anonymous')).toMatchObject({
      blocked: true,
      blockedByCount: 1,
      blockedByEpics: { nodes: [{ iid: '4' }] },
      descendantCounts: { openedEpics: 2 },
      userPermissions: { adminEpic: false, updateEpic: false },
    });
    expect(await seen('planner')).toMatchObject({
      blockedByCount: 3,
      userPermissions: { adminEpic: true, updateEpic: true },
    });
    expect(await seen('reporter')).toMatchObject({ blockedByCount: 3, descendantCounts: { openedEpics: 3 } });
    // A confidential epic asked for by iid is simply absent.
    expect(await listed('guest', { iid: '8' })).toEqual([]);
  });

  it('answers null for groups hidden from the actor', async () => {
    for (const role of ['anonymous', 'stranger', 'subMember'] as const) {
      const data = await run(RF1, role, { fullPath: 'rm/other' });
      expect(dig(data, 'group')).toBeNull();
    }
    expect(dig(await run(RF1, 'stranger', { fullPath: 'secret' }), 'group')).toBeNull();
    expect(dig(await run(RF1, 'owner', { fullPath: 'no/such/group' }), 'group')).toBeNull();
    expect(await listed('guest', { fullPath: 'rm/other' })).toEqual([11]);
  });

  it('filters by every token', async () => {
    const cases: Array<[string, Role, Record<string, unknown>, number[]]> = [
      ['state opened', 'owner', { state: 'opened' }, [1, 3, 4, 8, 9, 10, 11, 12]],
      ['state closed', 'owner', { state: 'closed' }, [2]],
      ['label', 'owner', { labelName: ['bug'] }, [1, 8, 9]],
      ['two labels (all of them)', 'owner', { labelName: ['bug', 'ux'] }, [9]],
      ['label None', 'owner', { labelName: ['None'] }, [3, 4, 10, 11, 12]],
      ['label Any', 'owner', { labelName: ['Any'] }, [1, 2, 8, 9]],
      ['author', 'owner', { authorUsername: 'rm-reporter' }, [2, 4, 8, 10]],
      ['milestone (from the epic’s issues)', 'owner', { milestoneTitle: 'M1' }, [1]],
      ['milestone of a confidential issue, Reporter', 'reporter', { milestoneTitle: 'M2' }, [2]],
      ['milestone of a confidential issue, Guest', 'guest', { milestoneTitle: 'M2' }, []],
      ['unknown milestone', 'owner', { milestoneTitle: 'Nope' }, []],
      ['my reaction', 'owner', { myReactionEmoji: 'thumbsup' }, [1, 9]],
      ['my reaction None', 'owner', { myReactionEmoji: 'None' }, [2, 3, 8, 10, 11, 12]],
      ['my reaction Any', 'owner', { myReactionEmoji: 'Any' }, [1, 4, 9]],
      ['my reaction, someone else’s', 'reporter', { myReactionEmoji: 'thumbsup' }, [2]],
      ['confidential', 'owner', { confidential: true }, [8, 12]],
      ['not confidential', 'owner', { confidential: false }, [1, 2, 3, 4, 9, 10, 11]],
      ['confidential, Guest', 'guest', { confidential: true }, []],
      ['search title', 'owner', { search: 'otel' }, [8]],
      ['search, case-insensitive', 'owner', { search: 'DELTA' }, [4]],
      ['iid', 'owner', { iid: '4' }, [4]],
      ['not label', 'owner', { not: { labelName: ['bug'] } }, [2, 3, 4, 10, 11, 12]],
      ['not author', 'owner', { not: { authorUsername: 'rm-reporter' } }, [1, 3, 9, 11, 12]],
      ['not my reaction', 'owner', { not: { myReactionEmoji: 'thumbsup' } }, [2, 3, 4, 8, 10, 11, 12]],
      ['or labels', 'owner', { or: { labelName: ['bug', 'ux'] } }, [1, 2, 8, 9]],
      ['or authors', 'owner', { or: { authorUsername: ['rm-reporter', 'rm-owner'] } }, [1, 2, 3, 4, 8, 9, 10, 11, 12]],
      [
        'combined',
        'owner',
        { state: 'opened', labelName: ['bug'], not: { authorUsername: 'rm-reporter' }, myReactionEmoji: 'thumbsup' },
        [1, 9],
      ],
    ];
    for (const [name, role, variables, expected] of cases) {
      expect(await listed(role, variables), name).toEqual(expected);
    }
  });

  it('sorts by every roadmap sort value (nulls last, ties by id)', async () => {
    const cases: Array<[string, number[]]> = [
      ['START_DATE_ASC', [2, 1, 8, 9, 11, 12, 3, 10, 4]],
      ['START_DATE_DESC', [10, 3, 12, 11, 9, 8, 1, 2, 4]],
      ['END_DATE_ASC', [4, 2, 8, 1, 9, 11, 12, 3, 10]],
      ['END_DATE_DESC', [12, 11, 9, 1, 8, 2, 4, 10, 3]],
      ['TITLE_ASC', [1, 2, 3, 4, 8, 9, 10, 11, 12]],
      ['TITLE_DESC', [12, 11, 10, 9, 8, 4, 3, 2, 1]],
      ['CREATED_AT_ASC', [10, 9, 8, 4, 3, 2, 1, 11, 12]],
      ['CREATED_AT_DESC', [12, 11, 1, 2, 3, 4, 8, 9, 10]],
      ['UPDATED_AT_ASC', [3, 9, 1, 4, 8, 2, 10, 11, 12]],
      ['UPDATED_AT_DESC', [12, 11, 10, 2, 8, 4, 1, 9, 3]],
      ['start_date_asc', [2, 1, 8, 9, 11, 12, 3, 10, 4]],
      ['end_date_desc', [12, 11, 9, 1, 8, 2, 4, 10, 3]],
    ];
    for (const [sort, expected] of cases) expect(await listed('owner', { sort }), sort).toEqual(expected);
  });

  it('pages with first and after (endCursor), in order, without overlap', async () => {
    const variables = { sort: 'START_DATE_ASC', first: 4 };
    const p1 = await epics('owner', variables);
    expect(iidsOf(p1)).toEqual([2, 1, 8, 9]);
    expect(p1.pageInfo.hasNextPage).toBe(true);
    const p2 = await epics('owner', { ...variables, endCursor: p1.pageInfo.endCursor });
    expect(iidsOf(p2)).toEqual([11, 12, 3, 10]);
    expect(p2.pageInfo.hasNextPage).toBe(true);
    const p3 = await epics('owner', { ...variables, endCursor: p2.pageInfo.endCursor });
    expect(iidsOf(p3)).toEqual([4]);
    expect(p3.pageInfo.hasNextPage).toBe(false);
    // Exactly a page's worth left: no phantom next page.
    const exact = await epics('owner', { sort: 'START_DATE_ASC', first: 9 });
    expect(exact.pageInfo.hasNextPage).toBe(false);
  });

  it('costs the same number of SQL statements for 3 epics as for 9 (no N+1)', async () => {
    // START_DATE_DESC puts 10 (subgroup, parent), 3 and 12 (parent) first: every loader runs for 3 too.
    const load = async (first: number) => {
      const page = await epics('owner', { sort: 'START_DATE_DESC', first });
      expect(page.nodes).toHaveLength(first);
    };
    await expectFixedStatements(t.database, load, [3, 9], 16);
  });

  it('rejects bad arguments as user errors naming the argument', async () => {
    const reversed = await send(RF1, 'owner', {
      fullPath: 'rm',
      timeframe: { start: '2025-12-31', end: '2025-01-01' },
    });
    expectUserError(reversed, 'timeframe');
    const badDate = await send(RF1, 'owner', { fullPath: 'rm', timeframe: { start: '2025-13-01', end: '2025-12-31' } });
    expect(badDate.status).toBe(400);
    const badSort = await send(RF1, 'owner', { fullPath: 'rm', sort: 'SIDEWAYS' });
    expect(badSort.status).toBe(400);
    const badCursor = await send(RF1, 'owner', { fullPath: 'rm', endCursor: 'nonsense' });
    expectUserError(badCursor, 'after');
    const badIid = await send(RF1, 'owner', { fullPath: 'rm', iid: 'x' });
    expectUserError(badIid, 'iid');
  });
});
