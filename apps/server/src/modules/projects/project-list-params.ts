import { z } from 'zod';
import { pageParams } from '../../rest/pagination';
import { gitlabBoolean } from '../../rest/params';
import { sortParam, visibilityParam } from '../namespaces';

/** Query parameters of GET /projects and GET /groups/:id/projects. */
export const projectListParams = pageParams.extend({
  search: z.string().max(255).optional(),
  owned: gitlabBoolean.optional(),
  membership: gitlabBoolean.optional(),
  visibility: visibilityParam.optional(),
  archived: gitlabBoolean.optional(),
  min_access_level: z.coerce
    .number()
    .int()
    .refine((v) => [10, 15, 20, 30, 40, 50].includes(v), 'must be 10, 15, 20, 30, 40 or 50')
    .optional(),
  include_subgroups: gitlabBoolean.optional(),
  /** Only projects whose issues feature is on (where an issue can be opened). */
  with_issues_enabled: gitlabBoolean.optional(),
  /** Only projects whose merge requests feature is on (where a merge request can be opened). */
  with_merge_requests_enabled: gitlabBoolean.optional(),
  /** `search` also matches the namespace's full path (`gitlab-org/` finds its projects). */
  search_namespaces: gitlabBoolean.optional(),
  /**
   * GitLab's "also list projects shared with the group". Meridian has no group sharing, so a group's
   * projects are only its own (and its subgroups'): accepted for compatibility, both values alike.
   */
  with_shared: gitlabBoolean.optional(),
  order_by: z.enum(['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at']).default('created_at'),
  sort: sortParam.default('desc'),
});
export type ProjectListParams = z.infer<typeof projectListParams>;
