import type { AppContext } from '../../context';
import { visibilityNames } from '../../policy/access-levels';
import type { GroupRow } from '../namespaces';
import { webUrl } from '../namespaces';

/**
 * GitLab REST v4 group JSON. The settings of GitLab features Meridian does not have answer the value
 * Meridian works by, the only one `PUT /groups/:id` accepts for them (`group-settings-params.ts`).
 */
export function presentGroup(ctx: Pick<AppContext, 'config'>, row: GroupRow) {
  return {
    id: row.id,
    web_url: webUrl(ctx, row.full_path),
    name: row.name,
    path: row.path,
    description: row.description,
    visibility: visibilityNames[row.visibility_level] ?? 'private',
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: row.project_creation_level,
    auto_devops_enabled: null,
    subgroup_creation_level: row.subgroup_creation_level,
    // In force: off when the group or one of its ancestors turned notification emails off.
    emails_disabled: !row.emails_enabled_in_force,
    emails_enabled: row.emails_enabled_in_force,
    mentions_disabled: null,
    lfs_enabled: false,
    default_branch: null,
    request_access_enabled: false,
    avatar_url: row.avatar_url,
    full_name: row.full_name,
    full_path: row.full_path,
    created_at: new Date(row.created_at).toISOString(),
    parent_id: row.parent_id,
    organization_id: 1,
  };
}
