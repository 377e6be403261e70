/** The lists the filter bench requests, and every token/operator (plus combinations) on each. */

export type ListName = 'project issues' | 'group issues' | 'group MRs' | 'group epics';

export interface FilterCase {
  list: ListName;
  /** Token and operator, e.g. `label !=`. */
  name: string;
  /** Query string without per_page/order (GitLab REST names, qs brackets unencoded for readability). */
  query: string;
}

/** Values the cases point at, read from the seeded database (see bench/src/bench-context.ts). */
export interface BenchContext {
  groupPath: string;
  projectPath: string;
  /** An epic of the bench group tree with linked issues (issue `epic_id`). */
  epicId: number;
  /** A past iteration of the bench group with issues. */
  iterationId: number;
  /** An epic with children (epic `parent_id`). */
  parentEpicId: number;
}

/** The label, milestone and my-reaction tokens with each operator, as every list that has them takes them. */
const LABEL_TOKENS: [string, string][] = [
  ['label =', 'labels=priority::1'],
  ['label !=', 'not[labels]=type::bug'],
  ['label ||', 'or[labels]=area-3,area-4'],
  ['label None', 'labels=None'],
  ['label Any', 'labels=Any'],
];
const MILESTONE_TOKENS: [string, string][] = [
  ['milestone =', 'milestone=Month 30'],
  ['milestone !=', 'not[milestone]=Month 30'],
  ['milestone None', 'milestone=None'],
  ['milestone Any', 'milestone=Any'],
];
const MY_REACTION_TOKENS: [string, string][] = [
  ['my-reaction =', 'my_reaction_emoji=thumbsup'],
  ['my-reaction !=', 'not[my_reaction_emoji]=thumbsup'],
  ['my-reaction None', 'my_reaction_emoji=None'],
  ['my-reaction Any', 'my_reaction_emoji=Any'],
];

const issueTokens = (c: BenchContext): [string, string][] => [
  ['(none)', ''],
  ['state=opened', 'state=opened'],
  ['author =', 'author_username=bench_user_7'],
  ['author !=', 'not[author_username]=bench_user_7'],
  ['author ||', 'or[author_username][]=bench_user_7&or[author_username][]=bench_user_8'],
  ['assignee =', 'assignee_username[]=bench_user_9'],
  ['assignee !=', 'not[assignee_username][]=bench_user_9'],
  ['assignee ||', 'or[assignee_username][]=bench_user_9&or[assignee_username][]=bench_user_10'],
  ['assignee None', 'assignee_id=None'],
  ['assignee Any', 'assignee_id=Any'],
  ...LABEL_TOKENS,
  ['label = (2)', 'labels=type::bug,area-3'],
  ...MILESTONE_TOKENS,
  ['milestone Started', 'milestone=Started'],
  ['milestone Upcoming', 'milestone=Upcoming'],
  ['release =', 'release_tag=v1.5.0'],
  ['release !=', 'not[release_tag]=v1.5.0'],
  ...MY_REACTION_TOKENS,
  ['confidential =', 'confidential=true'],
  ['iteration =', `iteration_id=${c.iterationId}`],
  ['iteration !=', `not[iteration_id]=${c.iterationId}`],
  ['iteration None', 'iteration_id=None'],
  ['iteration Any', 'iteration_id=Any'],
  ['iteration Current', 'iteration_id=Current'],
  ['epic =', `epic_id=${c.epicId}`],
  ['epic !=', `not[epic_id]=${c.epicId}`],
  ['epic None', 'epic_id=None'],
  ['epic Any', 'epic_id=Any'],
  ['weight =', 'weight=3'],
  ['weight !=', 'not[weight]=3'],
  ['weight None', 'weight=None'],
  ['weight Any', 'weight=Any'],
  ['health =', 'health_status=at_risk'],
  ['health None', 'health_status=None'],
  ['type =', 'issue_type=incident'],
  ['search', 'search=webhook'],
  ['search in title', 'search=webhook&in=title'],
  ['search rare', 'search=zzqx'],
  ['due overdue', 'due_date=overdue'],
  ['created after', 'created_after=2026-06-01'],
  ['combo: author + label!= + label|| + milestone + search', ''],
  ['combo: assignee + label + weight Any + state', ''],
  ['combo: epic Any + iteration Any + my-reaction None', ''],
  ['combo: author|| + label None + milestone None', ''],
];

const issueCombos: Record<string, string> = {
  'combo: author + label!= + label|| + milestone + search':
    'author_username=bench_user_7&not[labels]=type::bug&or[labels]=area-3,area-4&milestone=Any&search=fix',
  'combo: assignee + label + weight Any + state':
    'assignee_username[]=bench_user_9&labels=priority::1&weight=Any&state=opened',
  'combo: epic Any + iteration Any + my-reaction None': 'epic_id=Any&iteration_id=Any&my_reaction_emoji=None',
  'combo: author|| + label None + milestone None':
    'or[author_username][]=bench_user_7&or[author_username][]=bench_user_8&labels=None&milestone=None',
};

const mrTokens: [string, string][] = [
  ['(none)', ''],
  ['state=opened', 'state=opened'],
  ['state=merged', 'state=merged'],
  ['author =', 'author_username=bench_user_7'],
  ['author !=', 'not[author_username]=bench_user_7'],
  ['author ||', 'or[author_username][]=bench_user_7&or[author_username][]=bench_user_8'],
  ['assignee =', 'assignee_username[]=bench_user_9'],
  ['assignee !=', 'not[assignee_username][]=bench_user_9'],
  ['assignee None', 'assignee_id=None'],
  ['assignee Any', 'assignee_id=Any'],
  ['reviewer =', 'reviewer_username=bench_user_11'],
  ['reviewer !=', 'not[reviewer_username]=bench_user_11'],
  ['reviewer None', 'reviewer_id=None'],
  ['reviewer Any', 'reviewer_id=Any'],
  ['approved-by =', 'approved_by_usernames[]=bench_user_11'],
  ['approved-by !=', 'not[approved_by_usernames][]=bench_user_11'],
  ['approved-by None', 'approved_by_ids=None'],
  ['approved-by Any', 'approved_by_ids=Any'],
  ['approver =', 'approver_usernames[]=bench_user_11'],
  ['merged-by =', 'merge_user_username=bench_user_12'],
  ['merged-by !=', 'not[merge_user_username]=bench_user_12'],
  ...LABEL_TOKENS,
  ...MILESTONE_TOKENS,
  ['release =', 'release_tag=v1.5.0'],
  ...MY_REACTION_TOKENS,
  ['draft =', 'draft=yes'],
  ['draft !=', 'not[draft]=yes'],
  ['source branch =', 'source_branch=feature/4242'],
  ['source branch !=', 'not[source_branch]=feature/4242'],
  ['target branch =', 'target_branch=release/3'],
  ['target branch !=', 'not[target_branch]=main'],
  ['environment =', 'environment=production'],
  ['environment !=', 'not[environment]=production'],
  ['search', 'search=webhook'],
  ['combo: author + label!= + label|| + milestone + search', ''],
  ['combo: reviewer + approved-by None + draft + state', ''],
  ['combo: merged-by + environment + target branch', ''],
];

const mrCombos: Record<string, string> = {
  'combo: author + label!= + label|| + milestone + search':
    'author_username=bench_user_7&not[labels]=type::bug&or[labels]=area-3,area-4&milestone=Any&search=fix',
  'combo: reviewer + approved-by None + draft + state':
    'reviewer_username=bench_user_11&approved_by_ids=None&draft=no&state=opened',
  'combo: merged-by + environment + target branch':
    'merge_user_username=bench_user_12&environment=production&target_branch=main',
};

const epicTokens = (c: BenchContext): [string, string][] => [
  ['(none)', ''],
  ['state=opened', 'state=opened'],
  ['author =', 'author_username=bench_user_7'],
  ['author !=', 'not[author_username]=bench_user_7'],
  ['author ||', 'or[author_username]=bench_user_7,bench_user_8'],
  ...LABEL_TOKENS,
  ...MY_REACTION_TOKENS,
  ['confidential =', 'confidential=true'],
  ['parent =', `parent_id=${c.parentEpicId}`],
  ['parent None', 'parent_id=None'],
  ['search', 'search=Billing'],
  ['search rare', 'search=zzqx'],
  ['combo: author + label!= + label|| + search', ''],
  ['combo: label None + my-reaction Any + state', ''],
];

const epicCombos: Record<string, string> = {
  'combo: author + label!= + label|| + search':
    'author_username=bench_user_7&not[labels]=type::bug&or[labels]=area-3,area-4&search=Roadmap',
  'combo: label None + my-reaction Any + state': 'labels=None&my_reaction_emoji=Any&state=opened',
};

function expand(list: ListName, tokens: [string, string][], combos: Record<string, string>): FilterCase[] {
  return tokens.map(([name, query]) => ({ list, name, query: combos[name] ?? query }));
}

/** List paths (without query) of each list. */
export function listPath(list: ListName, c: BenchContext): string {
  const group = encodeURIComponent(c.groupPath);
  switch (list) {
    case 'project issues':
      return `/api/v4/projects/${encodeURIComponent(c.projectPath)}/issues`;
    case 'group issues':
      return `/api/v4/groups/${group}/issues`;
    case 'group MRs':
      return `/api/v4/groups/${group}/merge_requests`;
    case 'group epics':
      return `/api/v4/groups/${group}/epics`;
  }
}

/** The non-default sort each list is also measured with. */
export const otherSort: Record<ListName, string> = {
  'project issues': 'order_by=updated_at&sort=desc',
  'group issues': 'order_by=updated_at&sort=desc',
  'group MRs': 'order_by=updated_at&sort=desc',
  'group epics': 'order_by=start_date&sort=asc',
};

/** Keeps the bracket syntax readable in the source and percent-encodes what a URL needs encoded. */
export function encodeQuery(q: string): string {
  return q
    .split('&')
    .map((pair) => {
      const [k, v = ''] = pair.split('=');
      return `${encodeURIComponent(k as string)}=${encodeURIComponent(v)}`;
    })
    .join('&');
}

/** The REST path of a case's first page of 20, in the list's default order or `sort` (as `otherSort`). */
export function filterCasePath(c: FilterCase, context: BenchContext, sort = 'default'): string {
  const params = [c.query, 'per_page=20', sort === 'default' ? '' : sort].filter(Boolean).join('&');
  return `${listPath(c.list, context)}?${encodeQuery(params)}`;
}

export function filterCases(c: BenchContext): FilterCase[] {
  const issues = issueTokens(c);
  return [
    ...expand('project issues', issues, issueCombos),
    ...expand('group issues', issues, issueCombos),
    ...expand('group MRs', mrTokens, mrCombos),
    ...expand('group epics', epicTokens(c), epicCombos),
  ];
}
