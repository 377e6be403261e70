import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { dig, gql } from './graphql-client';
import type { RoadmapWorld, Role } from './roadmap-world';

/** The web app's roadmap queries (calls.md RF-1 … RF-3) and the roadmap tests' requests with them. */

/** The roadmap tests' timeframe: the year 2025. */
export const TF = { start: '2025-01-01', end: '2025-12-31' };

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
