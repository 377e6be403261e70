import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import type { MergeRequest } from '../../lib/types';

export const mergeRequestKeys = {
  all: ['merge-requests'] as const,
  lists: () => ['merge-requests', 'list'] as const,
  detail: (projectPath: string, iid: number) => ['merge-requests', 'detail', projectPath, iid] as const,
  notes: (projectPath: string, iid: number) => ['merge-requests', 'notes', projectPath, iid] as const,
};

export function useMergeRequest(projectPath: string, iid: number) {
  return useQuery({
    queryKey: mergeRequestKeys.detail(projectPath, iid),
    queryFn: ({ signal }) =>
      apiGet<MergeRequest>(
        apiPath(`/projects/${encodeId(projectPath)}/merge_requests/${iid}`, { with_labels_details: true }),
        signal,
      ),
  });
}
