import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { parseSort } from './parse-sort';
import { sortOptionsFor } from './sort-options';
import type { ListKind } from './types';

describe('sortOptionsFor', () => {
  expectCases(
    (list: ListKind) => sortOptionsFor(list).map((o) => o.text),
    [
      ['epics', ['Start date', 'Due date', 'Title', 'Created date', 'Last updated date']],
      ['roadmap', ['Start date', 'Due date', 'Title', 'Created date', 'Last updated date']],
      ['issues', ['Created date', 'Updated date', 'Due date', 'Milestone due date', 'Title', 'Weight']],
      ['merge_requests', ['Created date', 'Updated date', 'Merged date', 'Milestone due date', 'Title']],
    ],
    '%s',
  );

  it.each<ListKind>(['epics', 'roadmap', 'issues', 'merge_requests'])(
    '%s: every web value reads back as itself',
    (list) => {
      for (const option of sortOptionsFor(list)) {
        expect(parseSort(list, option.ascending)).toEqual({ option, direction: 'asc' });
        expect(parseSort(list, option.descending)).toEqual({ option, direction: 'desc' });
      }
    },
  );
});

describe('parseSort', () => {
  it.each<[ListKind, string | null, string | undefined, 'asc' | 'desc' | undefined]>([
    ['issues', 'created_date', 'created_at', 'desc'],
    ['issues', 'created_desc', 'created_at', 'desc'],
    ['issues', 'created_asc', 'created_at', 'asc'],
    ['issues', 'CREATED_AT_ASC', 'created_at', 'asc'],
    ['issues', 'updated_desc', 'updated_at', 'desc'],
    ['issues', 'due_date', 'due_date', 'asc'],
    ['issues', 'due_date_asc', 'due_date', 'asc'],
    ['issues', 'due_date_desc', 'due_date', 'desc'],
    ['issues', 'milestone', 'milestone_due', 'asc'],
    ['issues', 'milestone_due_asc', 'milestone_due', 'asc'],
    ['issues', 'weight', 'weight', 'asc'],
    ['issues', 'weight_desc', 'weight', 'desc'],
    ['issues', 'merged_at_desc', undefined, undefined],
    ['merge_requests', 'merged_at_asc', 'merged_at', 'asc'],
    ['merge_requests', 'created_date', 'created_at', 'desc'],
    ['epics', 'created_date', 'created_at', 'desc'],
    ['epics', 'start_date_asc', 'start_date', 'asc'],
    ['epics', 'END_DATE_DESC', 'end_date', 'desc'],
    ['epics', 'due_date_desc', 'end_date', 'desc'],
    ['epics', 'TITLE_ASC', 'title', 'asc'],
    ['epics', 'nope', undefined, undefined],
    ['epics', '', undefined, undefined],
    ['epics', null, undefined, undefined],
  ])('%s %j → %s %s', (list, sort, orderBy, direction) => {
    const parsed = parseSort(list, sort);
    expect(parsed?.option.orderBy).toBe(orderBy);
    expect(parsed?.direction).toBe(direction);
  });
});
