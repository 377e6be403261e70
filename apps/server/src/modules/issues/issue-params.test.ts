import { expectCases } from '@meridian/domain/test/cases';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseIssueFilters, parseIssueListOptions } from './issue-params';

const parse = (query: string) => parseIssueFilters(qs.parse(query) as Record<string, unknown>);

describe('parseIssueFilters', () => {
  expectCases(
    parse,
    [
      ['', {}],
      ['state=opened&labels=bug,ux', { state: 'opened', labels: ['bug', 'ux'] }],
      ['labels=none', { labels: 'None' }],
      ['labels=Any', { labels: 'Any' }],
      ['labels[]=a&labels[]=b', { labels: ['a', 'b'] }],
      ['not[labels]=a,b&or[labels]=c', { notLabels: ['a', 'b'], orLabels: ['c'] }],
      ['milestone=upcoming', { milestone: 'Upcoming' }],
      ['milestone=v1.0', { milestone: 'v1.0' }],
      ['milestone_id=12', { milestoneId: 12 }],
      ['milestone_id=Started', { milestoneId: 'Started' }],
      ['assignee_id=none', { assigneeId: 'None' }],
      ['assignee_id=5', { assigneeId: 5 }],
      ['assignee_username[]=a&assignee_username[]=b', { assigneeUsernames: ['a', 'b'] }],
      ['assignee_username=a', { assigneeUsernames: ['a'] }],
      ['not[author_username]=x&or[author_username][]=y', { notAuthorUsernames: ['x'], orAuthorUsernames: ['y'] }],
      ['weight=0', { weight: 0 }],
      ['weight=None', { weight: 'None' }],
      ['iteration_id=current', { iterationId: 'Current' }],
      ['epic_id=Any&health_status=on_track', { epicId: 'Any', healthStatus: 'on_track' }],
      ['issue_type=incident', { issueTypes: ['incident'] }],
      ['iids[]=1&iids[]=3', { iids: [1, 3] }],
      ['search=foo&in=title', { search: 'foo', searchIn: ['title'] }],
      ['confidential=false', { confidential: false }],
      ['due_date=overdue', { dueDate: 'overdue' }],
      ['scope=assigned-to-me', { scope: 'assigned_to_me' }],
      ['order_by=label_priority&sort=asc', { orderBy: 'label_priority', sort: 'asc' }],
      ['my_reaction_emoji=none', { myReactionEmoji: 'None' }],
    ],
    '%s',
  );

  it('parses dates', () => {
    expect(parse('created_after=2024-01-02T03:04:05Z').createdAfter?.toISOString()).toBe('2024-01-02T03:04:05.000Z');
  });

  it.each([
    'state=weird',
    'order_by=nope',
    'sort=sideways',
    'iids[]=x',
    'milestone_id=soon',
    'weight=-1',
    'health_status=fine',
    'issue_type=bug',
    'in=body',
    'due_date=later',
    'scope=mine',
    'created_before=yesterday',
  ])('rejects %s with a 400 naming the parameter', (query) => {
    const field = query.split('=')[0]?.replace('[]', '') ?? '';
    expect(() => parse(query)).toThrow(
      expect.objectContaining({ code: 'bad_request', field: expect.stringContaining(field) }),
    );
  });
});

describe('parseIssueListOptions', () => {
  it('defaults and keyset', () => {
    expect(parseIssueListOptions({}, {})).toEqual({
      keyset: false,
      cursor: undefined,
      page: 1,
      perPage: 20,
      withLabelsDetails: false,
    });
    expect(parseIssueListOptions({ pagination: 'keyset', per_page: '5' }, { orderBy: 'updated_at' })).toMatchObject({
      keyset: true,
      perPage: 5,
    });
    expect(() => parseIssueListOptions({ per_page: '101' }, {})).toThrow();
    expect(() => parseIssueListOptions({ pagination: 'keyset' }, { orderBy: 'title' })).toThrow();
  });
});
