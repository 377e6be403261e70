import { describe, expect, it } from 'vitest';
import { queryToApiParams } from './query-to-api-params';
import type { ListKind } from './types';

const decoded = (params: URLSearchParams): [string, string][] => [...params];

describe('queryToApiParams', () => {
  it.each<[string, ListKind, string, [string, string][]]>([
    ['empty', 'issues', '', []],
    ['scope and utf8 dropped', 'issues', 'scope=all&utf8=%E2%9C%93', []],
    ['state', 'issues', 'state=closed', [['state', 'closed']]],
    ['merged is not an issue state', 'issues', 'state=merged', []],
    ['merged is an MR state', 'merge_requests', 'state=merged', [['state', 'merged']]],
    ['epics state all', 'epics', 'state=all', [['state', 'all']]],
    ['search words joined with spaces', 'issues', 'search=fix+the%20crash', [['search', 'fix the crash']]],
    ['author', 'epics', 'author_username=root', [['author_username', 'root']]],
    ['first = author wins', 'issues', 'author_username=root&author_username=ada', [['author_username', 'root']]],
    [
      'not / or authors repeat',
      'issues',
      'not[author_username]=a&not[author_username]=b&or[author_username]=c&or[author_username][]=d',
      [
        ['not[author_username]', 'a'],
        ['not[author_username]', 'b'],
        ['or[author_username]', 'c'],
        ['or[author_username]', 'd'],
      ],
    ],
    [
      'labels comma-joined',
      'issues',
      'label_name[]=Bug+fix&label_name[]=ui&not[label_name][]=a&not[label_name][]=b&or[label_name][]=c&or[label_name][]=d',
      [
        ['labels', 'Bug fix,ui'],
        ['not[labels]', 'a,b'],
        ['or[labels]', 'c,d'],
      ],
    ],
    ['label None', 'epics', 'label_name[]=None', [['labels', 'None']]],
    [
      'milestone',
      'issues',
      'milestone_title=v1.0&not[milestone_title]=v0',
      [
        ['milestone', 'v1.0'],
        ['not[milestone]', 'v0'],
      ],
    ],
    ['milestone Upcoming', 'merge_requests', 'milestone_title=Upcoming', [['milestone', 'Upcoming']]],
    [
      'assignee usernames',
      'issues',
      'assignee_username[]=a&assignee_username[]=b',
      [
        ['assignee_username[]', 'a'],
        ['assignee_username[]', 'b'],
      ],
    ],
    ['assignee None', 'issues', 'assignee_id=None', [['assignee_id', 'None']]],
    ['assignee not', 'merge_requests', 'not[assignee_username][]=a', [['not[assignee_username][]', 'a']]],
    [
      'legacy ids pass through',
      'issues',
      'assignee_id=7&author_id=1',
      [
        ['assignee_id', '7'],
        ['author_id', '1'],
      ],
    ],
    [
      'legacy not ids pass through',
      'merge_requests',
      'not[author_id]=1&not[assignee_id]=2',
      [
        ['not[author_id]', '1'],
        ['not[assignee_id]', '2'],
      ],
    ],
    [
      'legacy MR ids',
      'merge_requests',
      'reviewer_id=3&merge_user_id=4&approved_by_ids[]=5',
      [
        ['reviewer_id', '3'],
        ['merge_user_id', '4'],
        ['approved_by_ids[]', '5'],
      ],
    ],
    ['legacy ids of keys the list lacks dropped', 'epics', 'assignee_id=7', []],
    [
      'reviewer',
      'merge_requests',
      'reviewer_username=ada&not[reviewer_username]=bob',
      [
        ['reviewer_username', 'ada'],
        ['not[reviewer_username]', 'bob'],
      ],
    ],
    ['reviewer None', 'merge_requests', 'reviewer_id=None', [['reviewer_id', 'None']]],
    ['merge user', 'merge_requests', 'merge_user=ada', [['merge_user_username', 'ada']]],
    [
      'approved by',
      'merge_requests',
      'approved_by_usernames[]=ada&approved_by_usernames[]=bob',
      [
        ['approved_by_usernames[]', 'ada'],
        ['approved_by_usernames[]', 'bob'],
      ],
    ],
    ['approved by Any', 'merge_requests', 'approved_by_ids[]=Any', [['approved_by_ids', 'Any']]],
    ['approver', 'merge_requests', 'approver_usernames[]=ada', [['approver_usernames[]', 'ada']]],
    [
      'release',
      'merge_requests',
      'release_tag=v1&not[release_tag]=v0',
      [
        ['release_tag', 'v1'],
        ['not[release_tag]', 'v0'],
      ],
    ],
    ['my reaction', 'epics', 'my_reaction_emoji=None', [['my_reaction_emoji', 'None']]],
    ['confidential yes → true', 'issues', 'confidential=yes', [['confidential', 'true']]],
    ['confidential No → false', 'issues', 'confidential=No', [['confidential', 'false']]],
    [
      'draft and approved yes/no',
      'merge_requests',
      'draft=yes&approved=no',
      [
        ['draft', 'yes'],
        ['approved', 'no'],
      ],
    ],
    [
      'branches',
      'merge_requests',
      'target_branch=main&not[source_branch]=x',
      [
        ['target_branch', 'main'],
        ['not[source_branch]', 'x'],
      ],
    ],
    [
      'environment, attention',
      'merge_requests',
      'environment=prod&attention=root',
      [
        ['environment', 'prod'],
        ['attention', 'root'],
      ],
    ],
    [
      'weight',
      'issues',
      'weight=3&not[weight]=4',
      [
        ['weight', '3'],
        ['not[weight]', '4'],
      ],
    ],
    ['epic', 'issues', 'epic_id=12', [['epic_id', '12']]],
    ['iteration keyword', 'issues', 'iteration_id=Current', [['iteration_id', 'Current']]],
    ['iteration id', 'issues', 'not[iteration_id]=4', [['not[iteration_id]', '4']]],
    ['iteration title', 'issues', 'iteration_title=Sprint+3', [['iteration_title', 'Sprint 3']]],
    ['keys the list lacks dropped', 'epics', 'weight=3&milestone_title=v1&confidential=yes&epic_iid=3', []],
    [
      'roadmap: milestone, confidential, epic iid',
      'roadmap',
      'milestone_title=v1&confidential=yes&epic_iid=3&include_subepics=%E2%9C%93',
      [
        ['milestone', 'v1'],
        ['confidential', 'true'],
        ['epic_id', '3'],
      ],
    ],
    [
      'roadmap: author, labels, reaction, not and or',
      'roadmap',
      'state=opened&author_username=a&label_name[]=x&not[label_name][]=y&or[author_username]=b&not[my_reaction_emoji]=tada&search=q',
      [
        ['state', 'opened'],
        ['author_username', 'a'],
        ['or[author_username]', 'b'],
        ['not[my_reaction_emoji]', 'tada'],
        ['labels', 'x'],
        ['not[labels]', 'y'],
        ['search', 'q'],
      ],
    ],
    ['roadmap: epic_id is not its epic key', 'roadmap', 'epic_id=3&weight=2&not[milestone_title]=v0', []],
    ['issues: epic_iid is not their epic key', 'issues', 'epic_iid=3', []],
    [
      'sort created_date',
      'issues',
      'sort=created_date',
      [
        ['order_by', 'created_at'],
        ['sort', 'desc'],
      ],
    ],
    [
      'sort title_asc',
      'merge_requests',
      'sort=title_asc',
      [
        ['order_by', 'title'],
        ['sort', 'asc'],
      ],
    ],
    [
      'sort due_date',
      'issues',
      'sort=due_date',
      [
        ['order_by', 'due_date'],
        ['sort', 'asc'],
      ],
    ],
    [
      'sort milestone',
      'issues',
      'sort=milestone_due_desc',
      [
        ['order_by', 'milestone_due'],
        ['sort', 'desc'],
      ],
    ],
    [
      'sort merged',
      'merge_requests',
      'sort=merged_at_desc',
      [
        ['order_by', 'merged_at'],
        ['sort', 'desc'],
      ],
    ],
    [
      'sort epics START_DATE_ASC',
      'epics',
      'sort=START_DATE_ASC',
      [
        ['order_by', 'start_date'],
        ['sort', 'asc'],
      ],
    ],
    [
      'sort epics end_date_desc',
      'epics',
      'sort=end_date_desc',
      [
        ['order_by', 'end_date'],
        ['sort', 'desc'],
      ],
    ],
    [
      'sort epics due_date_asc',
      'epics',
      'sort=due_date_asc',
      [
        ['order_by', 'end_date'],
        ['sort', 'asc'],
      ],
    ],
    [
      'sort epics UPDATED_AT_DESC',
      'epics',
      'sort=UPDATED_AT_DESC',
      [
        ['order_by', 'updated_at'],
        ['sort', 'desc'],
      ],
    ],
    ['unknown sort dropped', 'issues', 'sort=nonsense', []],
    ['weight sort not on MRs', 'merge_requests', 'sort=weight_desc', []],
    ['page and cursor dropped', 'issues', 'page=3&cursor=abc', []],
    [
      'a whole address',
      'issues',
      '?scope=all&utf8=%E2%9C%93&state=opened&author_username=root&not[label_name][]=Bug%20fix&milestone_title=v1.0&epic_id=12&search=fix+crash&sort=updated_desc#list',
      [
        ['state', 'opened'],
        ['author_username', 'root'],
        ['milestone', 'v1.0'],
        ['epic_id', '12'],
        ['not[labels]', 'Bug fix'],
        ['search', 'fix crash'],
        ['order_by', 'updated_at'],
        ['sort', 'desc'],
      ],
    ],
  ])('%s', (_name, list, query, expected) => {
    expect(decoded(queryToApiParams(list, query))).toEqual(expected);
  });
});
