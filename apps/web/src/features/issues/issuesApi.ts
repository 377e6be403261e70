import { apiPath, encodeId, request } from '../../lib/api';
import type { Issue } from '../../lib/types';

/** The fields of GitLab's `PUT /projects/:id/issues/:issue_iid` the page edits. */
export interface IssueChanges {
  title?: string;
  description?: string;
  state_event?: 'close' | 'reopen';
  lock_version?: number;
}

export async function updateIssue(projectPath: string, iid: number, changes: IssueChanges): Promise<Issue> {
  const { data } = await request<Issue>(
    apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}`, { with_labels_details: true }),
    { method: 'PUT', body: changes },
  );
  return data;
}

/** Markdown rendered by the server's renderer (the same as stored descriptions): the editor's preview. */
export async function renderMarkdown(text: string, projectPath: string, signal?: AbortSignal): Promise<string> {
  const { data } = await request<{ html: string }>('/api/v4/markdown', {
    method: 'POST',
    body: { text, gfm: true, project: projectPath },
    signal,
  });
  return data.html;
}
