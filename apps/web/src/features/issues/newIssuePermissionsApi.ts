import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

// Loaded by the New issue page only: whether the planning fields are the user's to set.
export const NEW_ISSUE_PERMISSIONS = graphql(`
  query newIssuePermissions($fullPath: ID!) {
    project(fullPath: $fullPath) {
      id
      userPermissions {
        adminIssue
      }
    }
  }
`);

/** Planner and above set assignees, labels, milestone … of a new issue (the policy's canAdminNewIssue). */
export async function canPlanNewIssue(projectPath: string, signal?: AbortSignal): Promise<boolean> {
  const data = await graphqlRequest(NEW_ISSUE_PERMISSIONS, { fullPath: projectPath }, signal);
  return data.project?.userPermissions?.adminIssue === true;
}
