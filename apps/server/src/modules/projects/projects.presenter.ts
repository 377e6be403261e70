import type { AppContext } from '../../context';
import { visibilityNames } from '../../policy/access-levels';
import type { ProjectRow } from '../namespaces';
import { externalBaseUrl, webUrl } from '../namespaces';

const iso = (d: Date | string) => new Date(d).toISOString();

/** GitLab REST v4 project JSON. */
export function presentProject(ctx: Pick<AppContext, 'config'>, row: ProjectRow) {
  const web = webUrl(ctx, row.full_path);
  const api = `${externalBaseUrl(ctx)}/api/v4/projects/${row.id}`;
  return {
    id: row.id,
    description: row.description,
    name: row.name,
    name_with_namespace: row.full_name,
    path: row.path,
    path_with_namespace: row.full_path,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    default_branch: row.default_branch,
    tag_list: [] as string[],
    topics: [] as string[],
    ssh_url_to_repo: null,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: null,
    avatar_url: null,
    forks_count: 0,
    star_count: 0,
    last_activity_at: iso(row.last_activity_at),
    namespace: {
      id: row.namespace_id,
      name: row.namespace_name,
      path: row.namespace_path,
      kind: row.namespace_type === 'User' ? 'user' : 'group',
      full_path: row.namespace_full_path,
      parent_id: row.namespace_parent_id,
      avatar_url: row.namespace_avatar_url,
      web_url: webUrl(ctx, row.namespace_full_path),
    },
    visibility: visibilityNames[row.visibility_level] ?? 'private',
    archived: row.archived,
    issues_enabled: row.issues_enabled,
    merge_requests_enabled: row.merge_requests_enabled,
    wiki_enabled: false,
    jobs_enabled: false,
    snippets_enabled: false,
    creator_id: row.creator_id,
    empty_repo: true,
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      labels: `${api}/labels`,
      members: `${api}/members`,
    },
  };
}
