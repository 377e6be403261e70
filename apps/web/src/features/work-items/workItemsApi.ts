import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

/*
 * The work item calls of the web app: RF-11 createWorkItem, IE-38's hierarchy (parent and child
 * items of an issue-backed work item) and IE-41's look-up by namespace and iid.
 */

export const CREATE_WORK_ITEM = graphql(`
  mutation createWorkItem($input: WorkItemCreateInput!) {
    createWorkItem(input: $input) {
      workItem { id iid webPath @_required workItemType { name } }
      errors
    }
  }
`);

export const WORK_ITEM_BY_IID = graphql(`
  query workItemByIid($fullPath: ID!, $iid: String!) {
    namespace(fullPath: $fullPath) { id workItem(iid: $iid) { id @_required workItemType { name } } }
  }
`);

export const WORK_ITEM_HIERARCHY = graphql(`
  query workItemHierarchy($id: WorkItemID!, $pageSize: Int = 100, $endCursor: String) {
    workItem(id: $id) {
      id
      workItemType { id name iconName }
      userPermissions { adminParentLink }
      widgets @_required {
        type
        ... on WorkItemWidgetHierarchy {
          hasChildren
          parent { id @_required title webPath @_required reference(full: true) workItemType @_required { name } }
          children(first: $pageSize, after: $endCursor) {
            count
            pageInfo { hasNextPage endCursor }
            nodes { id @_required iid title state reference webPath @_required confidential workItemType @_required { id name @_required iconName } }
          }
        }
      }
    }
  }
`);

export const MOVE_WORK_ITEM_CHILD = graphql(`
  mutation moveWorkItemChild($input: WorkItemUpdateInput!) {
    workItemUpdate(input: $input) { errors }
  }
`);

/** Puts child `id` before or after its sibling `adjacentWorkItemId`; throws with the payload's errors. */
export async function moveWorkItemChild(
  id: string,
  move: { adjacentWorkItemId: string; relativePosition: 'BEFORE' | 'AFTER' },
): Promise<void> {
  const data = await graphqlRequest(MOVE_WORK_ITEM_CHILD, { input: { id, hierarchyWidget: move } });
  const errors = data.workItemUpdate?.errors ?? [];
  if (errors.length > 0) throw new Error(errors.join('; '));
}

/** The work item types a project offers (Epic lives in groups). */
export const PROJECT_TYPES = ['Issue', 'Task', 'Incident', 'Objective', 'Key Result'] as const;
export type ProjectTypeName = (typeof PROJECT_TYPES)[number];
export type NewTypeName = ProjectTypeName | 'Epic';

/** GitLab's fixed type ids (`gid://gitlab/WorkItems::Type/N`). */
export const TYPE_IDS: Record<NewTypeName, string> = {
  Issue: 'gid://gitlab/WorkItems::Type/1',
  Incident: 'gid://gitlab/WorkItems::Type/2',
  Task: 'gid://gitlab/WorkItems::Type/5',
  Objective: 'gid://gitlab/WorkItems::Type/6',
  'Key Result': 'gid://gitlab/WorkItems::Type/7',
  Epic: 'gid://gitlab/WorkItems::Type/8',
};

/** Which parent type each type goes under (the server's hierarchy rules decide; this labels the field). */
export const PARENT_TYPE: Partial<Record<NewTypeName, string>> = {
  Task: 'Issue or incident',
  Objective: 'Objective',
  'Key Result': 'Objective',
};

export interface NewWorkItem {
  namespace: { kind: 'group' | 'project'; fullPath: string };
  type: NewTypeName;
  title: string;
  description: string;
  confidential: boolean;
  /** The parent's iid in the same project. */
  parentIid: number | null;
}

/** The global id of work item `iid` of the namespace; an Error when it is missing or hidden. */
async function workItemId(fullPath: string, iid: number): Promise<string> {
  const data = await graphqlRequest(WORK_ITEM_BY_IID, { fullPath, iid: String(iid) });
  const id = data.namespace?.workItem?.id;
  if (!id) throw new Error(`#${iid} was not found`);
  return id;
}

/** Creates the work item; its web path. Throws with the payload's errors. */
export async function createWorkItem(item: NewWorkItem): Promise<string> {
  const parentId = item.parentIid ? await workItemId(item.namespace.fullPath, item.parentIid) : null;
  const data = await graphqlRequest(CREATE_WORK_ITEM, {
    input: {
      title: item.title,
      workItemTypeId: TYPE_IDS[item.type],
      namespacePath: item.namespace.fullPath,
      confidential: item.confidential,
      descriptionWidget: { description: item.description },
      ...(parentId ? { hierarchyWidget: { parentId } } : {}),
    },
  });
  const payload = data.createWorkItem;
  const errors = payload?.errors ?? [];
  if (!payload?.workItem || errors.length > 0) throw new Error(errors.join('; ') || 'The work item was not created');
  return payload.workItem.webPath;
}

export async function fetchWorkItemHierarchy(issueId: number, signal?: AbortSignal) {
  const data = await graphqlRequest(WORK_ITEM_HIERARCHY, { id: `gid://gitlab/WorkItem/${issueId}` }, signal);
  const item = data.workItem;
  const hierarchy = item?.widgets.find((w) => w.type === 'HIERARCHY');
  if (!item || !hierarchy || !('children' in hierarchy)) return null;
  return {
    type: item.workItemType,
    canAdminParentLink: item.userPermissions?.adminParentLink ?? false,
    parent: hierarchy.parent ?? null,
    children: hierarchy.children ?? null,
  };
}
