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
  weight?: number | null;
  due_date?: string | null;
  health_status?: HealthStatus | null;
  confidential?: boolean;
}

export async function updateIssue(projectPath: string, iid: number, changes: IssueChanges): Promise<Issue> {
  const { data } = await request<Issue>(
    apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}`, { with_labels_details: true }),
    // GitLab takes the label set as one comma-separated string.
    { method: 'PUT', body: changes.labels ? { ...changes, labels: changes.labels.join(',') } : changes },
  );
  return data;
}
