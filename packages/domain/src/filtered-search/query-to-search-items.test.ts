import { describe, expect, it } from 'vitest';
import { queryToSearchItems } from './query-to-search-items';
import { resolveListState } from './resolve-list-state';
import type { ListKind, ListState, SearchItem, TokenKey, TokenOperator } from './types';

const t = (type: TokenKey, operator: TokenOperator, value: string): SearchItem => ({ type, operator, value });
const text = (value: string): SearchItem => ({ type: 'text', value });
const users = new Map([
  ['1', 'root'],
  ['7', 'ada'],
]);

describe('queryToSearchItems', () => {
  it.each<[string, ListKind, string, SearchItem[], ListState?]>([
    ['empty', 'issues', '', []],
    ['only scope and utf8', 'issues', '?scope=all&utf8=%E2%9C%93', []],
    ['state', 'merge_requests', 'scope=all&state=merged', [], 'merged'],
    ['unknown state ignored', 'issues', 'state=locked', []],
    ['search words, + as space', 'issues', 'search=fix+the%20crash', [text('fix'), text('the'), text('crash')]],
    ['search after tokens', 'issues', 'search=fix&author_username=root', [t('author', '=', 'root'), text('fix')]],
    ['+ in a value', 'issues', 'label_name[]=Bug+fix', [t('label', '=', 'Bug fix')]],
    ['%2B stays a plus', 'issues', 'label_name[]=a%2Bb', [t('label', '=', 'a+b')]],
    [
      'encoded brackets',
      'issues',
      'label_name%5B%5D=bug&not%5Blabel_name%5D%5B%5D=ui',
      [t('label', '=', 'bug'), t('label', '!=', 'ui')],
    ],
    ['label without []', 'issues', 'label_name=bug', [t('label', '=', 'bug')]],
    ['or labels', 'epics', 'or[label_name][]=a&or[label_name][]=b', [t('label', '||', 'a'), t('label', '||', 'b')]],
    ['or author without []', 'epics', 'or[author_username]=root', [t('author', '||', 'root')]],
    ['or author with []', 'epics', 'or[author_username][]=root', [t('author', '||', 'root')]],
    ['not author', 'epics', 'not[author_username]=root', [t('author', '!=', 'root')]],
    [
      'my reaction',
      'epics',
      'my_reaction_emoji=thumbsup&not[my_reaction_emoji]=tada',
      [t('my-reaction', '=', 'thumbsup'), t('my-reaction', '!=', 'tada')],
    ],
    [
      'assignee with and without []',
      'issues',
      'assignee_username[]=root&assignee_username=ada',
      [t('assignee', '=', 'root'), t('assignee', '=', 'ada')],
    ],
    ['assignee_id None', 'issues', 'assignee_id=None', [t('assignee', '=', 'None')]],
    ['assignee_id any → Any', 'issues', 'assignee_id=any', [t('assignee', '=', 'Any')]],
    ['legacy assignee_id', 'issues', 'assignee_id=7', [t('assignee', '=', 'ada')]],
    ['legacy not[assignee_id]', 'issues', 'not[assignee_id]=7', [t('assignee', '!=', 'ada')]],
    ['legacy author_id', 'merge_requests', 'author_id=1', [t('author', '=', 'root')]],
    ['legacy not[author_id]', 'issues', 'not[author_id]=1', [t('author', '!=', 'root')]],
    ['legacy unmapped id dropped', 'issues', 'author_id=99&assignee_id=98', []],
    ['legacy non-numeric id dropped', 'issues', 'author_id=root&assignee_id=root', []],
    [
      'legacy reviewer_id',
      'merge_requests',
      'reviewer_id=7&approved_by_ids[]=1',
      [t('reviewer', '=', 'ada'), t('approved-by', '=', 'root')],
    ],
    ['legacy merge_user_id', 'merge_requests', 'merge_user_id=1', [t('merge-user', '=', 'root')]],
    ['reviewer None', 'merge_requests', 'reviewer_id=None', [t('reviewer', '=', 'None')]],
    ['approved-by Any', 'merge_requests', 'approved_by_ids[]=Any', [t('approved-by', '=', 'Any')]],
    ['milestone', 'issues', 'milestone_title=v1.0', [t('milestone', '=', 'v1.0')]],
    ['legacy #upcoming', 'issues', 'milestone_title=%23upcoming', [t('milestone', '=', 'Upcoming')]],
    ['not milestone', 'issues', 'not[milestone_title]=v1', [t('milestone', '!=', 'v1')]],
    ['release', 'merge_requests', 'release_tag=v1.0', [t('release', '=', 'v1.0')]],
    ['yes/no', 'merge_requests', 'draft=no&approved=yes', [t('draft', '=', 'no'), t('approved', '=', 'yes')]],
    ['confidential', 'issues', 'confidential=yes', [t('confidential', '=', 'yes')]],
    [
      'branches',
      'merge_requests',
      'target_branch=main&not[source_branch]=feature%2Fx',
      [t('target-branch', '=', 'main'), t('source-branch', '!=', 'feature/x')],
    ],
    [
      'environment and attention',
      'merge_requests',
      'environment=prod&attention=root',
      [t('environment', '=', 'prod'), t('attention', '=', 'root')],
    ],
    ['weight', 'issues', 'weight=3&not[weight]=None', [t('weight', '=', '3'), t('weight', '!=', 'None')]],
    ['epic', 'issues', 'epic_id=12', [t('epic', '=', '12')]],
    [
      'iteration id and keyword',
      'issues',
      'iteration_id=Current&not[iteration_id]=4',
      [t('iteration', '=', 'Current'), t('iteration', '!=', '4')],
    ],
    ['iteration title', 'issues', 'iteration_title=Sprint+3', [t('iteration', '=', 'Sprint 3')]],
    [
      'duplicates dropped',
      'issues',
      'label_name[]=a&label_name=a&label_name[]=b&label_name[]=a',
      [t('label', '=', 'a'), t('label', '=', 'b')],
    ],
    [
      'same value, other operator kept',
      'issues',
      'label_name[]=a&not[label_name][]=a',
      [t('label', '=', 'a'), t('label', '!=', 'a')],
    ],
    ['legacy id duplicates a username', 'issues', 'author_username=root&author_id=1', [t('author', '=', 'root')]],
    ['empty values dropped', 'issues', 'author_username=&label_name[]=', []],
    ['page, sort, cursor, unknown ignored', 'issues', 'page=2&sort=created_date&cursor=abc&foo=bar&in=title', []],
    [
      'keys the list lacks ignored',
      'epics',
      'weight=3&milestone_title=v1&author_username=root',
      [t('author', '=', 'root')],
    ],
    ['anchor ignored', 'issues', '?author_username=root#js-list', [t('author', '=', 'root')]],
    [
      'unicode',
      'issues',
      'label_name[]=Gr%C3%B6%C3%9Fe%20%E2%9C%93&search=na%C3%AFve',
      [t('label', '=', 'Größe ✓'), text('naïve')],
    ],
    ['malformed percent kept', 'issues', 'search=100%', [text('100%')]],
  ])('%s', (_name, list, query, items, state) => {
    const result = queryToSearchItems(list, query, { usernamesById: users });
    expect(result.items).toEqual(items);
    expect(result.state).toBe(state);
  });

  it('accepts URLSearchParams', () => {
    const params = new URLSearchParams([
      ['label_name[]', 'Bug fix'],
      ['state', 'closed'],
    ]);
    expect(queryToSearchItems('issues', params)).toEqual({ items: [t('label', '=', 'Bug fix')], state: 'closed' });
  });

  it('drops legacy ids without a username map', () => {
    expect(queryToSearchItems('issues', 'author_id=1&assignee_id=None').items).toEqual([t('assignee', '=', 'None')]);
  });
});

describe('resolveListState', () => {
  it.each<[string, boolean, ListState | undefined]>([
    ['state=closed', true, 'closed'],
    ['state=closed', false, 'closed'],
    ['state=merged', true, 'merged'],
    ['state=all', false, 'all'],
    ['', true, 'opened'],
    ['', false, undefined],
    ['state=locked', true, 'opened'],
    ['state=locked', false, undefined],
    ['state=OPENED', false, undefined],
    ['?scope=all&state=opened', false, 'opened'],
  ])('%j (default %s) → %s', (query, defaultStateOn, expected) => {
    expect(resolveListState(query, defaultStateOn)).toBe(expected);
  });
});
