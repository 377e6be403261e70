import type { GraphqlHealthStatus, RelativePlacement } from '@meridian/domain';
import { graphql, type ResultOf } from '../../../graphql/graphql';
import { graphqlRequest } from '../../../graphql/request';
import { request } from '../../../lib/api';

/** IE-34: one level of an epic's child tree (its child epics and issues, 100 of each a page). */
export const CHILD_ITEMS = graphql(`
  query childItems($fullPath: ID!, $iid: ID!, $pageSize: Int = 100, $epicEndCursor: String, $issueEndCursor: String) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) {
        id @_required iid @_required
        userPermissions @_required { adminEpic @_required adminEpicRelation @_required }
        descendantCounts @_required { openedEpics @_required closedEpics @_required openedIssues @_required closedIssues @_required }
        descendantWeightSum @_required { openedIssues @_required closedIssues @_required }
        healthStatus @_required { issuesAtRisk @_required issuesOnTrack @_required issuesNeedingAttention @_required }
        children(first: $pageSize, after: $epicEndCursor) @_required {
          edges @_required {
            node @_required {
              id @_required iid @_required title @_required state @_required reference(full: true) @_required
              confidential @_required webPath @_required relationPath relativePosition createdAt closedAt
              hasChildren @_required hasIssues @_required
              descendantCounts @_required { openedEpics @_required closedEpics @_required openedIssues @_required closedIssues @_required }
              labels @_required { nodes @_required { id @_required title @_required color @_required description textColor @_required } }
              group @_required { fullPath @_required }
              userPermissions @_required { adminEpic @_required adminEpicRelation @_required }
            }
          }
          pageInfo @_required { hasNextPage @_required endCursor }
        }
        issues(first: $pageSize, after: $issueEndCursor) @_required {
          edges @_required {
            node @_required {
              id @_required iid @_required epicIssueId title @_required state @_required reference(full: true) @_required
              confidential @_required blocked @_required webUrl @_required relationPath relativePosition
              createdAt @_required closedAt dueDate weight healthStatus
              milestone { id @_required title @_required startDate dueDate }
              assignees @_required { nodes @_required { id @_required name @_required username @_required avatarUrl webUrl @_required } }
              labels @_required { nodes @_required { id @_required title @_required color @_required description textColor @_required } }
            }
          }
          pageInfo @_required { hasNextPage @_required endCursor }
        }
      }
    }
  }
`);

export const EPIC_TREE_REORDER = graphql(`
  mutation epicTreeReorder($baseEpicId: EpicID!, $moved: EpicTreeNodeFieldsInputType!) {
    epicTreeReorder(input: { baseEpicId: $baseEpicId, moved: $moved }) { errors @_required }
  }
`);

type ChildItemsEpic = NonNullable<NonNullable<ResultOf<typeof CHILD_ITEMS>['group']>['epic']>;
type EpicNode = ChildItemsEpic['children']['edges'][number]['node'];
type IssueNode = ChildItemsEpic['issues']['edges'][number]['node'];

export interface TreeLabel {
  id: string;
  title: string;
  color: string;
  textColor: string;
  description: string | null;
}

/** A row of the tree: a child epic or an issue (IE §3 "Tree item"). */
export interface TreeItem {
  kind: 'Epic' | 'Issue';
  /** The global id (Epic or Issue). */
  id: string;
  /** The id epicTreeReorder moves: the Epic's, or the EpicIssue link's. */
  moveId: string;
  iid: string;
  title: string;
  state: 'opened' | 'closed';
  reference: string;
  webUrl: string;
  relationPath: string | null;
  relativePosition: number | null;
  createdAt: string | null;
  closedAt: string | null;
  confidential: boolean;
  blocked: boolean;
  dueDate: string | null;
  weight: number | null;
  milestone: { title: string; dueDate: string | null } | null;
  assignees: { id: string; name: string; username: string; avatarUrl: string | null; webUrl: string }[];
  labels: TreeLabel[];
  healthStatus: GraphqlHealthStatus | null;
  /** Child epics only. */
  groupFullPath: string | null;
  hasChildren: boolean;
  descendantCounts: { openedEpics: number; closedEpics: number; openedIssues: number; closedIssues: number } | null;
  /** The actor may admin this epic's relations (move items into it, remove its children). */
  adminRelation: boolean;
}

/** One page of one level. */
export interface TreePage {
  parent: {
    id: string;
    adminRelation: boolean;
    descendantCounts: ChildItemsEpic['descendantCounts'];
    weightSum: ChildItemsEpic['descendantWeightSum'];
    health: ChildItemsEpic['healthStatus'];
  };
  items: TreeItem[];
  epicEndCursor: string | null;
  issueEndCursor: string | null;
  hasMoreEpics: boolean;
  hasMoreIssues: boolean;
}

/** What an epic and an issue of the tree read alike. */
function sharedFields(n: EpicNode | IssueNode) {
  return {
    id: n.id,
    iid: n.iid,
    title: n.title,
    state: n.state === 'closed' ? ('closed' as const) : ('opened' as const),
    reference: n.reference,
    relationPath: n.relationPath ?? null,
    relativePosition: n.relativePosition ?? null,
    closedAt: n.closedAt ?? null,
    confidential: n.confidential,
    labels: n.labels.nodes.map((l) => ({ ...l, description: l.description ?? null })),
  };
}

function fromEpic(n: EpicNode): TreeItem {
  return {
    kind: 'Epic',
    ...sharedFields(n),
    moveId: n.id,
    webUrl: n.webPath,
    createdAt: n.createdAt ?? null,
    blocked: false,
    dueDate: null,
    weight: null,
    milestone: null,
    assignees: [],
    healthStatus: null,
    groupFullPath: n.group.fullPath,
    hasChildren: n.hasChildren || n.hasIssues,
    descendantCounts: n.descendantCounts,
    adminRelation: n.userPermissions.adminEpicRelation,
  };
}

function fromIssue(n: IssueNode): TreeItem {
  return {
    kind: 'Issue',
    ...sharedFields(n),
    moveId: `gid://gitlab/EpicIssue/${n.epicIssueId}`,
    webUrl: n.webUrl,
    createdAt: n.createdAt,
    blocked: n.blocked,
    dueDate: n.dueDate ?? null,
    weight: n.weight ?? null,
    milestone: n.milestone ? { title: n.milestone.title, dueDate: n.milestone.dueDate ?? null } : null,
    assignees: n.assignees.nodes.map((a) => ({ ...a, avatarUrl: a.avatarUrl ?? null })),
    healthStatus: n.healthStatus ?? null,
    groupFullPath: null,
    hasChildren: false,
    descendantCounts: null,
    adminRelation: false,
  };
}

/** Thrown when the epic is missing or hidden (GraphQL answers null). */
export class TreeEpicNotFound extends Error {}

export async function fetchTreePage(
  fullPath: string,
  iid: string,
  cursors: { epicEndCursor: string | null; issueEndCursor: string | null },
  signal?: AbortSignal,
): Promise<TreePage> {
  const data = await graphqlRequest(CHILD_ITEMS, { fullPath, iid, ...cursors }, signal);
  const epic = data.group?.epic;
  if (!epic) throw new TreeEpicNotFound('Epic not found');
  const { children, issues } = epic;
  return {
    parent: {
      id: epic.id,
      adminRelation: epic.userPermissions.adminEpicRelation,
      descendantCounts: epic.descendantCounts,
      weightSum: epic.descendantWeightSum,
      health: epic.healthStatus,
    },
    items: [...children.edges.map((e) => fromEpic(e.node)), ...issues.edges.map((e) => fromIssue(e.node))],
    // Past the last page a list answers nothing after its last cursor (GitLab's client does the same).
    epicEndCursor: children.pageInfo.endCursor ?? cursors.epicEndCursor,
    issueEndCursor: issues.pageInfo.endCursor ?? cursors.issueEndCursor,
    hasMoreEpics: children.pageInfo.hasNextPage,
    hasMoreIssues: issues.pageInfo.hasNextPage,
  };
}

export interface TreeMoveInput {
  baseEpicId: string;
  movedId: string;
  adjacentId?: string;
  relativePosition?: RelativePlacement;
  newParentId?: string;
}

/** epicTreeReorder; a non-empty `errors` list is a failure too. */
export async function reorderTree(input: TreeMoveInput): Promise<void> {
  const data = await graphqlRequest(EPIC_TREE_REORDER, {
    baseEpicId: input.baseEpicId,
    moved: {
      id: input.movedId,
      adjacentReferenceId: input.adjacentId ?? null,
      relativePosition: input.relativePosition ?? null,
      newParentId: input.newParentId ?? null,
    },
  });
  const errors = data.epicTreeReorder?.errors ?? [];
  if (errors.length > 0) throw new Error(errors.join('; '));
}

/** IE-15: DELETE the row's relation path (the item leaves its parent). */
export async function removeRelation(relationPath: string): Promise<void> {
  await request(relationPath, { method: 'DELETE' });
}
