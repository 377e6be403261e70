/**
 * GitLab-style path parsing. A namespace path may nest (`acme/platform/api`); the `/-/` separator
 * ends it and starts the page part, exactly like GitLab's routing.
 *
 *   /acme/web/-/issues/3        → project acme/web, issue 3
 *   /groups/acme/sub/-/epics    → group acme/sub, epics list
 *   /groups/acme/-/epics/new    → group acme, new epic form
 *   /acme/web/-/issues/new      → project acme/web, new issue form
 *   /acme/web/-/merge_requests/new → project acme/web, new merge request form
 *   /acme/web/-/work_items/4    → project acme/web, work item 4 (a task, objective…)
 *   /acme/web/-/work_items/new  → project acme/web, new work item (groups: /groups/acme/-/work_items/new)
 *   /acme/web/-/settings/general → project acme/web, settings (groups: /groups/acme/-/settings/general)
 *   /groups/acme                → group acme overview
 *   /acme/web                   → namespace acme/web (group or project: ask the server)
 */

export type GroupPage =
  | 'overview'
  | 'epics'
  | 'epic'
  | 'new_epic'
  | 'new_work_item'
  | 'roadmap'
  | 'issues'
  | 'merge_requests'
  | 'labels'
  | 'milestones'
  | 'settings'
  | 'hooks'
  | 'usage_quotas'
  | 'gitlab_duo'
  | 'billings'
  | 'group_members';
export type ProjectPage =
  | 'overview'
  | 'issues'
  | 'issue'
  | 'new_issue'
  | 'work_item'
  | 'new_work_item'
  | 'merge_requests'
  | 'merge_request'
  | 'new_merge_request'
  | 'labels'
  | 'milestones'
  | 'settings'
  | 'hooks'
  | 'environments'
  | 'vulnerability_report'
  | 'vulnerability'
  | 'escalation_policies'
  | 'import_jira';

export type ParsedPath =
  | { kind: 'namespace'; fullPath: string }
  | { kind: 'group'; fullPath: string; page: GroupPage; iid?: number }
  | { kind: 'project'; fullPath: string; page: ProjectPage; iid?: number }
  | { kind: 'unknown' };

const GROUP_LISTS = new Set(['epics', 'roadmap', 'issues', 'merge_requests', 'labels', 'milestones']);
const PROJECT_LISTS = new Set(['issues', 'merge_requests', 'labels', 'milestones', 'environments']);
const SEGMENT = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/;

function segmentsOf(path: string): string[] | null {
  const parts = path.split('/').filter((part) => part !== '');
  const decoded: string[] = [];
  for (const part of parts) {
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (!SEGMENT.test(value)) return null;
    decoded.push(value);
  }
  return decoded;
}

function parseIid(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return null;
  const iid = Number.parseInt(value, 10);
  return iid > 0 ? iid : null;
}

/** Parses a browser pathname into the resource it shows. */
export function parseResourcePath(pathname: string): ParsedPath {
  const clean = pathname.replace(/\/+$/, '');
  const separator = clean.indexOf('/-/');
  const head = separator === -1 ? clean : clean.slice(0, separator);
  const tail =
    separator === -1
      ? []
      : clean
          .slice(separator + 3)
          .split('/')
          .filter(Boolean);
  const isGroupRoute = head === '/groups' || head.startsWith('/groups/');
  const segments = segmentsOf(isGroupRoute ? head.slice('/groups'.length) : head);
  if (!segments || segments.length === 0) return { kind: 'unknown' };
  const fullPath = segments.join('/');

  if (separator === -1) {
    return isGroupRoute ? { kind: 'group', fullPath, page: 'overview' } : { kind: 'namespace', fullPath };
  }
  const [list, rawIid, ...rest] = tail;
  if (list === 'security') {
    // GitLab's `/-/security/vulnerability_report` and `/-/security/vulnerabilities/:id` (projects).
    if (isGroupRoute || segments.length < 2) return { kind: 'unknown' };
    if (rawIid === 'vulnerability_report' && rest.length === 0)
      return { kind: 'project', fullPath, page: 'vulnerability_report' };
    const id = rawIid === 'vulnerabilities' && rest.length === 1 ? parseIid(rest[0]) : null;
    return id ? { kind: 'project', fullPath, page: 'vulnerability', iid: id } : { kind: 'unknown' };
  }
  if (list === undefined || rest.length > 0) return { kind: 'unknown' };
  if (list === 'settings') {
    // GitLab's settings live under a section: `general`, and a group's `gitlab_duo` (its AI settings).
    if (isGroupRoute && rawIid === 'gitlab_duo') return { kind: 'group', fullPath, page: 'gitlab_duo' };
    if (rawIid !== 'general') return { kind: 'unknown' };
    if (isGroupRoute) return { kind: 'group', fullPath, page: 'settings' };
    return segments.length >= 2 ? { kind: 'project', fullPath, page: 'settings' } : { kind: 'unknown' };
  }
  if (list === 'hooks') {
    if (rawIid !== undefined) return { kind: 'unknown' };
    if (isGroupRoute) return { kind: 'group', fullPath, page: 'hooks' };
    return segments.length >= 2 ? { kind: 'project', fullPath, page: 'hooks' } : { kind: 'unknown' };
  }
  if (list === 'import') {
    // GitLab's Jira importer: `/-/import/jira` (projects).
    return !isGroupRoute && segments.length >= 2 && rawIid === 'jira'
      ? { kind: 'project', fullPath, page: 'import_jira' }
      : { kind: 'unknown' };
  }
  if (list === 'escalation_policies') {
    return !isGroupRoute && segments.length >= 2 && rawIid === undefined
      ? { kind: 'project', fullPath, page: 'escalation_policies' }
      : { kind: 'unknown' };
  }
  if (list === 'billings') {
    return isGroupRoute && segments.length === 1 && rawIid === undefined
      ? { kind: 'group', fullPath, page: 'billings' }
      : { kind: 'unknown' };
  }
  if (list === 'group_members') {
    return isGroupRoute && rawIid === undefined
      ? { kind: 'group', fullPath, page: 'group_members' }
      : { kind: 'unknown' };
  }
  if (list === 'usage_quotas') {
    // Seats are counted on top-level groups only (GitLab's usage quotas page of a group).
    return isGroupRoute && segments.length === 1 && rawIid === undefined
      ? { kind: 'group', fullPath, page: 'usage_quotas' }
      : { kind: 'unknown' };
  }
  if (isGroupRoute && list === 'epics' && rawIid === 'new') return { kind: 'group', fullPath, page: 'new_epic' };
  if (list === 'work_items' && rawIid === 'new') {
    if (isGroupRoute) return { kind: 'group', fullPath, page: 'new_work_item' };
    return segments.length >= 2 ? { kind: 'project', fullPath, page: 'new_work_item' } : { kind: 'unknown' };
  }
  if (!isGroupRoute && segments.length >= 2 && list === 'work_items') {
    const workItemIid = parseIid(rawIid);
    return workItemIid ? { kind: 'project', fullPath, page: 'work_item', iid: workItemIid } : { kind: 'unknown' };
  }
  if (!isGroupRoute && segments.length >= 2 && list === 'issues' && rawIid === 'new') {
    return { kind: 'project', fullPath, page: 'new_issue' };
  }
  if (!isGroupRoute && segments.length >= 2 && list === 'merge_requests' && rawIid === 'new') {
    return { kind: 'project', fullPath, page: 'new_merge_request' };
  }
  const iid = parseIid(rawIid);
  if (iid === null) return { kind: 'unknown' };

  if (isGroupRoute) {
    if (!GROUP_LISTS.has(list)) return { kind: 'unknown' };
    if (iid !== undefined)
      return list === 'epics' ? { kind: 'group', fullPath, page: 'epic', iid } : { kind: 'unknown' };
    return { kind: 'group', fullPath, page: list as GroupPage };
  }
  if (segments.length < 2 || !PROJECT_LISTS.has(list)) return { kind: 'unknown' };
  if (iid !== undefined) {
    if (list === 'issues') return { kind: 'project', fullPath, page: 'issue', iid };
    if (list === 'merge_requests') return { kind: 'project', fullPath, page: 'merge_request', iid };
    return { kind: 'unknown' };
  }
  return { kind: 'project', fullPath, page: list as ProjectPage };
}

function encodePath(fullPath: string): string {
  return fullPath.split('/').map(encodeURIComponent).join('/');
}

export const urls = {
  group: (fullPath: string) => `/${encodePath(fullPath)}`,
  groupPage: (
    fullPath: string,
    page: Exclude<
      GroupPage,
      | 'overview'
      | 'epic'
      | 'new_epic'
      | 'new_work_item'
      | 'settings'
      | 'usage_quotas'
      | 'gitlab_duo'
      | 'billings'
      | 'group_members'
    >,
  ) => `/groups/${encodePath(fullPath)}/-/${page}`,
  epic: (groupPath: string, iid: number) => `/groups/${encodePath(groupPath)}/-/epics/${iid}`,
  newEpic: (groupPath: string) => `/groups/${encodePath(groupPath)}/-/epics/new`,
  project: (fullPath: string) => `/${encodePath(fullPath)}`,
  projectPage: (
    fullPath: string,
    page: Exclude<
      ProjectPage,
      | 'overview'
      | 'issue'
      | 'new_issue'
      | 'work_item'
      | 'new_work_item'
      | 'merge_request'
      | 'settings'
      | 'vulnerability_report'
      | 'vulnerability'
      | 'import_jira'
    >,
  ) => `/${encodePath(fullPath)}/-/${page}`,
  /** A group's or project's webhooks (GitLab's `/-/hooks`). */
  hooks: (kind: 'group' | 'project', fullPath: string) =>
    `${kind === 'group' ? '/groups' : ''}/${encodePath(fullPath)}/-/hooks`,
  /** A top-level group's seats and subscription (GitLab's usage quotas page). */
  usageQuotas: (groupPath: string) => `/groups/${encodePath(groupPath)}/-/usage_quotas`,
  /** A group's GitLab Duo (AI) settings. */
  gitlabDuo: (groupPath: string) => `/groups/${encodePath(groupPath)}/-/settings/gitlab_duo`,
  /** A top-level group's plan, seats and orders (GitLab's billing page). */
  billings: (groupPath: string) => `/groups/${encodePath(groupPath)}/-/billings`,
  /** GitLab's group members page; `placeholders` opens its Placeholders tab. */
  groupMembers: (groupPath: string, tab?: 'placeholders') =>
    `/groups/${encodePath(groupPath)}/-/group_members${tab ? `?tab=${tab}` : ''}`,
  /** The page where a user accepts or rejects a placeholder reassignment (GitLab's path). */
  sourceUser: (id: number) => `/import/source_users/${id}`,
  /** GitLab's purchase page for a plan or more seats of a group. */
  newSubscription: (namespaceId: number, planId: string) =>
    `/-/subscriptions/new?namespace_id=${namespaceId}&plan_id=${encodeURIComponent(planId)}`,
  /** A group's or project's general settings (description templates live there). */
  settings: (kind: 'group' | 'project', fullPath: string) =>
    `${kind === 'group' ? '/groups' : ''}/${encodePath(fullPath)}/-/settings/general`,
  issue: (projectPath: string, iid: number) => `/${encodePath(projectPath)}/-/issues/${iid}`,
  newIssue: (projectPath: string) => `/${encodePath(projectPath)}/-/issues/new`,
  workItem: (projectPath: string, iid: number) => `/${encodePath(projectPath)}/-/work_items/${iid}`,
  newWorkItem: (kind: 'group' | 'project', fullPath: string) =>
    `${kind === 'group' ? '/groups' : ''}/${encodePath(fullPath)}/-/work_items/new`,
  newMergeRequest: (projectPath: string) => `/${encodePath(projectPath)}/-/merge_requests/new`,
  mergeRequest: (projectPath: string, iid: number) => `/${encodePath(projectPath)}/-/merge_requests/${iid}`,
  /** A project's vulnerability report (GitLab's Secure > Vulnerability report). */
  vulnerabilityReport: (projectPath: string) => `/${encodePath(projectPath)}/-/security/vulnerability_report`,
  escalationPolicies: (projectPath: string) => `/${encodePath(projectPath)}/-/escalation_policies`,
  /** The project's import from Jira (GitLab's `/-/import/jira`). */
  importJira: (projectPath: string) => `/${encodePath(projectPath)}/-/import/jira`,
  vulnerability: (projectPath: string, id: number) => `/${encodePath(projectPath)}/-/security/vulnerabilities/${id}`,
};

/** Turns a server `web_url` (absolute, possibly another host) into an in-app path, keeping its `#anchor`. */
export function appPathFromWebUrl(webUrl: string | undefined | null): string | null {
  if (!webUrl) return null;
  try {
    const url = new URL(webUrl, 'http://localhost');
    return url.pathname + url.hash;
  } catch {
    return null;
  }
}

/** The project path of an issue or merge request, from its `references.full` (`acme/web#3`) or web_url. */
export function projectPathOf(item: { references?: { full: string }; web_url?: string }): string | null {
  const full = item.references?.full;
  if (full) {
    const match = /^(.+?)[#!]\d+$/.exec(full);
    if (match?.[1]) return match[1];
  }
  const path = appPathFromWebUrl(item.web_url);
  if (path) {
    const index = path.indexOf('/-/');
    if (index > 0) return path.slice(1, index);
  }
  return null;
}

/** Parent paths of a full path: `a/b/c` → [`a`, `a/b`, `a/b/c`]. */
export function pathPrefixes(fullPath: string): string[] {
  const parts = fullPath.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}
