import { visit } from '@0no-co/graphql.web';
import { graphql, type ResultOf, type TadaDocumentNode, type VariablesOf } from '../../graphql/graphql';
import { GraphQLRequestError, graphqlRequest } from '../../graphql/request';

const EPIC_FIELDS = graphql(`
  fragment RoadmapEpicFields on Epic {
    id @_required iid @_required title @_required state @_required startDate dueDate
    hasParent @_required parent { id @_required } hasChildren @_required blocked @_required blockedByCount
    webPath @_required confidential @_required color textColor
    labels { nodes @_required { id @_required title @_required description color @_required textColor @_required } }
    group @_required { id @_required fullPath @_required name @_required }
    descendantCounts {
      openedEpics @_required closedEpics @_required openedIssues @_required closedIssues @_required
    }
    descendantWeightSum { openedIssues @_required closedIssues @_required }
    userPermissions { adminEpic @_required }
  }
`);

/** `Epic.blockedByEpics`, asked for separately: a server without the field gets the documents without it (below). */
const EPIC_BLOCKED_BY = graphql(`
  fragment RoadmapEpicBlockedBy on Epic { blockedByEpics { nodes @_required { id @_required } } }
`);

/**
 * The same document without `blockedByEpics`, for a server that does not have the field: the
 * `RoadmapEpicBlockedBy` spreads and definition dropped. Its result type still names the field, which
 * `RoadmapEpic` reads as optional.
 */
export function withoutBlockedBy<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
): TadaDocumentNode<Result, Variables> {
  const isBlockedBy = (node: { name: { value: string } }) => node.name.value === 'RoadmapEpicBlockedBy';
  return visit(document, {
    FragmentSpread: (node) => (isBlockedBy(node) ? null : undefined),
    FragmentDefinition: (node) => (isBlockedBy(node) ? null : undefined),
  }) as TadaDocumentNode<Result, Variables>;
}

const EPIC_PAGE = graphql(
  `fragment RoadmapEpicPage on EpicConnection {
    nodes @_required { ...RoadmapEpicFields ...RoadmapEpicBlockedBy }
    pageInfo @_required { hasNextPage @_required endCursor }
  }`,
  [EPIC_FIELDS, EPIC_BLOCKED_BY],
);

/** RF-1: the group's epics for the roadmap; `$epicIid` is the filter bar's epic token (`epic_iid`). */
const GROUP_EPICS = graphql(
  `query roadmapGroupEpics($fullPath: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
    $labelName: [String!], $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String,
    $confidential: Boolean, $search: String, $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput,
    $first: Int, $after: String, $includeDescendantGroups: Boolean, $epicIid: ID) {
    group(fullPath: $fullPath) { id name fullPath userPermissions { createEpic }
      epics(state: $state, sort: $sort, timeframe: $timeframe, labelName: $labelName,
        authorUsername: $authorUsername, milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji,
        confidential: $confidential, search: $search, not: $not, or: $or, first: $first, after: $after,
        includeDescendantGroups: $includeDescendantGroups, iid: $epicIid) @_required { ...RoadmapEpicPage } } }`,
  [EPIC_PAGE],
);

const GROUP_EPICS_WITHOUT_BLOCKED_BY = withoutBlockedBy(GROUP_EPICS);

/** How many epics RF-1's filters match (capped by the server), to plan the windows below. */
const GROUP_EPIC_COUNT = graphql(
  `query roadmapGroupEpicCount($fullPath: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
    $labelName: [String!], $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String,
    $confidential: Boolean, $search: String, $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput,
    $includeDescendantGroups: Boolean, $epicIid: ID) {
    group(fullPath: $fullPath) { id
      epics(state: $state, sort: $sort, timeframe: $timeframe, labelName: $labelName,
        authorUsername: $authorUsername, milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji,
        confidential: $confidential, search: $search, not: $not, or: $or, first: 0,
        includeDescendantGroups: $includeDescendantGroups, iid: $epicIid) @_required { count @_required } } }`,
);

/** Meridian's `Group.roadmapEpics`: RF-1's epics from `$offset`, up to 1,000 at a time. */
const GROUP_EPIC_WINDOW = graphql(
  `query roadmapGroupEpicWindow($fullPath: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
    $labelName: [String!], $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String,
    $confidential: Boolean, $search: String, $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput,
    $includeDescendantGroups: Boolean, $epicIid: ID, $offset: Int!, $limit: Int!) {
    group(fullPath: $fullPath) { id
      roadmapEpics(state: $state, sort: $sort, timeframe: $timeframe, labelName: $labelName,
        authorUsername: $authorUsername, milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji,
        confidential: $confidential, search: $search, not: $not, or: $or, offset: $offset, limit: $limit,
        includeDescendantGroups: $includeDescendantGroups, iid: $epicIid) @_required {
        ...RoadmapEpicFields ...RoadmapEpicBlockedBy } } }`,
  [EPIC_FIELDS, EPIC_BLOCKED_BY],
);

/** RF-2 / RF-4: one epic's children for the roadmap. */
const EPIC_CHILDREN = graphql(
  `query roadmapEpicChildren($fullPath: ID!, $iid: ID!, $state: EpicState, $sort: EpicSort, $timeframe: Timeframe,
    $labelName: [String!], $authorUsername: String, $milestoneTitle: String, $myReactionEmoji: String,
    $confidential: Boolean, $search: String, $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput,
    $first: Int, $after: String) {
    group(fullPath: $fullPath) { id name fullPath userPermissions { createEpic }
      epic(iid: $iid) { id iid title @_required hasChildren
        children(state: $state, sort: $sort, timeframe: $timeframe, labelName: $labelName,
          authorUsername: $authorUsername, milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji,
          confidential: $confidential, search: $search, not: $not, or: $or, first: $first, after: $after)
          @_required { ...RoadmapEpicPage } } } }`,
  [EPIC_PAGE],
);

const EPIC_CHILDREN_WITHOUT_BLOCKED_BY = withoutBlockedBy(EPIC_CHILDREN);

/** RF-3: milestones in the timeframe. */
const MILESTONES = graphql(`
  query roadmapMilestones($fullPath: ID!, $timeframe: Timeframe) {
    group(fullPath: $fullPath) {
      milestones(state: active, timeframe: $timeframe, includeDescendants: true, includeAncestors: true, first: 100)
        @_required {
        nodes @_required {
          id @_required title @_required description state @_required startDate dueDate webPath @_required
          groupMilestone @_required subgroupMilestone @_required projectMilestone @_required
        }
      }
    }
  }
`);

/** Every document the roadmap sends, for the server's complexity test. */
export const ROADMAP_DOCUMENTS = {
  groupEpics: GROUP_EPICS,
  groupEpicsWithoutBlockedBy: GROUP_EPICS_WITHOUT_BLOCKED_BY,
  epicChildren: EPIC_CHILDREN,
  epicChildrenWithoutBlockedBy: EPIC_CHILDREN_WITHOUT_BLOCKED_BY,
  groupEpicCount: GROUP_EPIC_COUNT,
  groupEpicWindow: GROUP_EPIC_WINDOW,
  milestones: MILESTONES,
};

type EpicNode = ResultOf<typeof EPIC_PAGE>['nodes'][number];

/** A roadmap epic as RF-1 / RF-2 answer it; `blockedByEpics` is missing from a server without the field. */
export type RoadmapEpic = Omit<EpicNode, 'blockedByEpics'> & Partial<Pick<EpicNode, 'blockedByEpics'>>;
export type RoadmapMilestone = NonNullable<ResultOf<typeof MILESTONES>['group']>['milestones']['nodes'][number];

/** The filter, sort and paging variables RF-1 and RF-2 share. */
export type RoadmapVariables = Omit<VariablesOf<typeof GROUP_EPICS>, 'fullPath' | 'includeDescendantGroups'>;
export type EpicSort = NonNullable<RoadmapVariables['sort']>;

export const ROADMAP_PAGE_SIZE = 50;
/** Epics per `roadmapEpics` window: the server's most. */
export const ROADMAP_WINDOW_SIZE = 1000;

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

export type EpicsPageResult = Pick<ResultOf<typeof EPIC_PAGE>, 'pageInfo'> & {
  nodes: RoadmapEpic[];
  canCreateEpic: boolean;
  /** With an epic iid: that epic's title (the roadmap then shows its children). */
  parentTitle?: string;
};

export async function fetchGroupEpics(
  fullPath: string,
  variables: RoadmapVariables,
  signal?: AbortSignal,
): Promise<EpicsPageResult> {
  const vars = { fullPath, includeDescendantGroups: true, ...variables };
  const data = await withBlockedByFallback((withBlockedBy) =>
    withBlockedBy
      ? graphqlRequest(GROUP_EPICS, vars, signal)
      : graphqlRequest(GROUP_EPICS_WITHOUT_BLOCKED_BY, vars, signal),
  );
  if (!data.group) throw new GraphQLRequestError(['Group not found']);
  return { ...data.group.epics, canCreateEpic: !!data.group.userPermissions?.createEpic };
}

export async function fetchEpicChildren(
  fullPath: string,
  iid: string | number,
  variables: RoadmapVariables,
  signal?: AbortSignal,
): Promise<EpicsPageResult> {
  // The epic token narrows the top level only: an expanded epic shows all its (filtered) children.
  const { epicIid: _epicToken, ...childVariables } = variables;
  const vars = { fullPath, iid: String(iid), ...childVariables };
  const data = await withBlockedByFallback((withBlockedBy) =>
    withBlockedBy
      ? graphqlRequest(EPIC_CHILDREN, vars, signal)
      : graphqlRequest(EPIC_CHILDREN_WITHOUT_BLOCKED_BY, vars, signal),
  );
  if (!data.group?.epic) throw new GraphQLRequestError(['Epic not found']);
  return {
    ...data.group.epic.children,
    canCreateEpic: !!data.group.userPermissions?.createEpic,
    parentTitle: data.group.epic.title,
  };
}

/** The variables of RF-1 without its paging, which the count and the windows do not take. */
function listFilters(fullPath: string, variables: RoadmapVariables) {
  const { first: _first, after: _after, ...filters } = variables;
  return { fullPath, includeDescendantGroups: true, ...filters };
}

/** How many epics the roadmap's filters match (the server caps large counts). */
export async function fetchGroupEpicCount(
  fullPath: string,
  variables: RoadmapVariables,
  signal?: AbortSignal,
): Promise<number> {
  const data = await graphqlRequest(GROUP_EPIC_COUNT, listFilters(fullPath, variables), signal);
  if (!data.group) throw new GraphQLRequestError(['Group not found']);
  return data.group.epics.count;
}

/** `limit` of the roadmap's epics from position `offset`, in RF-1's order (Meridian servers only). */
export async function fetchGroupEpicWindow(
  fullPath: string,
  variables: RoadmapVariables,
  window: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<RoadmapEpic[]> {
  const data = await graphqlRequest(GROUP_EPIC_WINDOW, { ...listFilters(fullPath, variables), ...window }, signal);
  if (!data.group) throw new GraphQLRequestError(['Group not found']);
  return data.group.roadmapEpics;
}

/** Every child of an epic (pages of 50 until the end, at most `maxPages`). */
export async function fetchAllEpicChildren(
  fullPath: string,
  iid: string | number,
  variables: RoadmapVariables,
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
  const data = await graphqlRequest(MILESTONES, { fullPath, timeframe }, signal);
  return data.group?.milestones.nodes ?? [];
}
