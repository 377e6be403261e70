import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

// Loaded on demand (see useIssuePermissions): the GraphQL client stays out of the issue page's first load.
export const ISSUE_PERMISSIONS = graphql(`
  query issuePermissions($fullPath: ID!, $iid: String!) {
    project(fullPath: $fullPath) {
      id
      issue(iid: $iid) {
        id
        userPermissions {
          updateIssue
          reopenIssue
          createIssue
          createIncident
          adminIncidentManagementTimelineEvent
          destroyIssue
          adminIssue
          adminIssueRelation
          promoteToEpic
          reportSpam
          createNote
          markNoteAsInternal
          adminNote
        }
      }
    }
  }
`);

const FLAGS = [
  'updateIssue',
  'reopenIssue',
  'createIssue',
  'createIncident',
  'adminIncidentManagementTimelineEvent',
  'destroyIssue',
  'adminIssue',
  'adminIssueRelation',
  'promoteToEpic',
  'reportSpam',
  'createNote',
  'markNoteAsInternal',
  'adminNote',
] as const;

export type IssuePermissionFlags = Record<(typeof FLAGS)[number], boolean>;

/** What the signed-in user may do on the issue (all false when it is hidden). */
export async function fetchIssuePermissions(
  projectPath: string,
  iid: number,
  signal?: AbortSignal,
): Promise<IssuePermissionFlags> {
  const data = await graphqlRequest(ISSUE_PERMISSIONS, { fullPath: projectPath, iid: String(iid) }, signal);
  const flags = data.project?.issue?.userPermissions;
  return Object.fromEntries(FLAGS.map((flag) => [flag, flags?.[flag] === true])) as IssuePermissionFlags;
}
