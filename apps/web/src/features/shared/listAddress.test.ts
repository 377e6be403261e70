import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import { formatCount, hasFilters, listHref, pageHref, sortHref, stateHref, supportsKeyset } from './listAddress';

const path = '/acme/web/-/issues';

describe('stateHref', () => {
  it.each([
    ['', 'opened', `${path}?scope=all&state=opened`],
    ['state=opened', 'closed', `${path}?scope=all&state=closed`],
    [
      'scope=all&state=opened&author_username=alice&label_name[]=bug&label_name[]=ui',
      'all',
      `${path}?scope=all&state=all&author_username=alice&label_name%5B%5D=bug&label_name%5B%5D=ui`,
    ],
    [
      'state=opened&not[label_name][]=bug&search=crash+fix&sort=title_asc&page=3',
      'merged',
      `${path}?scope=all&state=merged&not%5Blabel_name%5D%5B%5D=bug&search=crash+fix&sort=title_asc`,
    ],
    ['page_after=abc&state=closed&milestone_title=v1', 'opened', `${path}?scope=all&state=opened&milestone_title=v1`],
    ['utf8=%E2%9C%93&scope=all&state=opened', 'closed', `${path}?scope=all&utf8=%E2%9C%93&state=closed`],
  ])('from ?%s to %s', (query, state, expected) => {
    expect(stateHref(path, new URLSearchParams(query), state as 'opened')).toBe(expected);
  });
});

describe('sortHref', () => {
  it('keeps filters and state, sets sort and starts at the first page', () => {
    const params = new URLSearchParams('state=closed&author_username=bob&sort=created_date&page_after=xyz');
    expect(sortHref(path, params, 'title_asc')).toBe(
      `${path}?scope=all&state=closed&author_username=bob&sort=title_asc`,
    );
  });
});

describe('listHref', () => {
  it('removes keys set to null', () => {
    expect(listHref(path, new URLSearchParams('state=opened&search=x'), { search: null })).toBe(
      `${path}?scope=all&state=opened`,
    );
  });
});

describe('pageHref', () => {
  const params = new URLSearchParams('scope=all&state=opened&label_name[]=bug&page=2');
  expectCases(
    (change) => pageHref(path, params, change),
    [
      [{ page: 3 }, `${path}?scope=all&state=opened&label_name%5B%5D=bug&page=3`],
      [{ page: 1 }, `${path}?scope=all&state=opened&label_name%5B%5D=bug`],
      [{ after: 'eyJpZCI6M30' }, `${path}?scope=all&state=opened&label_name%5B%5D=bug&page_after=eyJpZCI6M30`],
      [{ after: null }, `${path}?scope=all&state=opened&label_name%5B%5D=bug`],
    ],
    '%o',
  );

  it('replaces an earlier cursor and gives a bare path when nothing is left', () => {
    expect(pageHref(path, new URLSearchParams('page_after=a'), { after: 'b' })).toBe(`${path}?page_after=b`);
    expect(pageHref(path, new URLSearchParams('page_after=a'), { after: null })).toBe(path);
  });
});

describe('formatCount', () => {
  it.each([
    [0, false, '0'],
    [7, false, '7'],
    [1234, false, '1,234'],
    [10_000, false, '10,000'],
    [null, true, '10,000+'],
    [null, false, '–'],
    [undefined, false, '–'],
  ])('%s (capped %s) → %s', (count, capped, text) => {
    expect(formatCount(count, capped)).toBe(text);
  });
});

describe('supportsKeyset', () => {
  it.each([
    ['issues', null, true],
    ['issues', 'created_at', true],
    ['issues', 'updated_at', true],
    ['issues', 'title', false],
    ['issues', 'due_date', false],
    ['merge_requests', 'updated_at', true],
    ['merge_requests', 'merged_at', false],
    ['epics', 'start_date', true],
    ['epics', 'title', true],
  ] as const)('%s ordered by %s → %s', (list, orderBy, expected) => {
    expect(supportsKeyset(list, orderBy)).toBe(expected);
  });
});

describe('hasFilters', () => {
  expectCases(
    (query) => hasFilters(new URLSearchParams(query)),
    [
      ['', false],
      ['scope=all&utf8=%E2%9C%93&state=opened&sort=title_asc&page=2&page_after=x', false],
      ['search=crash', true],
      ['label_name[]=bug', true],
      ['not[author_username]=bob', true],
      ['search=', false],
    ],
    '?%s → %s',
  );
});
