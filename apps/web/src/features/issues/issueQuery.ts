import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPath, encodeId } from '../../lib/api';
import type { Issue } from '../../lib/types';

/** One issue's cache key; what else the page reads about it (notes, links) is keyed below it. */
export const issueDetailKey = (projectPath: string, iid: number) => ['issues', 'detail', projectPath, iid] as const;

/**
 * An issue as its page reads it. Small and free of the page's code, so that the router can request
 * it while the page's chunks are still loading (routes/namespaceRoutes.tsx).
 */
export const issueQuery = (projectPath: string, iid: number) =>
  queryOptions({
    queryKey: issueDetailKey(projectPath, iid),
    queryFn: ({ signal }) =>
      apiGet<Issue>(apiPath(`/projects/${encodeId(projectPath)}/issues/${iid}`, { with_labels_details: true }), signal),
  });
