import { parseResourcePath } from '../lib/paths';

/**
 * GitLab's URLs put a namespace path of any depth before `/-/` (`/acme/sub/web/-/issues/3`), which a
 * route pattern cannot match in the middle of a path. The router therefore sees each such URL as an
 * internal one whose namespace path is ONE segment, with `~` between its parts (GitLab paths never
 * contain `~`), and turns it back into GitLab's URL for the address bar and every link:
 *
 *   /acme/web                  ⇄ /~n/acme~web            namespace overview (group or project)
 *   /groups/acme/sub           ⇄ /~g/acme~sub            group overview
 *   /groups/acme/-/epics/3     ⇄ /~g/acme/epics/3        a group page
 *   /acme/web/-/issues/3       ⇄ /~p/acme~web/issues/3   a project page
 *
 * `parseResourcePath` stays the one rule for where the namespace ends; paths it does not know are
 * left alone, so the router answers them with its not-found page.
 */

/** First segments that belong to the app's own routes, never to a namespace. */
const RESERVED = new Set(['', 'users', 'dashboard', 'admin', 'api', 'import', '-', '~n', '~g', '~p']);

const toParam = (fullPath: string) => fullPath.split('/').join('~');
/** A route param back to the namespace path it stands for. */
export const namespaceFromParam = (param: string) => param.split('~').join('/');
export const namespaceToParam = toParam;

/** The internal pathname for a public one; null when it is not a namespace URL. */
export function internalPathname(pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  if (RESERVED.has(first) || pathname === '/groups/new') return null;
  const parsed = parseResourcePath(pathname);
  switch (parsed.kind) {
    case 'namespace':
      return `/~n/${toParam(parsed.fullPath)}`;
    case 'group': {
      const base = `/~g/${toParam(parsed.fullPath)}`;
      if (parsed.page === 'overview') return base;
      if (parsed.page === 'epic') return `${base}/epics/${parsed.iid}`;
      if (parsed.page === 'new_epic') return `${base}/epics/new`;
      if (parsed.page === 'new_work_item') return `${base}/work_items/new`;
      if (parsed.page === 'settings') return `${base}/settings/general`;
      if (parsed.page === 'gitlab_duo') return `${base}/settings/gitlab_duo`;
      return `${base}/${parsed.page}`;
    }
    case 'project': {
      const base = `/~p/${toParam(parsed.fullPath)}`;
      if (parsed.page === 'issue') return `${base}/issues/${parsed.iid}`;
      if (parsed.page === 'new_issue') return `${base}/issues/new`;
      if (parsed.page === 'work_item') return `${base}/work_items/${parsed.iid}`;
      if (parsed.page === 'new_work_item') return `${base}/work_items/new`;
      if (parsed.page === 'settings') return `${base}/settings/general`;
      if (parsed.page === 'merge_request') return `${base}/merge_requests/${parsed.iid}`;
      if (parsed.page === 'new_merge_request') return `${base}/merge_requests/new`;
      if (parsed.page === 'vulnerability_report') return `${base}/security/vulnerability_report`;
      if (parsed.page === 'vulnerability') return `${base}/security/vulnerabilities/${parsed.iid}`;
      if (parsed.page === 'import_jira') return `${base}/import/jira`;
      if (parsed.page === 'overview') return `/~n/${toParam(parsed.fullPath)}`;
      return `${base}/${parsed.page}`;
    }
    default:
      return null;
  }
}

const INTERNAL = /^\/~([ngp])\/([^/]+)(.*)$/;

/** GitLab's pathname for an internal one; null when it is not internal. */
export function publicPathname(pathname: string): string | null {
  const match = INTERNAL.exec(pathname);
  if (!match) return null;
  const [, kind, param, rest = ''] = match;
  const fullPath = namespaceFromParam(param as string);
  if (kind === 'n') return `/${fullPath}`;
  const page = rest.replace(/^\/+/, '');
  if (kind === 'g') return page ? `/groups/${fullPath}/-/${page}` : `/groups/${fullPath}`;
  return page ? `/${fullPath}/-/${page}` : `/${fullPath}`;
}

/** A URL with its pathname mapped, or undefined (no rewrite) when `map` does not apply. */
function mapPathname(url: URL, map: (pathname: string) => string | null): URL | undefined {
  const pathname = map(url.pathname);
  if (pathname === null) return undefined;
  const next = new URL(url.href);
  next.pathname = pathname;
  return next;
}

/** The router's `rewrite` option: public URLs in, public URLs out; query and hash untouched. */
export const gitlabUrlRewrite = {
  input: ({ url }: { url: URL }) => mapPathname(url, internalPathname),
  output: ({ url }: { url: URL }) => mapPathname(url, publicPathname),
};
