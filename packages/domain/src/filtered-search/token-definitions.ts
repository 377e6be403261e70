import { LIST_TOKEN_KEYS } from './list-token-keys';
import type { ListKind, PredefinedValue, TokenContext, TokenDefinition, TokenKey, TokenOperator } from './types';

const IS: TokenOperator[] = ['='];
const IS_NOT: TokenOperator[] = ['=', '!='];
const IS_NOT_OR: TokenOperator[] = ['=', '!=', '||'];

/** None and Any are offered with `=` only (RF §5: `!=` hides them). */
const NONE: PredefinedValue = { value: 'None', text: 'None', operators: ['='] };
const ANY: PredefinedValue = { value: 'Any', text: 'Any', operators: ['='] };
const NONE_ANY = [NONE, ANY];
const YES_NO: PredefinedValue[] = [
  { value: 'yes', text: 'Yes', operators: ['='] },
  { value: 'no', text: 'No', operators: ['='] },
];

/**
 * Every key the bar knows. Decisions where GitLab and the spec leave room:
 * - author repeats (RF §5 "author and label can repeat"); one `=` author narrows to that author,
 *   several `||` authors are an OR, several `!=` authors exclude each.
 * - confidential, draft and approved take yes/no and lower-case the value on submit, like GitLab's
 *   `lowercaseValueOnSubmit` keys; every other value keeps its case.
 * - the label key offers None with `=` and `!=`, Any with `=` only (RF §5, IE §2.8).
 */
export const TOKEN_DEFINITIONS: Record<TokenKey, TokenDefinition> = {
  author: {
    type: 'author',
    title: 'Author',
    symbol: '@',
    operators: IS_NOT_OR,
    unique: false,
    predefined: [],
    suggestions: 'users',
  },
  assignee: {
    type: 'assignee',
    title: 'Assignee',
    symbol: '@',
    operators: IS_NOT,
    unique: true,
    predefined: NONE_ANY,
    suggestions: 'users',
  },
  reviewer: {
    type: 'reviewer',
    title: 'Reviewer',
    symbol: '@',
    operators: IS_NOT,
    unique: true,
    predefined: NONE_ANY,
    suggestions: 'users',
  },
  'merge-user': {
    type: 'merge-user',
    title: 'Merged by',
    symbol: '@',
    operators: IS,
    unique: true,
    predefined: [],
    suggestions: 'users',
  },
  'approved-by': {
    type: 'approved-by',
    title: 'Approved-By',
    symbol: '@',
    operators: IS_NOT,
    unique: false,
    predefined: NONE_ANY,
    suggestions: 'users',
  },
  approver: {
    type: 'approver',
    title: 'Approver',
    symbol: '@',
    operators: IS_NOT,
    unique: false,
    predefined: NONE_ANY,
    suggestions: 'users',
  },
  milestone: {
    type: 'milestone',
    title: 'Milestone',
    symbol: '%',
    operators: IS,
    unique: true,
    predefined: [
      NONE,
      ANY,
      { value: 'Upcoming', text: 'Upcoming', operators: ['='] },
      { value: 'Started', text: 'Started', operators: ['='] },
    ],
    suggestions: 'milestones',
  },
  release: {
    type: 'release',
    title: 'Release',
    operators: IS_NOT,
    unique: true,
    predefined: NONE_ANY,
    suggestions: 'releases',
  },
  label: {
    type: 'label',
    title: 'Label',
    symbol: '~',
    operators: IS_NOT_OR,
    unique: false,
    predefined: [{ value: 'None', text: 'None', operators: ['=', '!='] }, ANY],
    suggestions: 'labels',
  },
  'my-reaction': {
    type: 'my-reaction',
    title: 'My-Reaction',
    operators: IS_NOT,
    unique: true,
    predefined: NONE_ANY,
    suggestions: 'award-emoji',
    signedInOnly: true,
  },
  draft: {
    type: 'draft',
    title: 'Draft',
    operators: IS,
    unique: true,
    predefined: YES_NO,
    suggestions: 'static',
    lowercase: true,
  },
  approved: {
    type: 'approved',
    title: 'Approved',
    operators: IS,
    unique: true,
    predefined: YES_NO,
    suggestions: 'static',
    lowercase: true,
  },
  confidential: {
    type: 'confidential',
    title: 'Confidential',
    operators: IS,
    unique: true,
    predefined: YES_NO,
    suggestions: 'static',
    lowercase: true,
  },
  'target-branch': {
    type: 'target-branch',
    title: 'Target Branch',
    operators: IS_NOT,
    unique: true,
    predefined: [],
    suggestions: 'branches-target',
  },
  'source-branch': {
    type: 'source-branch',
    title: 'Source Branch',
    operators: IS_NOT,
    unique: true,
    predefined: [],
    suggestions: 'branches-source',
  },
  environment: {
    type: 'environment',
    title: 'Environment',
    operators: IS,
    unique: true,
    predefined: [],
    suggestions: 'environments',
  },
  weight: {
    type: 'weight',
    title: 'Weight',
    operators: IS_NOT,
    unique: true,
    predefined: NONE_ANY,
    suggestions: 'static',
  },
  epic: {
    type: 'epic',
    title: 'Epic',
    symbol: '&',
    operators: IS,
    unique: true,
    predefined: NONE_ANY,
    suggestions: 'epics',
  },
  iteration: {
    type: 'iteration',
    title: 'Iteration',
    operators: IS_NOT,
    unique: true,
    // RF §5: `!=` allows only Current.
    predefined: [NONE, ANY, { value: 'Current', text: 'Current', operators: ['=', '!='] }],
    suggestions: 'iterations',
  },
  attention: {
    type: 'attention',
    title: 'Attention',
    symbol: '@',
    operators: IS,
    unique: true,
    predefined: [],
    suggestions: 'users',
  },
};

/** Keys whose suggestions come from project-only endpoints (releases, environments). */
const PROJECT_ONLY: ReadonlySet<TokenKey> = new Set(['release', 'environment']);

function offered(key: TokenKey, ctx: TokenContext): boolean {
  if (key === 'my-reaction') return ctx.signedIn;
  if (key === 'epic') return ctx.hasEpics;
  if (key === 'iteration') return ctx.hasIterations;
  if (PROJECT_ONLY.has(key)) return ctx.scope === 'project';
  return true;
}

/**
 * The keys a list's bar offers, in GitLab's order: the epics list keeps author, label, my-reaction
 * (IE §2.8), the roadmap author, label, milestone, confidential, epic, my-reaction (RF §5); the issue and merge request lists sort their tokens by title, as GitLab does.
 */
export function tokensFor(list: ListKind, ctx: TokenContext): TokenDefinition[] {
  const defs = LIST_TOKEN_KEYS[list]
    .filter((key) => offered(key, ctx))
    .map((key): TokenDefinition => {
      const def = TOKEN_DEFINITIONS[key];
      if (key === 'assignee' && ctx.multipleAssignees) return { ...def, unique: false };
      // The roadmap filters by the epic's iid (`epic_iid`), the issue lists by its global id.
      if (key === 'epic' && list === 'roadmap') return { ...def, suggestions: 'epic-iids' };
      return def;
    });
  if (list === 'epics' || list === 'roadmap') return defs;
  return defs.sort((a, b) => a.title.localeCompare(b.title, 'en'));
}
