import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

/*
 * Task conversion's calls (IE §3 "Work item payload for task conversion"): the namespace's Task type
 * (namespaceWorkItemTypes), createWorkItem (RF-11) and, for Undo, deleteWorkItem (IE-44). Loaded on
 * the first conversion, so the issue page's first load stays without them.
 */

export const NAMESPACE_WORK_ITEM_TYPES = graphql(`
  query namespaceWorkItemTypes($fullPath: ID!, $name: IssueType) {
    workspace: namespace(fullPath: $fullPath) {
      id
      workItemTypes(name: $name, first: 20) { nodes { id name } }
    }
  }
`);

export const CREATE_WORK_ITEM = graphql(`
  mutation createWorkItem($input: WorkItemCreateInput!) {
    createWorkItem(input: $input) {
      workItem { id iid webUrl }
      errors
    }
  }
`);

export const DELETE_WORK_ITEM = graphql(`
  mutation deleteWorkItem($input: WorkItemDeleteInput!) {
    deleteWorkItem(input: $input) { errors }
  }
`);

export const workItemGid = (id: number) => `gid://gitlab/WorkItem/${id}`;
export const milestoneGid = (id: number) => `gid://gitlab/Milestone/${id}`;
export const iterationGid = (id: number) => `gid://gitlab/Iteration/${id}`;

async function taskTypeId(fullPath: string): Promise<string> {
  const data = await graphqlRequest(NAMESPACE_WORK_ITEM_TYPES, { fullPath, name: 'TASK' });
  const type = data.workspace?.workItemTypes?.nodes?.find((node) => node?.name === 'Task');
  if (!type?.id) throw new Error('No Task work item type');
  return type.id;
}

export interface ChildTask {
  projectPath: string;
  title: string;
  description: string;
  confidential: boolean;
  parentId: string;
  milestoneId: string | null;
  /** Only when the parent has one (iterations available). */
  iterationId: string | null;
}

/** Creates the task as a child of `parentId`; throws with the payload's errors. */
export async function createChildTask(task: ChildTask): Promise<{ id: string; iid: string }> {
  const data = await graphqlRequest(CREATE_WORK_ITEM, {
    input: {
      projectPath: task.projectPath,
      title: task.title,
      description: task.description,
      confidential: task.confidential,
      workItemTypeId: await taskTypeId(task.projectPath),
      hierarchyWidget: { parentId: task.parentId },
      milestoneWidget: { milestoneId: task.milestoneId },
      ...(task.iterationId ? { iterationWidget: { iterationId: task.iterationId } } : {}),
    },
  });
  const payload = data.createWorkItem;
  const errors = payload?.errors ?? [];
  const item = payload?.workItem;
  if (!item?.iid || errors.length > 0) throw new Error(errors.join('; ') || 'No work item');
  return { id: String(item.id), iid: item.iid };
}

export async function deleteWorkItem(id: string): Promise<void> {
  const data = await graphqlRequest(DELETE_WORK_ITEM, { input: { id } });
  const errors = data.deleteWorkItem?.errors ?? ['No answer'];
  if (errors.length > 0) throw new Error(errors.join('; '));
}
