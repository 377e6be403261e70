import { approvalParams, type ParamNames, SHARED_PARAMS } from './shared-params';
import type { ListKind, TokenKey } from './types';

export interface UrlParamSpec {
  /** The web-list parameter per operator, e.g. `label_name[]`, `not[label_name][]`, `or[label_name][]`. */
  names: ParamNames;
  /** Values (None, Any, Current…) that travel under other parameters, e.g. `assignee_id=None`. */
  special?: { values: readonly string[]; names: ParamNames };
  /** Values that are neither special nor numeric travel here (iteration titles). */
  nonNumeric?: ParamNames;
}

/** GitLab's web list URL parameters for each token key (issues and merge request list pages). */
export const URL_PARAMS: Record<TokenKey, UrlParamSpec> = {
  ...SHARED_PARAMS,
  'merge-user': { names: { '=': 'merge_user' } },
  ...approvalParams('[]'),
  milestone: { names: { '=': 'milestone_title', '!=': 'not[milestone_title]' } },
  label: { names: { '=': 'label_name[]', '!=': 'not[label_name][]', '||': 'or[label_name][]' } },
  confidential: { names: { '=': 'confidential' } },
  iteration: {
    names: { '=': 'iteration_id', '!=': 'not[iteration_id]' },
    special: { values: ['Current', 'None', 'Any'], names: { '=': 'iteration_id', '!=': 'not[iteration_id]' } },
    nonNumeric: { '=': 'iteration_title', '!=': 'not[iteration_title]' },
  },
};

/** Where a list's address differs from `URL_PARAMS`: the roadmap's epic token is `epic_iid` (RF §2). */
const LIST_URL_PARAMS: Record<ListKind, Partial<Record<TokenKey, UrlParamSpec>>> = {
  epics: {},
  // RF §5: on the roadmap milestone, confidential and epic are `=` only, so `not[milestone_title]` reads as nothing.
  roadmap: { epic: { names: { '=': 'epic_iid' } }, milestone: { names: { '=': 'milestone_title' } } },
  issues: {},
  merge_requests: {},
};

/** The URL parameters of a token key on a list's address. */
export function urlParamSpec(list: ListKind, type: TokenKey): UrlParamSpec {
  return LIST_URL_PARAMS[list][type] ?? URL_PARAMS[type];
}
