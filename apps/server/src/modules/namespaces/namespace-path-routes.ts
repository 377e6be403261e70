/** Groups nest 20 deep (namespaces.traversal_ids holds at most 21 ids): a group path has 1 to 20 segments. */
export const MAX_GROUP_DEPTH = 20;

type PathParams = Readonly<Record<string, string | undefined>>;

/** One route of a namespace path's depth, beside the pages (outside /api/v4): `:s0/:s1/…`. */
export interface NamespacePathRoute {
  /** The route's URL with `rest` after the path's `/-/`: `/groups/:s0/:s1/-/epics/:iid`, `/:s0/:s1/-/…`. */
  url(rest: string): string;
  /** The full path of the group or project the route matched: `top/sub`. */
  fullPath(params: PathParams): string;
}

/**
 * One route per depth a group's path (1 to 20 segments) or a project's (2 to 21: its namespace, then
 * its own) may have, since a route parameter never spans a `/`.
 */
export function namespacePathRoutes(kind: 'group' | 'project'): NamespacePathRoute[] {
  const [min, max] = kind === 'group' ? [1, MAX_GROUP_DEPTH] : [2, MAX_GROUP_DEPTH + 1];
  return Array.from({ length: max - min + 1 }, (_, k) => {
    const depth = min + k;
    const segments = Array.from({ length: depth }, (_, i) => `:s${i}`).join('/');
    return {
      url: (rest) => (kind === 'group' ? `/groups/${segments}/-/${rest}` : `/${segments}/-/${rest}`),
      fullPath: (params) => Array.from({ length: depth }, (_, i) => params[`s${i}`] ?? '').join('/'),
    };
  });
}
