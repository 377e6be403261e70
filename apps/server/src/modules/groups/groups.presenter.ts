import type { AppContext } from '../../context';
import { visibilityNames } from '../../policy/access-levels';
import type { GroupRow } from '../namespaces';
import { webUrl } from '../namespaces';

/** GitLab REST v4 group JSON. */
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
    project_creation_level: 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'maintainer',
    emails_disabled: false,
    emails_enabled: true,
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
