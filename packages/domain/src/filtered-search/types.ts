/**
 * The filtered-search model shared by the token bar (web), the URL and the API query.
 * A search is an ordered list of items: filter tokens (key, operator, value) and free-text words.
 */

/** Every token key of the spec (RF §3 "Filter token"). */
export type TokenKey =
  | 'author'
  | 'assignee'
  | 'reviewer'
  | 'merge-user'
  | 'approved-by'
  | 'approver'
  | 'milestone'
  | 'release'
  | 'label'
  | 'my-reaction'
  | 'draft'
  | 'approved'
  | 'confidential'
  | 'target-branch'
  | 'source-branch'
  | 'environment'
  | 'weight'
  | 'epic'
  | 'iteration'
  | 'attention';

/** `=` is, `!=` is not, `||` is one of (OR). */
export type TokenOperator = '=' | '!=' | '||';

/** The symbol typed before a value in text form: ~label, %milestone, @user, &epic. */
export type TokenSymbol = '~' | '%' | '@' | '&';

export interface FilterToken {
  type: TokenKey;
  operator: TokenOperator;
  /** The value without symbol or quotes, e.g. `root`, `Bug fix`, `None`, `acme::&12`. */
  value: string;
}

export interface TextItem {
  type: 'text';
  value: string;
}

export type SearchItem = FilterToken | TextItem;

/** Which list the bar filters; decides the keys offered and the URL → API mapping. */
export type ListKind = 'epics' | 'roadmap' | 'issues' | 'merge_requests';

/** The state values a list URL may carry (RF §4: only these enter the query). */
export type ListState = 'opened' | 'closed' | 'merged' | 'all';

/** Where the suggestions of a key come from (the web layer maps these to RF-5…RF-21 calls). */
export type SuggestionSource =
  | 'users'
  | 'labels'
  | 'milestones'
  | 'releases'
  | 'award-emoji'
  | 'branches-target'
  | 'branches-source'
  | 'environments'
  | 'epics'
  /** Epics by iid (`group::&iid`), for the roadmap's `epic_iid`. */
  | 'epic-iids'
  | 'iterations'
  | 'static';

export interface PredefinedValue {
  /** The value written into the token and the URL, e.g. `None`, `Any`, `Current`, `yes`. */
  value: string;
  /** What the dropdown shows, e.g. `None`, `Any`, `Current`, `Yes`. */
  text: string;
  /** Operators it is offered with; defaults to every operator except that `!=` hides None/Any (RF §5). */
  operators?: TokenOperator[];
}

export interface TokenDefinition {
  type: TokenKey;
  /** Shown in the hint list and on the token, e.g. `Author`, `Merged by`. */
  title: string;
  symbol?: TokenSymbol;
  operators: TokenOperator[];
  /** Single-use keys disappear from the hint list once used; array keys may repeat. */
  unique: boolean;
  predefined: PredefinedValue[];
  suggestions: SuggestionSource;
  /** The value is lower-cased on submit (RF §5). */
  lowercase?: boolean;
  /** Only offered to signed-in users (my-reaction). */
  signedInOnly?: boolean;
}

/** What decides which keys a list's bar offers (see `tokensFor`). */
export interface TokenContext {
  signedIn: boolean;
  scope: 'group' | 'project';
  hasEpics: boolean;
  hasIterations: boolean;
  /** Several assignees per issue (GitLab Premium); makes the assignee key repeatable. */
  multipleAssignees?: boolean;
}

/** One entry of a list's sort dropdown, with the web `sort=` values and the REST `order_by`. */
export interface SortOption {
  /** Stable id of the option, e.g. `created`. */
  value: string;
  /** What the dropdown shows, e.g. `Created date`. */
  text: string;
  /** REST v4 `order_by`. */
  orderBy: string;
  /** The web `sort=` value for ascending / descending, e.g. `created_asc` / `created_date`. */
  ascending: string;
  descending: string;
}

export type SortDirection = 'asc' | 'desc';

/** A recent search as stored in local storage: the items the bar submitted. */
export type RecentSearch = SearchItem[];
