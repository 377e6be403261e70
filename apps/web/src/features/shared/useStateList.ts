import { apiPath } from '../../lib/api';
import { type QueryScope, useApiList, useStateCounts } from '../../lib/queries';
import { useLocationInfo, withParams } from '../../lib/useLocationSearch';
import type { TabItem } from '../../ui/Tabs';

export interface StateTab {
  id: string;
  label: string;
  /** The `state` value sent to the API; `undefined` sends the id; use `''` to send none (e.g. "all" milestones). */
  param?: string;
}

/**
 * A GitLab list with state tabs (`?state=`), counts per state from X-Total, and `?page=`.
 * The first tab is the default state.
 */
export function useStateList<T>(
  scope: QueryScope,
  path: string,
  tabs: StateTab[],
  query: Record<string, string | number | boolean | undefined> = {},
  perPage = 20,
) {
  const { pathname, params } = useLocationInfo();
  const defaultState = tabs[0]?.id ?? 'opened';
  const requested = params.get('state') ?? defaultState;
  const state = tabs.some((tab) => tab.id === requested) ? requested : defaultState;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const stateParams = Object.fromEntries(tabs.map((tab) => [tab.id, tab.param]));
  const stateParam = stateParams[state] ?? state;
  const list = useApiList<T>(scope, apiPath(path, { ...query, state: stateParam, page, per_page: perPage }));
  const counts = useStateCounts(
    scope,
    path,
    query,
    tabs.map((tab) => tab.id),
    stateParams,
  );

  const tabItems: TabItem[] = tabs.map((tab) => ({
    id: tab.id,
    label: tab.label,
    href: withParams(pathname, params, { state: tab.id === defaultState ? null : tab.id, page: null }),
    count: counts.data ? (counts.data[tab.id] ?? null) : undefined,
  }));

  return {
    state,
    list,
    tabItems,
    hrefForPage: (next: number) => withParams(pathname, params, { page: next === 1 ? null : String(next) }),
  };
}
