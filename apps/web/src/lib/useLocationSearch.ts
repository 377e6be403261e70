import { useRouterState } from '@tanstack/react-router';

/**
 * The current pathname and query parameters as plain strings (the URL is the source of truth).
 * The pathname is GitLab's, as the address bar shows it, not the router's internal one (routes/rewrite.ts).
 */
export function useLocationInfo(): { pathname: string; params: URLSearchParams } {
  const location = useRouterState({ select: (state) => state.location });
  const pathname = new URL(location.publicHref, 'http://localhost').pathname;
  return { pathname, params: new URLSearchParams(location.searchStr) };
}

/** Copies the current query with some keys changed (null removes the key). */
export function withParams(pathname: string, params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
