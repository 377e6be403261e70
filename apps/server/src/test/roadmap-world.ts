import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/connection';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createGroupMembers, createProject, createToken, createUser } from './factories';
import { dig, gql } from './graphql-client';

/**
 * The group Roadmap's server side, with the web app's own queries (calls.md RF-1 … RF-4):
 * exact result sets for the timeframe overlap, every filter and sort, pagination, child epics,
 * milestones in a timeframe, and what each role may see.
 */

export type Role = 'owner' | 'reporter' | 'planner' | 'guest' | 'stranger' | 'subMember' | 'anonymous';
export const TF = { start: '2025-01-01', end: '2025-12-31' };

/** What the roadmap tests read from the world. */
export interface RoadmapWorld {
  tokens: Record<Role, string | undefined>;
  /** Epic database ids by iid (iids are unique across the test's groups). */
  ids: Record<number, number>;
  groupIds: Record<string, number>;
  labelIds: Record<string, number>;
}

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

/**
 * Groups rm (public) ⊃ sub (public), other (private) and secret (private, top level); a user per
 * role with a token; labels, the epics of EPICS, issues and milestones.
 */
export async function seedRoadmapWorld(db: Database): Promise<RoadmapWorld> {
  const tokens: Record<Role, string | undefined> = {
    owner: '',
    reporter: '',
    planner: '',
    guest: '',
    stranger: '',
    subMember: '',
    anonymous: undefined,
  };
  const ids: Record<number, number> = {};
  const groupIds: Record<string, number> = {};
  const labelIds: Record<string, number> = {};
  // rm (public) ⊃ sub (public), other (private); secret: a private top-level group.
  const rm = await createGroup(db, { path: 'rm', name: 'Roadmap Group', visibility: 20 });
  const sub = await createGroup(db, { path: 'sub', name: 'Sub Team', parentId: rm.id, visibility: 20 });
  const other = await createGroup(db, { path: 'other', name: 'Other Team', parentId: rm.id, visibility: 0 });
  const secret = await createGroup(db, { path: 'secret', name: 'Secret', visibility: 0 });
  Object.assign(groupIds, { rm: rm.id, sub: sub.id, other: other.id, secret: secret.id });
  const { users, tokens: memberTokens } = await createGroupMembers(db, rm.id, 'rm-', [
    ['owner', AccessLevel.OWNER],
    ['reporter', AccessLevel.REPORTER],
    ['planner', AccessLevel.PLANNER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, memberTokens);
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
  return { tokens, ids, groupIds, labelIds };
}

export const NODE_FIELDS = `id iid title state startDate dueDate startDateIsFixed dueDateIsFixed startDateFixed dueDateFixed
  hasParent parent { id startDate dueDate } ancestors { nodes { id } } hasChildren blocked blockedByCount
  reference(full: true) webPath webUrl createdAt closedAt color textColor confidential
  labels { nodes { id title description color textColor } } group { id fullPath name fullName }
  descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  descendantWeightSum { openedIssues closedIssues } userPermissions { adminEpic updateEpic }
  blockedByEpics { nodes { id iid } }`;

/** RF-1, as the web app sends it. */
export const RF1 = `query groupEpics($fullPath: ID!, $state: EpicState, $sort: EpicSort, $iid: ID, $timeframe: Timeframe,
  $labelName: [String!], $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String,
  $confidential: Boolean, $search: String, $first: Int = 50, $not: NegatedEpicFilterInput,
  $or: UnionedEpicFilterInput, $endCursor: String, $includeDescendantGroups: Boolean = true) {
  group(fullPath: $fullPath) { id epics(state: $state, sort: $sort, iid: $iid, timeframe: $timeframe,
    labelName: $labelName, authorUsername: $authorUsername, milestoneTitle: $milestoneTitle,
    myReactionEmoji: $myReactionEmoji, confidential: $confidential, search: $search, first: $first,
    after: $endCursor, not: $not, or: $or, includeDescendantGroups: $includeDescendantGroups) {
    nodes { ${NODE_FIELDS} } pageInfo { hasNextPage endCursor } } } }`;

/** RF-2 / RF-4: one epic's children, with the same fields and filters. */
export const RF2 = `query childEpics($fullPath: ID!, $iid: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
  $labelName: [String!], $authorUsername: String, $confidential: Boolean, $search: String, $first: Int = 50,
  $not: NegatedEpicFilterInput, $endCursor: String, $includeDescendantGroups: Boolean) {
  group(fullPath: $fullPath) { id epic(iid: $iid) { id children(state: $state, sort: $sort, timeframe: $timeframe,
    labelName: $labelName, authorUsername: $authorUsername, confidential: $confidential, search: $search,
    first: $first, after: $endCursor, not: $not, includeDescendantGroups: $includeDescendantGroups) {
    nodes { ${NODE_FIELDS} } pageInfo { hasNextPage endCursor } } } } }`;

/** RF-3. */
export const RF3 = `query groupMilestones($fullPath: ID!, $state: MilestoneStateEnum, $timeframe: Timeframe,
  $includeDescendants: Boolean, $includeAncestors: Boolean, $searchTitle: String, $first: Int = 100) {
  group(fullPath: $fullPath) { milestones(state: $state, timeframe: $timeframe, includeDescendants: $includeDescendants,
    includeAncestors: $includeAncestors, searchTitle: $searchTitle, first: $first) {
    nodes { id title description state startDate dueDate webPath groupMilestone subgroupMilestone projectMilestone } } } }`;

export interface Page {
  nodes: Array<Record<string, unknown> & { iid: string }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The iids of the page, in order. */
export const iidsOf = (page: Page) => page.nodes.map((n) => Number(n.iid));

/**
 * The roadmap tests' requests, as `role`: `send` sends a document and returns the answer; `run` sends
 * it and expects no errors; `epics` is RF-1 on group rm (all states, by title, in the timeframe TF,
 * unless `variables` say otherwise); `listed` its iids. Getters, because the app and the world are built in `beforeAll`.
 */
export function roadmapQueries(app: () => FastifyInstance, world: () => RoadmapWorld) {
  const send = (query: string, role: Role, variables: Record<string, unknown>) =>
    gql(app(), query, variables, world().tokens[role]);

  async function run(query: string, role: Role, variables: Record<string, unknown>) {
    const res = await send(query, role, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.data;
  }

  async function epics(role: Role, variables: Record<string, unknown> = {}): Promise<Page> {
    const data = await run(RF1, role, { fullPath: 'rm', state: 'all', sort: 'TITLE_ASC', timeframe: TF, ...variables });
    return dig(data, 'group', 'epics') as Page;
  }

  const listed = async (role: Role, variables: Record<string, unknown> = {}) => iidsOf(await epics(role, variables));
  return { send, run, epics, listed };
}
