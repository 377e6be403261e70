import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();
const tokens: Record<'owner' | 'planner' | 'reporter' | 'guest' | 'stranger', string> = {
  owner: '',
  planner: '',
  reporter: '',
  guest: '',
  stranger: '',
};
const epicIds: number[] = [];
const EPICS = 60;

beforeAll(async () => {
  const db = t.db;
  const group = await createGroup(db, { path: 'ep', name: 'Epic Group' });
  const sub = await createGroup(db, { path: 'sub', name: 'Sub', parentId: group.id });
  const levels = {
    owner: AccessLevel.OWNER,
    planner: AccessLevel.PLANNER,
    reporter: AccessLevel.REPORTER,
    guest: AccessLevel.GUEST,
  } as const;
  let authorId = 0;
  for (const [role, level] of Object.entries(levels)) {
    const user = await createUser(db, { username: `ep-${role}` });
    if (role === 'owner') authorId = user.id;
    await addGroupMember(db, group.id, user.id, level);
    tokens[role as keyof typeof levels] = await createToken(db, user.id);
  }
  tokens.stranger = await createToken(db, (await createUser(db, { username: 'ep-stranger' })).id);
  const [bug, ux] = await db
    .insertInto('labels')
    .values([
      { group_id: group.id, title: 'bug', color: '#ff0000', text_color: '#FFFFFF' },
      { group_id: group.id, title: 'ux', color: '#00ff00', text_color: '#333333' },
    ])
    .returning('id')
    .execute();
  for (let i = 1; i <= EPICS; i += 1) {
    const row = await db
      .insertInto('epics')
      .values({
        group_id: i === EPICS ? sub.id : group.id,
        iid: i,
        title: `Epic ${String(i).padStart(2, '0')}`,
        author_id: authorId,
        confidential: i % 10 === 0,
        state: i % 7 === 0 ? 'closed' : 'opened',
        parent_id: i >= 2 && i <= 5 ? epicIds[0] : null,
        start_date: i <= 3 ? '2024-01-01' : null,
        due_date: i <= 3 ? '2024-03-31' : null,
        start_date_is_fixed: i <= 3,
        start_date_fixed: i <= 3 ? '2024-01-01' : null,
        due_date_is_fixed: i <= 3,
        due_date_fixed: i <= 3 ? '2024-03-31' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    epicIds.push(row.id);
    const labels = [...(i % 2 === 0 ? [bug?.id] : []), ...(i % 3 === 0 ? [ux?.id] : [])];
    if (labels.length) {
      await db
        .insertInto('epic_labels')
        .values(labels.map((labelId) => ({ epic_id: row.id, label_id: labelId as number })))
        .execute();
    }
  }
  // Epic 10 (confidential) is a child of epic 1 too; epic 3 blocks epic 1.
  await db
    .updateTable('epics')
    .set({ parent_id: epicIds[0] })
    .where('id', '=', epicIds[9] as number)
    .execute();
  await db
    .insertInto('epic_links')
    .values({ source_id: epicIds[2] as number, target_id: epicIds[0] as number, link_type: 'blocks' })
    .execute();
  const project = await createProject(db, { namespaceId: group.id, path: 'web' });
  const milestone = await db
    .insertInto('milestones')
    .values({ group_id: group.id, iid: 1, title: 'M1', start_date: '2024-01-01', due_date: '2024-02-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('milestones')
    .values({ group_id: group.id, iid: 2, title: 'Later', start_date: '2030-01-01', due_date: '2030-02-01' })
    .execute();
  const issues = await db
    .insertInto('issues')
    .values([
      { project_id: project.id, iid: 1, title: 'Open one', weight: 3, milestone_id: milestone.id, author_id: authorId },
      { project_id: project.id, iid: 2, title: 'Closed one', weight: 5, state: 'closed', author_id: authorId },
      { project_id: project.id, iid: 3, title: 'Secret', weight: 7, confidential: true, author_id: authorId },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('epic_issues')
    .values(issues.map((issue, n) => ({ epic_id: (n === 0 ? epicIds[1] : epicIds[0]) as number, issue_id: issue.id })))
    .execute();
  await db
    .insertInto('issue_labels')
    .values({ issue_id: issues[0]?.id as number, label_id: bug?.id as number })
    .execute();
  await db
    .insertInto('issue_assignees')
    .values({ issue_id: issues[0]?.id as number, user_id: authorId })
    .execute();
});
const EPICS_QUERY = `query($first: Int, $after: String, $labels: [String!], $search: String, $state: EpicState,
  $sort: EpicSort, $not: NegatedEpicFilterInput, $timeframe: Timeframe, $iid: ID, $descendants: Boolean) {
  group(fullPath: "ep") { epics(first: $first, after: $after, labelName: $labels, search: $search, state: $state,
    sort: $sort, not: $not, timeframe: $timeframe, iid: $iid, includeDescendantGroups: $descendants) {
    count nodes { iid title confidential } pageInfo { hasNextPage endCursor } } } }`;

interface EpicsPage {
  count: number;
  nodes: Array<{ iid: string; title: string; confidential: boolean }>;
  pageInfo: { hasNextPage: boolean; endCursor: string };
}

async function epics(token: string | undefined, variables: Record<string, unknown> = {}): Promise<EpicsPage> {
  const res = await gql(t.app, EPICS_QUERY, variables, token);
  expect(res.body.errors).toBeUndefined();
  return dig(res.body.data, 'group', 'epics') as EpicsPage;
}

describe('group.epics', () => {
  it('hides confidential epics from guests, and the private group from strangers', async () => {
    expect((await epics(tokens.reporter, { first: 1 })).count).toBe(EPICS);
    const guest = await epics(tokens.guest, { first: 100 });
    expect(guest.count).toBe(EPICS - 6);
    expect(guest.nodes.some((n) => n.confidential)).toBe(false);
    const stranger = await gql(t.app, EPICS_QUERY, {}, tokens.stranger);
    expect(dig(stranger.body.data, 'group')).toBeNull();
  });

  it('pages with first/after without overlap', async () => {
    const p1 = await epics(tokens.owner, { first: 25, sort: 'TITLE_ASC' });
    expect(p1.nodes).toHaveLength(25);
    expect(p1.nodes[0]?.title).toBe('Epic 01');
    expect(p1.pageInfo.hasNextPage).toBe(true);
    const p2 = await epics(tokens.owner, { first: 25, sort: 'TITLE_ASC', after: p1.pageInfo.endCursor });
    expect(p2.nodes[0]?.title).toBe('Epic 26');
    const p3 = await epics(tokens.owner, { first: 25, sort: 'TITLE_ASC', after: p2.pageInfo.endCursor });
    expect(p3.nodes).toHaveLength(10);
    expect(p3.pageInfo.hasNextPage).toBe(false);
    const capped = await epics(tokens.owner, { first: 500 });
    expect(capped.nodes).toHaveLength(EPICS);
  });

  it('filters by label, negated label, search, state, timeframe, iid and descendants', async () => {
    expect((await epics(tokens.owner, { labels: ['bug'] })).count).toBe(30);
    expect((await epics(tokens.owner, { labels: ['bug', 'ux'] })).count).toBe(10);
    expect((await epics(tokens.owner, { labels: ['bug'], not: { labelName: ['ux'] } })).count).toBe(20);
    expect((await epics(tokens.owner, { search: 'Epic 4' })).count).toBe(10);
    expect((await epics(tokens.owner, { state: 'closed' })).count).toBe(8);
    const tf = await epics(tokens.owner, { timeframe: { start: '2024-02-01', end: '2024-02-28' }, sort: 'TITLE_ASC' });
    expect(tf.nodes.map((n) => n.iid)).toEqual(['1', '2', '3']);
    expect((await epics(tokens.owner, { iid: '7' })).nodes.map((n) => n.title)).toEqual(['Epic 07']);
    expect((await epics(tokens.owner, { descendants: false })).count).toBe(EPICS - 1);
  });

  it('rejects unsupported or invalid arguments as user errors', async () => {
    const res = await gql(t.app, '{ group(fullPath: "ep") { epics(iid: "abc") { count } } }', {}, tokens.owner);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const bad = await gql(t.app, '{ group(fullPath: "ep") { epics(first: -1) { count } } }', {}, tokens.owner);
    expect(bad.body.errors?.[0]?.message).toMatch(/first/);
    const badVar = await gql(t.app, EPICS_QUERY, { timeframe: { start: 'soon', end: 'later' } }, tokens.owner);
    expect(badVar.status).toBe(400);
    expect(badVar.body.errors?.[0]?.message).toMatch(/Date must be YYYY-MM-DD/);
  });
});

const EPIC_QUERY = `query($iid: ID!) { group(fullPath: "ep") { epic(iid: $iid) {
  id iid title state webUrl webPath reference fullRef: reference(full: true) color textColor
  startDate dueDate startDateIsFixed startDateFixed dueDateFixed hasParent hasChildren hasIssues blocked blockedByCount
  author { username } group { fullPath } parent { iid } ancestors { nodes { iid } }
  children(first: 10) { count nodes { iid } }
  labels { nodes { title color textColor } }
  issues { count nodes { title } }
  descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  descendantWeightSum { openedIssues closedIssues }
  userPermissions { readEpic createEpic updateEpic adminEpic destroyEpic adminEpicRelation }
} } }`;

describe('group.epic', () => {
  it('returns the epic with its tree, counts and relations, counting only what the actor may read', async () => {
    const res = await gql(t.app, EPIC_QUERY, { iid: '1' }, tokens.owner);
    expect(res.body.errors).toBeUndefined();
    const epic = dig(res.body.data, 'group', 'epic') as Record<string, unknown>;
    expect(epic).toMatchObject({
      id: `gid://gitlab/Epic/${epicIds[0]}`,
      iid: '1',
      state: 'opened',
      webPath: '/groups/ep/-/epics/1',
      reference: '&1',
      fullRef: 'ep&1',
      startDate: '2024-01-01',
      startDateIsFixed: true,
      hasParent: false,
      hasChildren: true,
      hasIssues: true,
      blocked: true,
      blockedByCount: 1,
      author: { username: 'ep-owner' },
      group: { fullPath: 'ep' },
      parent: null,
      children: { count: 5 },
      issues: { count: 2 },
      descendantCounts: { openedEpics: 5, closedEpics: 0, openedIssues: 2, closedIssues: 1 },
      descendantWeightSum: { openedIssues: 10, closedIssues: 5 },
    });
    expect(String(epic.webUrl)).toMatch(/\/groups\/ep\/-\/epics\/1$/);

    const guest = await gql(t.app, EPIC_QUERY, { iid: '1' }, tokens.guest);
    expect(dig(guest.body.data, 'group', 'epic')).toMatchObject({
      children: { count: 4 },
      issues: { count: 1 },
      descendantCounts: { openedEpics: 4, closedEpics: 0, openedIssues: 1, closedIssues: 1 },
      descendantWeightSum: { openedIssues: 3, closedIssues: 5 },
    });
  });

  it('shows parent and ancestors of a child epic', async () => {
    const res = await gql(t.app, EPIC_QUERY, { iid: '2' }, tokens.owner);
    expect(dig(res.body.data, 'group', 'epic')).toMatchObject({
      hasParent: true,
      parent: { iid: '1' },
      ancestors: { nodes: [{ iid: '1' }] },
      labels: { nodes: [{ title: 'bug', color: '#ff0000', textColor: '#000000' }] },
    });
  });

  it('answers null for a confidential epic the actor may not read, and for unknown iids', async () => {
    expect(dig((await gql(t.app, EPIC_QUERY, { iid: '10' }, tokens.guest)).body.data, 'group', 'epic')).toBeNull();
    expect(
      dig((await gql(t.app, EPIC_QUERY, { iid: '10' }, tokens.reporter)).body.data, 'group', 'epic'),
    ).not.toBeNull();
    expect(dig((await gql(t.app, EPIC_QUERY, { iid: '999' }, tokens.owner)).body.data, 'group', 'epic')).toBeNull();
    expect(dig((await gql(t.app, EPIC_QUERY, { iid: 'abc' }, tokens.owner)).body.data, 'group', 'epic')).toBeNull();
  });

  it('computes userPermissions per role', async () => {
    const perms = async (token: string) =>
      dig((await gql(t.app, EPIC_QUERY, { iid: '2' }, token)).body.data, 'group', 'epic', 'userPermissions');
    expect(await perms(tokens.guest)).toEqual({
      readEpic: true,
      createEpic: false,
      updateEpic: false,
      adminEpic: false,
      destroyEpic: false,
      adminEpicRelation: false,
    });
    expect(await perms(tokens.planner)).toMatchObject({ createEpic: true, adminEpic: true, destroyEpic: true });
    expect(await perms(tokens.reporter)).toMatchObject({ updateEpic: true, destroyEpic: false });
    expect(await perms(tokens.owner)).toMatchObject({ adminEpic: true, destroyEpic: true, adminEpicRelation: true });
  });
});

describe('no N+1', () => {
  it('costs the same number of SQL statements for 10 and for 50 epics', async () => {
    const q = `query($first: Int) { group(fullPath: "ep") { epics(first: $first) { nodes {
      id title author { username avatarUrl } group { fullPath name } labels { nodes { title color } }
      parent { iid } hasChildren blockedByCount descendantCounts { openedEpics openedIssues }
      descendantWeightSum { openedIssues } userPermissions { adminEpic readEpic } } } } }`;
    const statements = async (first: number) => {
      const before = t.database.queryCount();
      const res = await gql(t.app, q, { first }, tokens.owner);
      expect(res.body.errors).toBeUndefined();
      expect((dig(res.body.data, 'group', 'epics', 'nodes') as unknown[]).length).toBe(first);
      return t.database.queryCount() - before;
    };
    const ten = await statements(10);
    const fifty = await statements(50);
    console.info(`group.epics SQL statements: first 10 → ${ten}, first 50 → ${fifty}`);
    expect(fifty).toBe(ten);
    expect(fifty).toBeLessThanOrEqual(15);
  });
});

describe('project issues, labels and milestones', () => {
  const ISSUES = `query($state: IssuableState, $labels: [String!]) { project(fullPath: "ep/web") {
    issues(state: $state, labelName: $labels, sort: CREATED_ASC) { count nodes { iid title state type weight confidential reference
      webPath author { username } assignees { nodes { username } } labels { nodes { title } }
      milestone { title groupMilestone } epic { iid } userPermissions { readIssue updateIssue adminIssue destroyIssue createNote } } }
    issue(iid: "3") { title } } }`;

  it('lists issues with their relations, hiding confidential ones from guests', async () => {
    const owner = await gql(t.app, ISSUES, {}, tokens.owner);
    expect(owner.body.errors).toBeUndefined();
    expect(dig(owner.body.data, 'project', 'issues', 'count')).toBe(3);
    expect(dig(owner.body.data, 'project', 'issue')).toEqual({ title: 'Secret' });
    const first = (dig(owner.body.data, 'project', 'issues', 'nodes') as unknown[])[0];
    expect(first).toMatchObject({
      iid: '1',
      state: 'opened',
      type: 'ISSUE',
      weight: 3,
      reference: '#1',
      webPath: '/ep/web/-/issues/1',
      author: { username: 'ep-owner' },
      assignees: { nodes: [{ username: 'ep-owner' }] },
      labels: { nodes: [{ title: 'bug' }] },
      milestone: { title: 'M1', groupMilestone: true },
      epic: { iid: '2' },
      userPermissions: { readIssue: true, updateIssue: true, adminIssue: true, destroyIssue: true, createNote: true },
    });
    const guest = await gql(t.app, ISSUES, {}, tokens.guest);
    expect(dig(guest.body.data, 'project', 'issues', 'count')).toBe(2);
    expect(dig(guest.body.data, 'project', 'issue')).toBeNull();
    const guestFirst = (dig(guest.body.data, 'project', 'issues', 'nodes') as unknown[])[0];
    expect(guestFirst).toMatchObject({ userPermissions: { readIssue: true, updateIssue: false, adminIssue: false } });
    const closed = await gql(t.app, ISSUES, { state: 'closed' }, tokens.owner);
    expect(dig(closed.body.data, 'project', 'issues', 'count')).toBe(1);
    const labelled = await gql(t.app, ISSUES, { labels: ['bug'] }, tokens.owner);
    expect(dig(labelled.body.data, 'project', 'issues', 'count')).toBe(1);
    const stranger = await gql(t.app, ISSUES, {}, tokens.stranger);
    expect(dig(stranger.body.data, 'project')).toBeNull();
  });

  it("says who may add internal notes (Reporter+) and delete others' comments (Maintainer+), as the notes service", async () => {
    const q = `{ project(fullPath: "ep/web") { issue(iid: "1") { userPermissions { markNoteAsInternal adminNote } } }
      group(fullPath: "ep") { epic(iid: "1") { userPermissions { markNoteAsInternal adminNote } } } }`;
    const flags = async (token: string) => {
      const res = await gql(t.app, q, {}, token);
      expect(res.body.errors).toBeUndefined();
      return [
        dig(res.body.data, 'project', 'issue', 'userPermissions'),
        dig(res.body.data, 'group', 'epic', 'userPermissions'),
      ];
    };
    const both = (markNoteAsInternal: boolean, adminNote: boolean) => [
      { markNoteAsInternal, adminNote },
      { markNoteAsInternal, adminNote },
    ];
    expect(await flags(tokens.owner)).toEqual(both(true, true));
    expect(await flags(tokens.reporter)).toEqual(both(true, false));
    expect(await flags(tokens.guest)).toEqual(both(false, false));
  });

  it('lists group labels and milestones, with search and timeframe', async () => {
    const q = `{ group(fullPath: "ep") {
      labels(searchTerm: "u", first: 20) { count nodes { id title } }
      milestones(first: 20) { count nodes { title iid webPath expired upcoming projectMilestone subgroupMilestone } }
      inFrame: milestones(timeframe: { start: "2024-01-15", end: "2024-03-01" }, first: 20) { nodes { title } }
      byTitle: milestones(searchTitle: "lat", first: 20) { nodes { title } }
      issues(first: 20) { count } userPermissions { readGroup adminGroup createEpic } } }`;
    const res = await gql(t.app, q, {}, tokens.guest);
    expect(res.body.errors).toBeUndefined();
    const group = dig(res.body.data, 'group') as Record<string, unknown>;
    expect(dig(group, 'labels', 'nodes')).toEqual([
      { id: expect.stringMatching(/^gid:\/\/gitlab\/GroupLabel\/\d+$/), title: 'bug' },
      { id: expect.stringMatching(/^gid:\/\/gitlab\/GroupLabel\/\d+$/), title: 'ux' },
    ]);
    expect(dig(group, 'milestones', 'count')).toBe(2);
    expect(dig(group, 'milestones', 'nodes')).toContainEqual({
      title: 'M1',
      iid: '1',
      webPath: '/groups/ep/-/milestones/1',
      expired: true,
      upcoming: false,
      projectMilestone: false,
      subgroupMilestone: false,
    });
    expect(dig(group, 'inFrame', 'nodes')).toEqual([{ title: 'M1' }]);
    expect(dig(group, 'byTitle', 'nodes')).toEqual([{ title: 'Later' }]);
    expect(dig(group, 'issues', 'count')).toBe(2);
    expect(dig(group, 'userPermissions')).toEqual({ readGroup: true, adminGroup: false, createEpic: false });
  });
});
