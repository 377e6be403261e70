import type { TokenKey, TokenOperator } from './types';

export type ParamNames = Partial<Record<TokenOperator, string>>;

export const NONE_ANY = ['None', 'Any'] as const;

/**
 * The tokens whose parameters GitLab names alike in its REST list API and in its web list
 * addresses (`API_PARAMS` and `URL_PARAMS` start from these).
 */
export const SHARED_PARAMS = {
  author: { names: { '=': 'author_username', '!=': 'not[author_username]', '||': 'or[author_username]' } },
  assignee: {
    names: { '=': 'assignee_username[]', '!=': 'not[assignee_username][]', '||': 'or[assignee_username][]' },
    special: { values: NONE_ANY, names: { '=': 'assignee_id', '!=': 'not[assignee_id]' } },
  },
  reviewer: {
    names: { '=': 'reviewer_username', '!=': 'not[reviewer_username]' },
    special: { values: NONE_ANY, names: { '=': 'reviewer_id', '!=': 'not[reviewer_id]' } },
  },
  release: { names: { '=': 'release_tag', '!=': 'not[release_tag]' } },
  'my-reaction': { names: { '=': 'my_reaction_emoji', '!=': 'not[my_reaction_emoji]' } },
  draft: { names: { '=': 'draft' } },
  approved: { names: { '=': 'approved' } },
  'target-branch': { names: { '=': 'target_branch', '!=': 'not[target_branch]' } },
  'source-branch': { names: { '=': 'source_branch', '!=': 'not[source_branch]' } },
  environment: { names: { '=': 'environment' } },
  weight: { names: { '=': 'weight', '!=': 'not[weight]' } },
  epic: { names: { '=': 'epic_id', '!=': 'not[epic_id]' } },
  attention: { names: { '=': 'attention' } },
} satisfies Partial<
  Record<TokenKey, { names: ParamNames; special?: { values: readonly string[]; names: ParamNames } }>
>;

/**
 * The approval tokens: their username parameters are alike; the REST API takes the None/Any id
 * parameters bare (`approved_by_ids`), the web lists as arrays (`approved_by_ids[]`).
 */
export function approvalParams(idSuffix: '' | '[]') {
  const ids = (name: string) => ({ '=': `${name}${idSuffix}`, '!=': `not[${name}]${idSuffix}` });
  return {
    'approved-by': {
      names: { '=': 'approved_by_usernames[]', '!=': 'not[approved_by_usernames][]' },
      special: { values: NONE_ANY, names: ids('approved_by_ids') },
    },
    approver: {
      names: { '=': 'approver_usernames[]', '!=': 'not[approver_usernames][]' },
      special: { values: NONE_ANY, names: ids('approver_ids') },
    },
  };
}
