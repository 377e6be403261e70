import type { TokenKey, TokenOperator } from './types';

type ParamNames = Partial<Record<TokenOperator, string>>;

export interface ApiParamSpec {
  names: ParamNames;
  /** None/Any (and iteration's Current) travel under these, e.g. `assignee_id=None`. */
  special?: { values: readonly string[]; names: ParamNames };
  /** Values neither special nor numeric travel here (iteration titles). */
  nonNumeric?: ParamNames;
  /** Values of one parameter are joined with commas (`labels=bug,ui`). */
  commaJoined?: boolean;
  /** Maps the URL value to the REST value (`confidential=yes` → `true`). */
  value?: (value: string) => string;
}

const NONE_ANY = ['None', 'Any'] as const;
const yesNoToBoolean = (value: string): string => ({ yes: 'true', no: 'false' })[value] ?? value;

/** GitLab REST v4 list parameters for each token key (issues, merge requests, group epics). */
export const API_PARAMS: Record<TokenKey, ApiParamSpec> = {
  author: { names: { '=': 'author_username', '!=': 'not[author_username]', '||': 'or[author_username]' } },
  assignee: {
    names: { '=': 'assignee_username[]', '!=': 'not[assignee_username][]', '||': 'or[assignee_username][]' },
    special: { values: NONE_ANY, names: { '=': 'assignee_id', '!=': 'not[assignee_id]' } },
  },
  reviewer: {
    names: { '=': 'reviewer_username', '!=': 'not[reviewer_username]' },
    special: { values: NONE_ANY, names: { '=': 'reviewer_id', '!=': 'not[reviewer_id]' } },
  },
  'merge-user': { names: { '=': 'merge_user_username' } },
  'approved-by': {
    names: { '=': 'approved_by_usernames[]', '!=': 'not[approved_by_usernames][]' },
    special: { values: NONE_ANY, names: { '=': 'approved_by_ids', '!=': 'not[approved_by_ids]' } },
  },
  approver: {
    names: { '=': 'approver_usernames[]', '!=': 'not[approver_usernames][]' },
    special: { values: NONE_ANY, names: { '=': 'approver_ids', '!=': 'not[approver_ids]' } },
  },
  milestone: { names: { '=': 'milestone', '!=': 'not[milestone]' } },
  release: { names: { '=': 'release_tag', '!=': 'not[release_tag]' } },
  label: { names: { '=': 'labels', '!=': 'not[labels]', '||': 'or[labels]' }, commaJoined: true },
  'my-reaction': { names: { '=': 'my_reaction_emoji', '!=': 'not[my_reaction_emoji]' } },
  draft: { names: { '=': 'draft' } },
  approved: { names: { '=': 'approved' } },
  confidential: { names: { '=': 'confidential' }, value: yesNoToBoolean },
  'target-branch': { names: { '=': 'target_branch', '!=': 'not[target_branch]' } },
  'source-branch': { names: { '=': 'source_branch', '!=': 'not[source_branch]' } },
  environment: { names: { '=': 'environment' } },
  weight: { names: { '=': 'weight', '!=': 'not[weight]' } },
  epic: { names: { '=': 'epic_id', '!=': 'not[epic_id]' } },
  iteration: {
    names: { '=': 'iteration_id', '!=': 'not[iteration_id]' },
    nonNumeric: { '=': 'iteration_title', '!=': 'not[iteration_title]' },
  },
  attention: { names: { '=': 'attention' } },
};
