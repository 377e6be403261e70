import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

// Loaded on demand by the new issue page, as the issue permissions are on the issue page.
export const CAN_CREATE_INCIDENT = graphql(`
  query canCreateIncident($fullPath: ID!) {
    project(fullPath: $fullPath) { id userPermissions { createIncident } }
  }
`);

/** Whether the signed-in user may create incidents in the project (IE §2.2: Reporter and up). */
export async function fetchCanCreateIncident(projectPath: string, signal?: AbortSignal): Promise<boolean> {
  const data = await graphqlRequest(CAN_CREATE_INCIDENT, { fullPath: projectPath }, signal);
  return data.project?.userPermissions?.createIncident === true;
}
