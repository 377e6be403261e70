import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { apiGet, request, withQuery } from '../../lib/api';

/*
 * GitLab 17's placeholder reassignment: a top-level group's import source users through GitLab's
 * GraphQL (the Placeholders tab), and the assignee's review page through `/-/import/source_users/:id`.
 */

export const SOURCE_USERS = graphql(`
  query importSourceUsers($fullPath: ID!, $statuses: [ImportSourceUserStatus!], $search: String) {
    namespace(fullPath: $fullPath) {
      id
      importSourceUsers(statuses: $statuses, search: $search, sort: SOURCE_NAME_ASC, first: 100) {
        nodes {
          id
          sourceUsername
          sourceName
          sourceHostname
          status
          reassignmentError
          placeholderUser { id username name }
          reassignToUser { id username name }
          reassignedByUser { id username name }
        }
      }
    }
  }
`);

export type SourceUser = NonNullable<
  NonNullable<NonNullable<Awaited<ReturnType<typeof fetchSourceUsers>>>['nodes']>[number]
>;

export async function fetchSourceUsers(fullPath: string, search: string, signal?: AbortSignal) {
  const data = await graphqlRequest(SOURCE_USERS, { fullPath, search: search || null }, signal);
  const users = data.namespace?.importSourceUsers;
  return users && data.namespace ? { ...users, namespaceId: data.namespace.id } : null;
}

export const REASSIGN_SOURCE_USER = graphql(`
  mutation importSourceUserReassign($id: ImportSourceUserID!, $assigneeUserId: UserID!) {
    importSourceUserReassign(input: { id: $id, assigneeUserId: $assigneeUserId }) {
      importSourceUser { id status }
      errors
    }
  }
`);
export const CANCEL_REASSIGNMENT = graphql(`
  mutation importSourceUserCancelReassignment($id: ImportSourceUserID!) {
    importSourceUserCancelReassignment(input: { id: $id }) { importSourceUser { id status } errors }
  }
`);
export const KEEP_AS_PLACEHOLDER = graphql(`
  mutation importSourceUserKeepAsPlaceholder($id: ImportSourceUserID!) {
    importSourceUserKeepAsPlaceholder(input: { id: $id }) { importSourceUser { id status } errors }
  }
`);
export const UNDO_KEEP_AS_PLACEHOLDER = graphql(`
  mutation importSourceUserUndoKeepAsPlaceholder($id: ImportSourceUserID!) {
    importSourceUserUndoKeepAsPlaceholder(input: { id: $id }) { importSourceUser { id status } errors }
  }
`);
export const KEEP_ALL_AS_PLACEHOLDER = graphql(`
  mutation importSourceUserKeepAllAsPlaceholder($namespaceId: NamespaceID!) {
    importSourceUserKeepAllAsPlaceholder(input: { namespaceId: $namespaceId }) { updatedImportSourceUserCount errors }
  }
`);
export const RESEND_NOTIFICATION = graphql(`
  mutation importSourceUserResendNotification($id: ImportSourceUserID!) {
    importSourceUserResendNotification(input: { id: $id }) { importSourceUser { id status } errors }
  }
`);

const throwErrors = (errors: readonly string[] | null | undefined) => {
  if (errors && errors.length > 0) throw new Error(errors.join(' '));
};

export async function reassignSourceUser(id: string, userId: number) {
  const data = await graphqlRequest(REASSIGN_SOURCE_USER, { id, assigneeUserId: `gid://gitlab/User/${userId}` });
  throwErrors(data.importSourceUserReassign?.errors);
}
export async function cancelReassignment(id: string) {
  throwErrors((await graphqlRequest(CANCEL_REASSIGNMENT, { id })).importSourceUserCancelReassignment?.errors);
}
export async function keepAsPlaceholder(id: string) {
  throwErrors((await graphqlRequest(KEEP_AS_PLACEHOLDER, { id })).importSourceUserKeepAsPlaceholder?.errors);
}
export async function undoKeepAsPlaceholder(id: string) {
  throwErrors((await graphqlRequest(UNDO_KEEP_AS_PLACEHOLDER, { id })).importSourceUserUndoKeepAsPlaceholder?.errors);
}
/** Every source user still waiting for someone keeps its placeholder; answers how many. */
export async function keepAllAsPlaceholder(namespaceId: string): Promise<number> {
  const data = (await graphqlRequest(KEEP_ALL_AS_PLACEHOLDER, { namespaceId })).importSourceUserKeepAllAsPlaceholder;
  throwErrors(data?.errors);
  return data?.updatedImportSourceUserCount ?? 0;
}
export async function resendNotification(id: string) {
  throwErrors((await graphqlRequest(RESEND_NOTIFICATION, { id })).importSourceUserResendNotification?.errors);
}

export interface UserChoice {
  id: number;
  username: string;
  name: string;
}

/** Users to reassign to: the autocomplete's active users. */
export function searchUsers(search: string, signal?: AbortSignal): Promise<UserChoice[]> {
  return apiGet<UserChoice[]>(withQuery('/-/autocomplete/users.json', { search }), signal);
}

/** The reassignment the signed-in user is asked to review. */
export interface ReassignmentReview {
  id: number;
  status: string;
  source_hostname: string;
  source_username: string;
  source_name: string;
  group: { id: number; name: string; full_path: string };
  reassign_to_user: UserChoice | null;
  reassigned_by_user: UserChoice | null;
}

export const fetchReview = (id: number, signal?: AbortSignal) =>
  apiGet<ReassignmentReview>(`/-/import/source_users/${id}`, signal);

export async function answerReview(id: number, answer: 'accept' | 'decline'): Promise<ReassignmentReview> {
  return (await request<ReassignmentReview>(`/-/import/source_users/${id}/${answer}`, { method: 'POST' })).data;
}
