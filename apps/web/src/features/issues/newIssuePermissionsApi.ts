import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

// Loaded on demand by the new issue page, as the issue permissions are on the issue page.
export const NEW_ISSUE_PERMISSIONS = graphql(`
  query newIssuePermissions($fullPath: ID!) {
    project(fullPath: $fullPath) {
      id
      userPermissions {
        createIncident
        adminIssue
      }
    }
  }
`);

export interface NewIssuePermissions {
  /** IE §2.2: Incident is offered to who may create incidents (Reporter and up). */
  createIncident: boolean;
  /** Planner and above set assignees, labels, milestone … of a new issue (the policy's canAdminNewIssue). */
  adminIssue: boolean;
}

export async function fetchNewIssuePermissions(
  projectPath: string,
  signal?: AbortSignal,
): Promise<NewIssuePermissions> {
  const data = await graphqlRequest(NEW_ISSUE_PERMISSIONS, { fullPath: projectPath }, signal);
  const flags = data.project?.userPermissions;
  return { createIncident: flags?.createIncident === true, adminIssue: flags?.adminIssue === true };
}
