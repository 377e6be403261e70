import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import type { Issue } from '../../lib/types';

export const issueKeys = {
  all: ['issues'] as const,
  lists: () => ['issues', 'list'] as const,
  detail: (projectPath: string, iid: number) => ['issues', 'detail', projectPath, iid] as const,
  notes: (projectPath: string, iid: number) => ['issues', 'detail', projectPath, iid, 'notes'] as const,
};

export function useIssue(projectPath: string, iid: number) {
  return useQuery({
    queryKey: issueKeys.detail(projectPath, iid),
    queryFn: ({ signal }) =>
      apiGet<Issue>(apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}`, { with_labels_details: true }), signal),
  });
}
