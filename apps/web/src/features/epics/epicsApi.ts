import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { apiPath, encodeId, request } from '../../lib/api';
import type { Epic } from '../../lib/types';

export const CAN_CREATE_EPIC = graphql(`
  query canCreateEpic($fullPath: ID!) {
    group(fullPath: $fullPath) { id userPermissions { createEpic } }
  }
`);

/** Whether the signed-in user may create epics in the group (false when the group is hidden or missing). */
export async function fetchCanCreateEpic(groupPath: string, signal?: AbortSignal): Promise<boolean> {
  const data = await graphqlRequest(CAN_CREATE_EPIC, { fullPath: groupPath }, signal);
  return !!data.group?.userPermissions?.createEpic;
}

/** The new epic form's fields, in GitLab's REST names (`POST /groups/:id/epics`). */
export interface NewEpic {
  title: string;
  description: string;
  confidential: boolean;
  labels?: string;
  start_date_is_fixed: boolean;
  start_date_fixed: string | null;
  due_date_is_fixed: boolean;
  due_date_fixed: string | null;
}

export async function createEpic(groupPath: string, epic: NewEpic): Promise<Epic> {
  const { data } = await request<Epic>(apiPath(`/groups/${encodeId(groupPath)}/epics`), {
    method: 'POST',
    body: epic,
  });
  return data;
}

/** `PUT /groups/:id/epics/:iid` with the description and the lock_version it was read at (409 when stale). */
export async function updateEpicDescription(
  groupPath: string,
  iid: number,
  description: string,
  lockVersion: number | undefined,
): Promise<Epic> {
  const { data } = await request<Epic>(
    apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}`, { with_labels_details: true }),
    { method: 'PUT', body: { description, lock_version: lockVersion } },
  );
  return data;
}
