import { nextIid } from '../modules/internal-ids';
import { AccessLevel } from '../policy/access-levels';
import { createGroup, createGroupMembers, createProject, createToken, createUser } from './factories';
import { dig, gql } from './graphql-client';
import type { TestApp } from './harness';
import { useTestApp } from './use-test-app';

/**
 * The work-item GraphQL tests' world: group `wi` with one member per role, project `wi/app`, a public
 * project `wipub/open`, one issue and one epic; the queries and helpers the test files share.
 */

export const roles = ['guest', 'reporter', 'planner', 'developer', 'owner'] as const;
export type Role = (typeof roles)[number];
export const NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
export const TASK = 'gid://gitlab/WorkItems::Type/5';
export const OBJECTIVE = 'gid://gitlab/WorkItems::Type/6';
export const KEY_RESULT = 'gid://gitlab/WorkItems::Type/7';
export const EPIC = 'gid://gitlab/WorkItems::Type/8';

export const CREATE = `mutation($input: WorkItemCreateInput!) {
  createWorkItem(input: $input) {
    workItem { id iid title confidential workItemType { name } webPath
      widgets { type ... on WorkItemWidgetHierarchy { hasParent parent { id title } } } }
    errors
  }
}`;
export const DELETE = `mutation($id: WorkItemID!) { deleteWorkItem(input: { id: $id }) { errors } }`;
export const UPDATE = `mutation($input: WorkItemUpdateInput!) {
  workItemUpdate(input: $input) { workItem { id title state } errors }
}`;
export const TREE = `query($id: WorkItemID!, $after: String) {
  workItem(id: $id) {
    id title confidential workItemType { id name iconName }
    userPermissions { deleteWorkItem updateWorkItem adminParentLink setWorkItemMetadata createNote adminWorkItemLink }
    widgets { type ... on WorkItemWidgetHierarchy {
      hasChildren hasParent parent { id }
      rolledUpCountsByType { workItemType { name } countsByState { all closed } }
      children(first: 100, after: $after) { count pageInfo { hasNextPage endCursor }
        nodes { id iid confidential title state createdAt closedAt webUrl reference
          workItemType { id name iconName } namespace { id fullPath name } } }
    } }
  }
}`;

export const wid = (id: number) => `gid://gitlab/WorkItem/${id}`;
export const hierarchyOf = (res: { body: { data?: unknown } }) =>
  (dig(res.body.data, 'workItem', 'widgets') as Array<Record<string, unknown>>).find((w) => w.type === 'HIERARCHY');

export interface WorkItemsWorld {
  tokens: Record<Role | 'stranger', string>;
  users: Record<Role, number>;
  ids: { group: number; project: number; publicProject: number; issue: number; epic: number; epicWorkItem: number };
}

/** An issues row of any issue-backed type, written directly (the services are what the tests exercise). */
export async function issueRow(
  app: TestApp,
  projectId: number,
  attrs: { type?: string; confidential?: boolean; weight?: number; title?: string } = {},
) {
  return app.db
    .insertInto('issues')
    .values({
      project_id: projectId,
      iid: await nextIid(app.db, 'issues', projectId),
      title: attrs.title ?? 'Row',
      issue_type: attrs.type ?? 'issue',
      confidential: attrs.confidential ?? false,
      weight: attrs.weight ?? null,
    })
    .returning(['id', 'iid'])
    .executeTakeFirstOrThrow();
}

async function seedWorkItems(app: TestApp): Promise<WorkItemsWorld> {
  const db = app.db;
  const group = await createGroup(db, { path: 'wi', name: 'Work items' });
  const project = await createProject(db, { namespaceId: group.id, path: 'app' });
  const members = await createGroupMembers(db, group.id, 'wi-', [
    ['guest', AccessLevel.GUEST],
    ['reporter', AccessLevel.REPORTER],
    ['planner', AccessLevel.PLANNER],
    ['developer', AccessLevel.DEVELOPER],
    ['owner', AccessLevel.OWNER],
  ]);
  const stranger = await createToken(db, (await createUser(db, { username: 'wi-stranger' })).id);
  const pub = await createGroup(db, { path: 'wipub', visibility: 20 });
  const publicProject = await createProject(db, { namespaceId: pub.id, path: 'open', visibility: 20 });
  const issue = await issueRow(app, project.id);
  const epic = await db
    .insertInto('epics')
    .values({ group_id: group.id, iid: 1, title: 'Epic one' })
    .returning(['id', 'work_item_id'])
    .executeTakeFirstOrThrow();
  return {
    tokens: { ...members.tokens, stranger },
    users: members.users,
    ids: {
      group: group.id,
      project: project.id,
      publicProject: publicProject.id,
      issue: issue.id,
      epic: epic.id,
      epicWorkItem: epic.work_item_id,
    },
  };
}

/** The file's test app seeded with the work-items world, and helpers bound to it. */
export function useWorkItemsWorld() {
  const t = useTestApp(seedWorkItems);
  return {
    t,
    get tokens() {
      return t.world.tokens;
    },
    get ids() {
      return t.world.ids;
    },
    get users() {
      return t.world.users;
    },
    issueRow: (projectId: number, attrs?: Parameters<typeof issueRow>[2]) => issueRow(t, projectId, attrs),
    create: (token: string, input: Record<string, unknown>) => gql(t.app, CREATE, { input }, token),
    update: (token: string, input: Record<string, unknown>) => gql(t.app, UPDATE, { input }, token),
  };
}
