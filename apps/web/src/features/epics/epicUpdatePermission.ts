import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

export const EPIC_UPDATE_PERMISSION = graphql(`
  query epicUpdatePermission($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) {
      id
      epic(iid: $iid) { id userPermissions { updateEpic } }
    }
  }
`);

/** Whether the signed-in user may update the epic (its description's task list); false when it is hidden. */
export async function fetchCanUpdateEpic(groupPath: string, iid: number, signal?: AbortSignal): Promise<boolean> {
  const data = await graphqlRequest(EPIC_UPDATE_PERMISSION, { fullPath: groupPath, iid: String(iid) }, signal);
  return data.group?.epic?.userPermissions?.updateEpic === true;
}
