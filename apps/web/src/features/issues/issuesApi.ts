import { apiPath, encodeId, request } from '../../lib/api';
import type { HealthStatus, Issue } from '../../lib/types';

/** The fields of GitLab's `PUT /projects/:id/issues/:issue_iid` the page edits (header and sidebar). */
export interface IssueChanges {
  title?: string;
  description?: string;
  state_event?: 'close' | 'reopen';
  lock_version?: number;
  /** Label titles: the whole set. */
  labels?: string[];
  assignee_ids?: number[];
  milestone_id?: number | null;
  iteration_id?: number | null;
  epic_id?: number | null;
  weight?: number | null;
  due_date?: string | null;
  start_date?: string | null;
  health_status?: HealthStatus | null;
  confidential?: boolean;
  issue_type?: IssueType;
}

/** The types the issue forms offer (IE §2.2); a task is edited as a work item, not here. */
export type IssueType = 'issue' | 'incident';

export async function updateIssue(projectPath: string, iid: number, changes: IssueChanges): Promise<Issue> {
  const { data } = await request<Issue>(
    apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}`, { with_labels_details: true }),
    // GitLab takes the label set as one comma-separated string.
    { method: 'PUT', body: changes.labels ? { ...changes, labels: changes.labels.join(',') } : changes },
  );
  return data;
}

/** The new issue form's fields, in GitLab's REST names (`POST /projects/:id/issues`). */
export interface NewIssue {
  title: string;
  description: string;
  issue_type: IssueType;
  confidential: boolean;
  assignee_ids?: number[];
  /** Label titles, comma-separated as GitLab takes them. */
  labels?: string;
  milestone_id?: number;
  iteration_id?: number;
  epic_id?: number;
  weight?: number;
  due_date?: string;
}

export async function createIssue(projectPath: string, issue: NewIssue): Promise<Issue> {
  const { data } = await request<Issue>(apiPath(`/projects/${encodeId(projectPath)}/issues`), {
    method: 'POST',
    body: issue,
  });
  return data;
}

/** "New related issue": the new issue relates to the one it was opened from (IE §2.1). */
export async function relateIssues(projectPath: string, iid: number, targetIid: number): Promise<void> {
  await request<unknown>(apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}/links`), {
    method: 'POST',
    body: { target_project_id: projectPath, target_issue_iid: targetIid, link_type: 'relates_to' },
  });
}
