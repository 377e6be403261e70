import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { apiPath, encodeId, request } from '../../lib/api';
import type { MergeRequest } from '../../lib/types';
import type { NewMergeRequestBody } from './newMergeRequest';

export const NEW_MERGE_REQUEST_PERMISSION = graphql(`
  query newMergeRequestPermission($fullPath: ID!) {
    project(fullPath: $fullPath) {
      id
      userPermissions {
        createMergeRequestIn
      }
    }
  }
`);

/** May the signed-in user open merge requests in the project (Developer and up, merge requests on)? */
export async function fetchCanCreateMergeRequest(projectPath: string, signal?: AbortSignal): Promise<boolean> {
  const data = await graphqlRequest(NEW_MERGE_REQUEST_PERMISSION, { fullPath: projectPath }, signal);
  return data.project?.userPermissions?.createMergeRequestIn === true;
}

/** GitLab's `POST /projects/:id/merge_requests`. */
export async function createMergeRequest(projectPath: string, body: NewMergeRequestBody): Promise<MergeRequest> {
  const { data } = await request<MergeRequest>(apiPath(`/projects/${encodeId(projectPath)}/merge_requests`), {
    method: 'POST',
    body,
  });
  return data;
}
