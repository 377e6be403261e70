import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The group Roadmap's server side, with the web app's own queries (calls.md RF-1 … RF-4):
 * exact result sets for the timeframe overlap, every filter and sort, pagination, child epics,
 * milestones in a timeframe, and what each role may see.
 */

let t: TestApp;
type Role = 'owner' | 'reporter' | 'planner' | 'guest' | 'stranger' | 'subMember' | 'anonymous';
const tokens: Record<Role, string | undefined> = {
  owner: '',
  reporter: '',
  planner: '',
  guest: '',
  stranger: '',
  subMember: '',
  anonymous: undefined,
};
/** Epic database ids by iid (iids are unique across the test's groups). */
const ids: Record<number, number> = {};
const groupIds: Record<string, number> = {};
const labelIds: Record<string, number> = {};
const TF = { start: '2025-01-01', end: '2025-12-31' };

interface EpicSeed {
  iid: number;
  group: 'rm' | 'sub' | 'other';
  title: string;
  state?: 'opened' | 'closed';
  start?: string;
  due?: string;
  /** Dates are fixed unless said otherwise. */
  startFixed?: boolean;
  dueFixed?: boolean;
  startDateFixed?: string;
  confidential?: boolean;
  parent?: number;
  labels?: string[];
  author: 'owner' | 'reporter';
  created: string;
  updated: string;
  position?: number;
}

/**
 * Timeframe 2025-01-01 … 2025-12-31. In: 1, 2 (ends inside), 3 (only an inherited start), 4 (only
 * a due date, on the first day), 8, 9, 10 (only a start, on the last day), 11, 12.
 * Out: 5 (no dates), 6 (after), 7 (before).
 */
const EPICS: EpicSeed[] = [
  {
    iid: 1,
    group: 'rm',
    title: 'Alpha',
    start: '2025-02-01',
    due: '2025-04-30',
    labels: ['bug'],
    author: 'owner',
    created: '2024-01-10',
    updated: '2024-03-05',
  },
  {
    iid: 2,
    group: 'rm',
    title: 'Bravo',
    state: 'closed',
    start: '2024-06-01',
    due: '2025-01-15',
    labels: ['ux'],
    author: 'reporter',
    created: '2024-01-09',
    updated: '2024-03-09',
  },
  // Inherited start (from milestones): the fixed date is set but not used.
  {
    iid: 3,
    group: 'rm',
    title: 'Charlie',
    start: '2025-11-01',
    startFixed: false,
    startDateFixed: '2020-01-01',
    dueFixed: false,
    author: 'owner',
    created: '2024-01-08',
    updated: '2024-03-01',
  },
  {
    iid: 4,
    group: 'rm',
    title: 'Delta',
    due: '2025-01-01',
    author: 'reporter',
    created: '2024-01-07',
    updated: '2024-03-07',
  },
  { iid: 5, group: 'rm', title: 'Echo', author: 'owner', created: '2024-01-06', updated: '2024-03-02' },
  {
    iid: 6,
    group: 'rm',
    title: 'Foxtrot',
    start: '2026-01-01',
    due: '2026-03-01',
    author: 'reporter',
    created: '2024-01-05',
    updated: '2024-03-06',
  },
  {
    iid: 7,
    group: 'rm',
    title: 'Golf',
    state: 'closed',
    start: '2024-01-01',
    due: '2024-12-31',
    author: 'owner',
    created: '2024-01-04',
    updated: '2024-03-03',
  },
  {
    iid: 8,
    group: 'rm',
    title: 'Hotel',
    start: '2025-03-01',
    due: '2025-03-31',
    confidential: true,
    labels: ['bug'],
    author: 'reporter',
    created: '2024-01-03',
    updated: '2024-03-08',
  },
  {
    iid: 9,
    group: 'sub',
    title: 'India',
    start: '2025-05-01',
    due: '2025-06-30',
    parent: 1,
    labels: ['bug', 'ux'],
    author: 'owner',
    created: '2024-01-02',
    updated: '2024-03-04',
    position: 100,
  },
  {
    iid: 10,
    group: 'sub',
    title: 'Juliet',
    start: '2025-12-31',
    dueFixed: false,
    parent: 1,
    author: 'reporter',
    created: '2024-01-01',
    updated: '2024-03-10',
    position: 50,
  },
  {
    iid: 11,
    group: 'other',
    title: 'Kilo',
    start: '2025-06-01',
    due: '2025-07-01',
    author: 'owner',
    created: '2024-01-11',
    updated: '2024-03-11',
  },
  {
    iid: 12,
    group: 'rm',
    title: 'Lima',
    start: '2025-07-01',
    due: '2025-07-31',
    confidential: true,
    parent: 1,
    author: 'owner',
    created: '2024-01-12',
    updated: '2024-03-12',
    position: 200,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  // rm (public) ⊃ sub (public), other (private); secret: a private top-level group.
  const rm = await createGroup(db, { path: 'rm', name: 'Roadmap Group', visibility: 20 });
  const sub = await createGroup(db, { path: 'sub', name: 'Sub Team', parentId: rm.id, visibility: 20 });
  const other = await createGroup(db, { path: 'other', name: 'Other Team', parentId: rm.id, visibility: 0 });
  const secret = await createGroup(db, { path: 'secret', name: 'Secret', visibility: 0 });
  Object.assign(groupIds, { rm: rm.id, sub: sub.id, other: other.id, secret: secret.id });
  const users: Record<string, number> = {};
  for (const [role, level] of [
    ['owner', AccessLevel.OWNER],
    ['reporter', AccessLevel.REPORTER],
    ['planner', AccessLevel.PLANNER],
    ['guest', AccessLevel.GUEST],
  ] as const) {
    const user = await createUser(db, { username: `rm-${role}` });
    users[role] = user.id;
    await addGroupMember(db, rm.id, user.id, level);
    tokens[role] = await createToken(db, user.id);
  }
  const subMember = await createUser(db, { username: 'rm-sub-member' });
  await addGroupMember(db, sub.id, subMember.id, AccessLevel.REPORTER);
  tokens.subMember = await createToken(db, subMember.id);
  tokens.stranger = await createToken(db, (await createUser(db, { username: 'rm-stranger' })).id);

  for (const [title, color, description] of [
    ['bug', '#dc143c', 'Something is broken'],
    ['ux', '#f0f0f0', 'User experience'],
  ] as const) {
    const row = await db
      .insertInto('labels')
      .values({ group_id: rm.id, title, color, text_color: color === '#f0f0f0' ? '#333333' : '#FFFFFF', description })
      .returning('id')
      .executeTakeFirstOrThrow();
    labelIds[title] = row.id;
  }

  for (const e of EPICS) {
    const startFixed = e.startFixed ?? true;
    const dueFixed = e.dueFixed ?? true;
    const row = await db
      .insertInto('epics')
      .values({
        group_id: groupIds[e.group === 'rm' ? 'rm' : e.group] as number,
        iid: e.iid,
        title: e.title,
        state: e.state ?? 'opened',
        closed_at: e.state === 'closed' ? new Date('2025-01-20T00:00:00Z') : null,
        author_id: users[e.author] as number,
        confidential: e.confidential ?? false,
        parent_id: e.parent ? ids[e.parent] : null,
        relative_position: e.position ?? null,
        start_date: e.start ?? null,
        due_date: e.due ?? null,
        start_date_is_fixed: startFixed,
        start_date_fixed: startFixed ? (e.start ?? null) : (e.startDateFixed ?? null),
        due_date_is_fixed: dueFixed,
        due_date_fixed: dueFixed ? (e.due ?? null) : null,
        created_at: new Date(`${e.created}T00:00:00Z`),
        updated_at: new Date(`${e.updated}T00:00:00Z`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[e.iid] = row.id;
    for (const label of e.labels ?? []) {
      await db
        .insertInto('epic_labels')
        .values({ epic_id: row.id, label_id: labelIds[label] as number })
        .execute();
    }
  }

  // 1 is blocked by 2 (closed: not counted), 4, 8 (confidential) and 11 (private subgroup); 6 only relates.
  await db
    .insertInto('epic_links')
    .values([
      { source_id: ids[2] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[4] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[8] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[11] as number, target_id: ids[1] as number, link_type: 'blocks' },
      { source_id: ids[6] as number, target_id: ids[1] as number, link_type: 'relates_to' },
    ])
    .execute();

  // Owner reactions: thumbsup on 1 and 9, tada on 4; a reporter reaction on 2 (not the owner's).
  await db
    .insertInto('award_emoji')
    .values([
      { name: 'thumbsup', user_id: users.owner as number, awardable_type: 'Epic', awardable_id: ids[1] as number },
      { name: 'thumbsup', user_id: users.owner as number, awardable_type: 'Epic', awardable_id: ids[9] as number },
      { name: 'tada', user_id: users.owner as number, awardable_type: 'Epic', awardable_id: ids[4] as number },
      { name: 'thumbsup', user_id: users.reporter as number, awardable_type: 'Epic', awardable_id: ids[2] as number },
    ])
    .execute();

  // Issues: open (M1, weight 3) in epic 1; closed (weight 5) in epic 9; confidential (M2) in epic 2.
  const project = await createProject(db, { namespaceId: rm.id, path: 'web', visibility: 20 });
  const m1 = await db
    .insertInto('milestones')
    .values({ group_id: rm.id, iid: 1, title: 'M1', start_date: '2023-01-01', due_date: '2023-02-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const m2 = await db
    .insertInto('milestones')
    .values({ project_id: project.id, iid: 1, title: 'M2' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const issues = await db
    .insertInto('issues')
    .values([
      { project_id: project.id, iid: 1, title: 'Open', weight: 3, milestone_id: m1.id, author_id: users.owner },
      { project_id: project.id, iid: 2, title: 'Closed', weight: 5, state: 'closed', author_id: users.owner },
      {
        project_id: project.id,
        iid: 3,
        title: 'Secret',
        confidential: true,
        milestone_id: m2.id,
        author_id: users.owner,
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('epic_issues')
    .values([
      { epic_id: ids[1] as number, issue_id: issues[0]?.id as number },
      { epic_id: ids[9] as number, issue_id: issues[1]?.id as number },
      { epic_id: ids[2] as number, issue_id: issues[2]?.id as number },
    ])
    .execute();

  // Roadmap milestones (timeframe 2025): in — Q1, Open end, Sub M, Proj M, Other M (private subgroup);
  // out — Old (before), No dates, Closed in frame (closed), Later (after).
  await db
    .insertInto('milestones')
    .values([
      {
        group_id: rm.id,
        iid: 2,
        title: 'Q1',
        description: 'proj planning',
        start_date: '2025-01-01',
        due_date: '2025-03-31',
      },
      { group_id: rm.id, iid: 3, title: 'Old', start_date: '2024-01-01', due_date: '2024-02-01' },
      { group_id: rm.id, iid: 4, title: 'Open end', start_date: '2025-10-01' },
      { group_id: rm.id, iid: 5, title: 'No dates' },
      {
        group_id: rm.id,
        iid: 6,
        title: 'Closed in frame',
        state: 'closed',
        start_date: '2025-05-01',
        due_date: '2025-05-31',
      },
      { group_id: rm.id, iid: 7, title: 'Later', start_date: '2026-01-01', due_date: '2026-02-01' },
      { group_id: sub.id, iid: 1, title: 'Sub M', start_date: '2025-06-01', due_date: '2025-06-30' },
      { group_id: other.id, iid: 1, title: 'Other M', start_date: '2025-04-01', due_date: '2025-04-30' },
      { project_id: project.id, iid: 2, title: 'Proj M', due_date: '2025-12-31' },
    ])
    .execute();
});
afterAll(() => t.close());

const NODE_FIELDS = `id iid title state startDate dueDate startDateIsFixed dueDateIsFixed startDateFixed dueDateFixed
  hasParent parent { id startDate dueDate } ancestors { nodes { id } } hasChildren blocked blockedByCount
  reference(full: true) webPath webUrl createdAt closedAt color textColor confidential
  labels { nodes { id title description color textColor } } group { id fullPath name fullName }
  descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  descendantWeightSum { openedIssues closedIssues } userPermissions { adminEpic updateEpic }
  blockedByEpics { nodes { id iid } }`;

/** RF-1, as the web app sends it. */
const RF1 = `query groupEpics($fullPath: ID!, $state: EpicState, $sort: EpicSort, $iid: ID, $timeframe: Timeframe,
  $labelName: [String!], $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String,
  $confidential: Boolean, $search: String, $first: Int = 50, $not: NegatedEpicFilterInput,
  $or: UnionedEpicFilterInput, $endCursor: String, $includeDescendantGroups: Boolean = true) {
  group(fullPath: $fullPath) { id epics(state: $state, sort: $sort, iid: $iid, timeframe: $timeframe,
    labelName: $labelName, authorUsername: $authorUsername, milestoneTitle: $milestoneTitle,
    myReactionEmoji: $myReactionEmoji, confidential: $confidential, search: $search, first: $first,
    after: $endCursor, not: $not, or: $or, includeDescendantGroups: $includeDescendantGroups) {
    nodes { ${NODE_FIELDS} } pageInfo { hasNextPage endCursor } } } }`;

/** RF-2 / RF-4: one epic's children, with the same fields and filters. */
const RF2 = `query childEpics($fullPath: ID!, $iid: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
  $labelName: [String!], $authorUsername: String, $confidential: Boolean, $search: String, $first: Int = 50,
  $not: NegatedEpicFilterInput, $endCursor: String, $includeDescendantGroups: Boolean) {
  group(fullPath: $fullPath) { id epic(iid: $iid) { id children(state: $state, sort: $sort, timeframe: $timeframe,
    labelName: $labelName, authorUsername: $authorUsername, confidential: $confidential, search: $search,
    first: $first, after: $endCursor, not: $not, includeDescendantGroups: $includeDescendantGroups) {
    nodes { ${NODE_FIELDS} } pageInfo { hasNextPage endCursor } } } } }`;

/** RF-3. */
const RF3 = `query groupMilestones($fullPath: ID!, $state: MilestoneStateEnum, $timeframe: Timeframe,
  $includeDescendants: Boolean, $includeAncestors: Boolean, $searchTitle: String, $first: Int = 100) {
  group(fullPath: $fullPath) { milestones(state: $state, timeframe: $timeframe, includeDescendants: $includeDescendants,
    includeAncestors: $includeAncestors, searchTitle: $searchTitle, first: $first) {
    nodes { id title description state startDate dueDate webPath groupMilestone subgroupMilestone projectMilestone } } } }`;

interface Page {
  nodes: Array<Record<string, unknown> & { iid: string }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

async function run(query: string, role: Role, variables: Record<string, unknown>) {
  const res = await gql(t.app, query, variables, tokens[role]);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

async function epics(role: Role, variables: Record<string, unknown> = {}): Promise<Page> {
  const data = await run(RF1, role, { fullPath: 'rm', state: 'all', sort: 'TITLE_ASC', timeframe: TF, ...variables });
  return dig(data, 'group', 'epics') as Page;
}

/** The iids of the page, in order. */
const iidsOf = (page: Page) => page.nodes.map((n) => Number(n.iid));
const listed = async (role: Role, variables: Record<string, unknown> = {}) => iidsOf(await epics(role, variables));

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
    const statements = async (first: number) => {
      const before = t.database.queryCount();
      const page = await epics('owner', { sort: 'START_DATE_DESC', first });
      expect(page.nodes).toHaveLength(first);
      return t.database.queryCount() - before;
    };
    const three = await statements(3);
    const nine = await statements(9);
    expect(nine).toBe(three);
    expect(nine).toBeLessThanOrEqual(16);
  });

  it('rejects bad arguments as user errors naming the argument', async () => {
    const reversed = await gql(
      t.app,
      RF1,
      { fullPath: 'rm', timeframe: { start: '2025-12-31', end: '2025-01-01' } },
      tokens.owner,
    );
    expect(reversed.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'timeframe' } });
    const badDate = await gql(
      t.app,
      RF1,
      { fullPath: 'rm', timeframe: { start: '2025-13-01', end: '2025-12-31' } },
      tokens.owner,
    );
    expect(badDate.status).toBe(400);
    const badSort = await gql(t.app, RF1, { fullPath: 'rm', sort: 'SIDEWAYS' }, tokens.owner);
    expect(badSort.status).toBe(400);
    const badCursor = await gql(t.app, RF1, { fullPath: 'rm', endCursor: 'nonsense' }, tokens.owner);
    expect(badCursor.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'after' } });
    const badIid = await gql(t.app, RF1, { fullPath: 'rm', iid: 'x' }, tokens.owner);
    expect(badIid.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'iid' } });
  });
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
    const res = await gql(
      t.app,
      RF3,
      { fullPath: 'rm', timeframe: { start: '2025-02-01', end: '2025-01-01' } },
      tokens.owner,
    );
    expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'timeframe' } });
  });
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
