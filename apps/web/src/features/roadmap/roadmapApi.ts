import { GraphQLRequestError, graphqlRequest } from '../../lib/api';

/** A label on a roadmap epic (RF §3). */
export interface RoadmapLabel {
  id: string;
  title: string;
  description: string | null;
  color: string;
  textColor: string;
}

export interface IssueTallyNode {
  openedIssues: number;
  closedIssues: number;
}

/** A roadmap epic as RF-1 / RF-2 answer it. */
export interface RoadmapEpic {
  id: string;
  iid: string;
  title: string;
  state: string;
  startDate: string | null;
  dueDate: string | null;
  hasParent: boolean;
  parent: { id: string } | null;
  hasChildren: boolean;
  blocked: boolean;
  blockedByCount: number | null;
  webPath: string;
  confidential: boolean;
  color: string | null;
  textColor: string | null;
  labels: { nodes: RoadmapLabel[] } | null;
  group: { id: string; fullPath: string; name: string };
  descendantCounts: (IssueTallyNode & { openedEpics: number; closedEpics: number }) | null;
  descendantWeightSum: IssueTallyNode | null;
  userPermissions: { adminEpic: boolean } | null;
  /** Missing when the server does not answer the field yet (then read from REST related_epics). */
  blockedByEpics?: { nodes: { id: string }[] } | null;
}

export interface RoadmapMilestone {
  id: string;
  title: string;
  description: string | null;
  state: string;
  startDate: string | null;
  dueDate: string | null;
  webPath: string;
  groupMilestone: boolean;
  subgroupMilestone: boolean;
  projectMilestone: boolean;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface EpicsPage {
  nodes: RoadmapEpic[];
  pageInfo: PageInfo;
}

export const ROADMAP_PAGE_SIZE = 50;

function epicFields(withBlockedBy: boolean): string {
  return `id iid title state startDate dueDate hasParent parent { id } hasChildren blocked blockedByCount webPath
    confidential color textColor labels { nodes { id title description color textColor } }
    group { id fullPath name } descendantCounts { openedEpics closedEpics openedIssues closedIssues }
    descendantWeightSum { openedIssues closedIssues } userPermissions { adminEpic }${
      withBlockedBy ? ' blockedByEpics { nodes { id } }' : ''
    }`;
}

const FILTER_ARGS = `$state: EpicState, $sort: EpicSort, $timeframe: Timeframe, $labelName: [String!],
  $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String, $confidential: Boolean,
  $search: String, $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput, $first: Int, $after: String`;
const FILTER_PASS = `state: $state, sort: $sort, timeframe: $timeframe, labelName: $labelName,
  authorUsername: $authorUsername, milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji,
  confidential: $confidential, search: $search, not: $not, or: $or, first: $first, after: $after`;

/** RF-1: the group's epics for the roadmap; `$epicIid` is the filter bar's epic token (`epic_iid`). */
export function groupEpicsQuery(withBlockedBy: boolean): string {
  return `query roadmapGroupEpics($fullPath: ID!, ${FILTER_ARGS}, $includeDescendantGroups: Boolean, $epicIid: ID) {
  group(fullPath: $fullPath) { id name fullPath userPermissions { createEpic }
    epics(${FILTER_PASS}, includeDescendantGroups: $includeDescendantGroups, iid: $epicIid) {
      nodes { ${epicFields(withBlockedBy)} } pageInfo { hasNextPage endCursor } } } }`;
}

/** RF-2 / RF-4: one epic's children for the roadmap. */
export function epicChildrenQuery(withBlockedBy: boolean): string {
  return `query roadmapEpicChildren($fullPath: ID!, $iid: ID!, ${FILTER_ARGS}) {
  group(fullPath: $fullPath) { id name fullPath userPermissions { createEpic }
    epic(iid: $iid) { id iid title hasChildren
      children(${FILTER_PASS}) { nodes { ${epicFields(withBlockedBy)} } pageInfo { hasNextPage endCursor } } } } }`;
}

/** RF-3: milestones in the timeframe. */
export const MILESTONES_QUERY = `query roadmapMilestones($fullPath: ID!, $timeframe: Timeframe) {
  group(fullPath: $fullPath) {
    milestones(state: active, timeframe: $timeframe, includeDescendants: true, includeAncestors: true, first: 100) {
      nodes { id title description state startDate dueDate webPath groupMilestone subgroupMilestone projectMilestone } } } }`;

interface GroupEpicsAnswer {
  group: {
    id: string;
    name: string;
    fullPath: string;
    userPermissions: { createEpic: boolean } | null;
    epics: EpicsPage;
  } | null;
}

interface EpicChildrenAnswer {
  group: {
    id: string;
    name: string;
    fullPath: string;
    userPermissions: { createEpic: boolean } | null;
    epic: { id: string; iid: string; title: string; hasChildren: boolean; children: EpicsPage } | null;
  } | null;
}

/** Whether the server answers `Epic.blockedByEpics`; flips to false on its first "Cannot query field" error. */
let blockedByField = true;

export function serverHasBlockedByField(): boolean {
  return blockedByField;
}

async function withBlockedByFallback<T>(run: (withBlockedBy: boolean) => Promise<T>): Promise<T> {
  try {
    return await run(blockedByField);
  } catch (error) {
    if (blockedByField && error instanceof GraphQLRequestError && /blockedByEpics/.test(error.message)) {
      blockedByField = false;
      return run(false);
    }
    throw error;
  }
}

export interface EpicsPageResult extends EpicsPage {
  canCreateEpic: boolean;
  /** With an epic iid: that epic's title (the roadmap then shows its children). */
  parentTitle?: string;
}

export async function fetchGroupEpics(
  fullPath: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<EpicsPageResult> {
  const data = await withBlockedByFallback((withBlockedBy) =>
    graphqlRequest<GroupEpicsAnswer>(
      groupEpicsQuery(withBlockedBy),
      { fullPath, includeDescendantGroups: true, ...variables },
      signal,
    ),
  );
  if (!data.group) throw new GraphQLRequestError(['Group not found']);
  return { ...data.group.epics, canCreateEpic: !!data.group.userPermissions?.createEpic };
}

export async function fetchEpicChildren(
  fullPath: string,
  iid: string | number,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<EpicsPageResult> {
  // The epic token narrows the top level only: an expanded epic shows all its (filtered) children.
  const { epicIid: _epicToken, ...childVariables } = variables;
  const data = await withBlockedByFallback((withBlockedBy) =>
    graphqlRequest<EpicChildrenAnswer>(
      epicChildrenQuery(withBlockedBy),
      { fullPath, iid: String(iid), ...childVariables },
      signal,
    ),
  );
  if (!data.group?.epic) throw new GraphQLRequestError(['Epic not found']);
  return {
    ...data.group.epic.children,
    canCreateEpic: !!data.group.userPermissions?.createEpic,
    parentTitle: data.group.epic.title,
  };
}

/** Every child of an epic (pages of 50 until the end, at most `maxPages`). */
export async function fetchAllEpicChildren(
  fullPath: string,
  iid: string | number,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
  maxPages = 20,
): Promise<RoadmapEpic[]> {
  const all: RoadmapEpic[] = [];
  let after: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchEpicChildren(fullPath, iid, { ...variables, first: ROADMAP_PAGE_SIZE, after }, signal);
    all.push(...result.nodes);
    if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) break;
    after = result.pageInfo.endCursor;
  }
  return all;
}

export async function fetchMilestones(
  fullPath: string,
  timeframe: { start: string; end: string },
  signal?: AbortSignal,
): Promise<RoadmapMilestone[]> {
  const data = await graphqlRequest<{ group: { milestones: { nodes: RoadmapMilestone[] } } | null }>(
    MILESTONES_QUERY,
    { fullPath, timeframe },
    signal,
  );
  return data.group?.milestones.nodes ?? [];
}
