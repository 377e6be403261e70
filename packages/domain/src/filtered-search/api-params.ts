import { approvalParams, type ParamNames, SHARED_PARAMS } from './shared-params';
import type { TokenKey } from './types';

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

const yesNoToBoolean = (value: string): string => ({ yes: 'true', no: 'false' })[value] ?? value;

/** GitLab REST v4 list parameters for each token key (issues, merge requests, group epics). */
export const API_PARAMS: Record<TokenKey, ApiParamSpec> = {
  ...SHARED_PARAMS,
  'merge-user': { names: { '=': 'merge_user_username' } },
  ...approvalParams(''),
  milestone: { names: { '=': 'milestone', '!=': 'not[milestone]' } },
  label: { names: { '=': 'labels', '!=': 'not[labels]', '||': 'or[labels]' }, commaJoined: true },
  confidential: { names: { '=': 'confidential' }, value: yesNoToBoolean },
  iteration: {
    names: { '=': 'iteration_id', '!=': 'not[iteration_id]' },
    nonNumeric: { '=': 'iteration_title', '!=': 'not[iteration_title]' },
  },
};
