import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { ApiError, apiPath, encodeId, request } from '../../lib/api';
import type { Issue } from '../../lib/types';

/*
 * The header menu's calls (IE-43 promoteToEpic, IE-46 lock, subscribe, IE-21 delete). Loaded with
 * the menu, so the GraphQL client stays out of the issue page's first load.
 */

export const PROMOTE_TO_EPIC = graphql(`
  mutation promoteIssueToEpic($projectPath: ID!, $iid: String!) {
    promoteToEpic(input: { projectPath: $projectPath, iid: $iid }) { epic { id webPath } errors }
  }
`);

export const SET_ISSUE_LOCKED = graphql(`
  mutation issueSetLocked($projectPath: ID!, $iid: String!, $locked: Boolean!) {
    issueSetLocked(input: { projectPath: $projectPath, iid: $iid, locked: $locked }) {
      issue { id discussionLocked }
      errors
    }
  }
`);

/** The epic's path; throws with the payload's errors when GitLab's answer carries any. */
export async function promoteToEpic(projectPath: string, iid: number): Promise<string> {
  const data = await graphqlRequest(PROMOTE_TO_EPIC, { projectPath, iid: String(iid) });
  const payload = data.promoteToEpic;
  const errors = payload?.errors ?? [];
  if (!payload?.epic?.webPath || errors.length > 0) throw new Error(errors.join('; ') || 'No epic');
  return payload.epic.webPath;
}

export async function setIssueLocked(projectPath: string, iid: number, locked: boolean): Promise<void> {
  const data = await graphqlRequest(SET_ISSUE_LOCKED, { projectPath, iid: String(iid), locked });
  const errors = data.issueSetLocked?.errors ?? ['No answer'];
  if (errors.length > 0) throw new Error(errors.join('; '));
}

/** POST …/subscribe or …/unsubscribe; GitLab answers 304 when nothing changes, which is fine here. */
export async function setIssueSubscribed(projectPath: string, iid: number, subscribed: boolean): Promise<void> {
  const action = subscribed ? 'subscribe' : 'unsubscribe';
  try {
    await request<Issue>(`/api/v4/projects/${encodeId(projectPath)}/issues/${iid}/${action}`, { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 304)) throw error;
  }
}

export async function deleteIssue(projectPath: string, iid: number): Promise<void> {
  await request<unknown>(apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}`), { method: 'DELETE' });
}
