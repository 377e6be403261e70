import { describe, expect, it } from 'vitest';
import { TOKEN_DEFINITIONS, tokensFor } from './token-definitions';
import type { TokenContext, TokenKey } from './types';

const ctx = (over: Partial<TokenContext> = {}): TokenContext => ({
  signedIn: true,
  scope: 'project',
  hasEpics: true,
  hasIterations: true,
  ...over,
});
/** A project's merge request tokens for a signed-in user, in order. */
const MR_PROJECT_TOKENS: readonly TokenKey[] = [
  'approved',
  'approved-by',
  'approver',
  'assignee',
  'attention',
  'author',
  'draft',
  'environment',
  'label',
  'merge-user',
  'milestone',
  'my-reaction',
  'release',
  'reviewer',
  'source-branch',
  'target-branch',
];
const keys = (defs: { type: TokenKey }[]) => defs.map((d) => d.type);

describe('tokensFor', () => {
  it.each([
    ['epics, signed in', 'epics', ctx({ scope: 'group' }), ['author', 'label', 'my-reaction']],
    ['epics, anonymous', 'epics', ctx({ scope: 'group', signedIn: false }), ['author', 'label']],
    [
      'roadmap, signed in',
      'roadmap',
      ctx({ scope: 'group' }),
      ['author', 'label', 'milestone', 'confidential', 'epic', 'my-reaction'],
    ],
    [
      'roadmap, anonymous',
      'roadmap',
      ctx({ scope: 'group', signedIn: false }),
      ['author', 'label', 'milestone', 'confidential', 'epic'],
    ],
    [
      'issues, project, everything on',
      'issues',
      ctx(),
      [
        'assignee',
        'author',
        'confidential',
        'epic',
        'iteration',
        'label',
        'milestone',
        'my-reaction',
        'release',
        'weight',
      ],
    ],
    [
      'issues, group, no epics or iterations, anonymous',
      'issues',
      ctx({ scope: 'group', hasEpics: false, hasIterations: false, signedIn: false }),
      ['assignee', 'author', 'confidential', 'label', 'milestone', 'weight'],
    ],
    ['merge requests, project', 'merge_requests', ctx(), MR_PROJECT_TOKENS],
    [
      'merge requests, group drops release and environment (and my-reaction, anonymous)',
      'merge_requests',
      ctx({ scope: 'group', signedIn: false }),
      MR_PROJECT_TOKENS.filter((key) => key !== 'environment' && key !== 'my-reaction' && key !== 'release'),
    ],
  ] as const)('%s', (_name, list, context, expected) => {
    expect(keys(tokensFor(list, context))).toEqual(expected);
  });

  it('roadmap: author and label repeat with =, != and ||; milestone, confidential, epic = once; reaction =/!= once', () => {
    const rules = tokensFor('roadmap', ctx({ scope: 'group' })).map((d) => [d.type, d.operators, d.unique]);
    expect(rules).toEqual([
      ['author', ['=', '!=', '||'], false],
      ['label', ['=', '!=', '||'], false],
      ['milestone', ['='], true],
      ['confidential', ['='], true],
      ['epic', ['='], true],
      ['my-reaction', ['=', '!='], true],
    ]);
  });

  it('roadmap epics are suggested by iid, issue epics by id', () => {
    const epic = (list: 'roadmap' | 'issues') => tokensFor(list, ctx()).find((d) => d.type === 'epic')?.suggestions;
    expect(epic('roadmap')).toBe('epic-iids');
    expect(epic('issues')).toBe('epics');
    expect(TOKEN_DEFINITIONS.epic.suggestions).toBe('epics');
  });

  it('makes the assignee repeatable only with multiple assignees', () => {
    const find = (multipleAssignees: boolean) =>
      tokensFor('issues', ctx({ multipleAssignees })).find((d) => d.type === 'assignee');
    expect(find(false)?.unique).toBe(true);
    expect(find(true)?.unique).toBe(false);
    expect(TOKEN_DEFINITIONS.assignee.unique).toBe(true);
  });
});

describe('TOKEN_DEFINITIONS', () => {
  it.each([
    ['author', ['=', '!=', '||'], false, '@'],
    ['label', ['=', '!=', '||'], false, '~'],
    ['milestone', ['='], true, '%'],
    ['confidential', ['='], true, undefined],
    ['epic', ['='], true, '&'],
    ['my-reaction', ['=', '!='], true, undefined],
    ['weight', ['=', '!='], true, undefined],
    ['release', ['=', '!='], true, undefined],
    ['assignee', ['=', '!='], true, '@'],
    ['reviewer', ['=', '!='], true, '@'],
    ['iteration', ['=', '!='], true, undefined],
    ['approver', ['=', '!='], false, '@'],
    ['approved-by', ['=', '!='], false, '@'],
    ['merge-user', ['='], true, '@'],
    ['draft', ['='], true, undefined],
    ['target-branch', ['=', '!='], true, undefined],
    ['environment', ['='], true, undefined],
    ['attention', ['='], true, '@'],
  ] as const)('%s: operators %j, unique %s, symbol %s', (key, operators, unique, symbol) => {
    const def = TOKEN_DEFINITIONS[key];
    expect(def.type).toBe(key);
    expect(def.operators).toEqual(operators);
    expect(def.unique).toBe(unique);
    expect(def.symbol).toBe(symbol);
  });

  const offered = (key: TokenKey, operator: '=' | '!=') =>
    TOKEN_DEFINITIONS[key].predefined
      .filter((p) => (p.operators ?? TOKEN_DEFINITIONS[key].operators.filter((o) => o === '=')).includes(operator))
      .map((p) => p.value);

  it.each([
    ['label', '=', ['None', 'Any']],
    ['label', '!=', ['None']],
    ['my-reaction', '=', ['None', 'Any']],
    ['my-reaction', '!=', []],
    ['weight', '=', ['None', 'Any']],
    ['weight', '!=', []],
    ['epic', '=', ['None', 'Any']],
    ['iteration', '=', ['None', 'Any', 'Current']],
    ['iteration', '!=', ['Current']],
    ['assignee', '=', ['None', 'Any']],
    ['assignee', '!=', []],
    ['reviewer', '=', ['None', 'Any']],
    ['milestone', '=', ['None', 'Any', 'Upcoming', 'Started']],
    ['confidential', '=', ['yes', 'no']],
    ['draft', '=', ['yes', 'no']],
    ['approved', '=', ['yes', 'no']],
    ['author', '=', []],
  ] as const)('%s %s offers %j', (key, operator, values) => {
    expect(offered(key, operator)).toEqual(values);
  });

  it('lower-cases only the yes/no keys on submit', () => {
    const lower = Object.values(TOKEN_DEFINITIONS)
      .filter((d) => d.lowercase)
      .map((d) => d.type);
    expect(lower).toEqual(['draft', 'approved', 'confidential']);
  });

  it('offers my-reaction to signed-in users only', () => {
    expect(
      Object.values(TOKEN_DEFINITIONS)
        .filter((d) => d.signedInOnly)
        .map((d) => d.type),
    ).toEqual(['my-reaction']);
  });
});
