import type { ListKind, TokenKey, TokenOperator } from './types';

type ParamNames = Partial<Record<TokenOperator, string>>;

export interface UrlParamSpec {
  /** The web-list parameter per operator, e.g. `label_name[]`, `not[label_name][]`, `or[label_name][]`. */
  names: ParamNames;
  /** Values (None, Any, Current…) that travel under other parameters, e.g. `assignee_id=None`. */
  special?: { values: readonly string[]; names: ParamNames };
  /** Values that are neither special nor numeric travel here (iteration titles). */
  nonNumeric?: ParamNames;
}

const NONE_ANY = ['None', 'Any'] as const;

/** GitLab's web list URL parameters for each token key (issues and merge request list pages). */
export const URL_PARAMS: Record<TokenKey, UrlParamSpec> = {
  author: {
    names: { '=': 'author_username', '!=': 'not[author_username]', '||': 'or[author_username]' },
  },
  assignee: {
    names: { '=': 'assignee_username[]', '!=': 'not[assignee_username][]', '||': 'or[assignee_username][]' },
    special: { values: NONE_ANY, names: { '=': 'assignee_id', '!=': 'not[assignee_id]' } },
  },
  reviewer: {
    names: { '=': 'reviewer_username', '!=': 'not[reviewer_username]' },
    special: { values: NONE_ANY, names: { '=': 'reviewer_id', '!=': 'not[reviewer_id]' } },
  },
  'merge-user': { names: { '=': 'merge_user' } },
  'approved-by': {
    names: { '=': 'approved_by_usernames[]', '!=': 'not[approved_by_usernames][]' },
    special: { values: NONE_ANY, names: { '=': 'approved_by_ids[]', '!=': 'not[approved_by_ids][]' } },
  },
  approver: {
    names: { '=': 'approver_usernames[]', '!=': 'not[approver_usernames][]' },
    special: { values: NONE_ANY, names: { '=': 'approver_ids[]', '!=': 'not[approver_ids][]' } },
  },
  milestone: { names: { '=': 'milestone_title', '!=': 'not[milestone_title]' } },
  release: { names: { '=': 'release_tag', '!=': 'not[release_tag]' } },
  label: { names: { '=': 'label_name[]', '!=': 'not[label_name][]', '||': 'or[label_name][]' } },
  'my-reaction': { names: { '=': 'my_reaction_emoji', '!=': 'not[my_reaction_emoji]' } },
  draft: { names: { '=': 'draft' } },
  approved: { names: { '=': 'approved' } },
  confidential: { names: { '=': 'confidential' } },
  'target-branch': { names: { '=': 'target_branch', '!=': 'not[target_branch]' } },
  'source-branch': { names: { '=': 'source_branch', '!=': 'not[source_branch]' } },
  environment: { names: { '=': 'environment' } },
  weight: { names: { '=': 'weight', '!=': 'not[weight]' } },
  epic: { names: { '=': 'epic_id', '!=': 'not[epic_id]' } },
  iteration: {
    names: { '=': 'iteration_id', '!=': 'not[iteration_id]' },
    special: { values: ['Current', 'None', 'Any'], names: { '=': 'iteration_id', '!=': 'not[iteration_id]' } },
    nonNumeric: { '=': 'iteration_title', '!=': 'not[iteration_title]' },
  },
  attention: { names: { '=': 'attention' } },
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
