import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import { appPathFromWebUrl, type ParsedPath, parseResourcePath, pathPrefixes, projectPathOf, urls } from './paths';

describe('parseResourcePath', () => {
  const cases: Array<[string, ParsedPath]> = [
    ['/a/b/c/-/issues/3', { kind: 'project', fullPath: 'a/b/c', page: 'issue', iid: 3 }],
    ['/a/b/-/issues', { kind: 'project', fullPath: 'a/b', page: 'issues' }],
    ['/a/b/-/issues/', { kind: 'project', fullPath: 'a/b', page: 'issues' }],
    ['/a/b/-/merge_requests', { kind: 'project', fullPath: 'a/b', page: 'merge_requests' }],
    ['/a/b/-/merge_requests/7', { kind: 'project', fullPath: 'a/b', page: 'merge_request', iid: 7 }],
    ['/a/b/-/labels', { kind: 'project', fullPath: 'a/b', page: 'labels' }],
    ['/a/b/-/environments', { kind: 'project', fullPath: 'a/b', page: 'environments' }],
    ['/a/b/-/environments/3', { kind: 'unknown' }],
    ['/groups/acme/-/environments', { kind: 'unknown' }],
    ['/groups/acme/-/epics', { kind: 'group', fullPath: 'acme', page: 'epics' }],
    ['/groups/acme/platform/-/epics/12', { kind: 'group', fullPath: 'acme/platform', page: 'epic', iid: 12 }],
    ['/groups/acme/-/epics/new', { kind: 'group', fullPath: 'acme', page: 'new_epic' }],
    ['/groups/acme/-/work_items/new', { kind: 'group', fullPath: 'acme', page: 'new_work_item' }],
    ['/acme/web/-/work_items/new', { kind: 'project', fullPath: 'acme/web', page: 'new_work_item' }],
    ['/acme/web/-/work_items/7', { kind: 'project', fullPath: 'acme/web', page: 'work_item', iid: 7 }],
    ['/acme/-/work_items/new', { kind: 'unknown' }],
    ['/groups/acme/-/work_items/7', { kind: 'unknown' }],
    ['/acme/web/-/work_items/x', { kind: 'unknown' }],
    ['/groups/acme/platform/-/epics/new/', { kind: 'group', fullPath: 'acme/platform', page: 'new_epic' }],
    ['/groups/acme/-/epics/new/extra', { kind: 'unknown' }],
    ['/acme/web/-/issues/new', { kind: 'project', fullPath: 'acme/web', page: 'new_issue' }],
    ['/acme/web/-/merge_requests/new', { kind: 'project', fullPath: 'acme/web', page: 'new_merge_request' }],
    ['/acme/-/issues/new', { kind: 'unknown' }],
    ['/groups/acme/-/issues/new', { kind: 'unknown' }],
    ['/acme/web/-/epics/new', { kind: 'unknown' }],
    ['/groups/acme/-/issues', { kind: 'group', fullPath: 'acme', page: 'issues' }],
    ['/groups/acme/-/roadmap', { kind: 'group', fullPath: 'acme', page: 'roadmap' }],
    ['/groups/acme/platform/-/roadmap/', { kind: 'group', fullPath: 'acme/platform', page: 'roadmap' }],
    ['/groups/acme/-/roadmap/3', { kind: 'unknown' }],
    ['/acme/web/-/roadmap', { kind: 'unknown' }],
    ['/groups/acme/sub', { kind: 'group', fullPath: 'acme/sub', page: 'overview' }],
    ['/acme', { kind: 'namespace', fullPath: 'acme' }],
    ['/acme/web/', { kind: 'namespace', fullPath: 'acme/web' }],
    ['/acme/my.project-1', { kind: 'namespace', fullPath: 'acme/my.project-1' }],
    ['/', { kind: 'unknown' }],
    ['/groups', { kind: 'unknown' }],
    ['/acme/-/issues', { kind: 'unknown' }],
    ['/a/b/-/issues/abc', { kind: 'unknown' }],
    ['/a/b/-/issues/0', { kind: 'unknown' }],
    ['/a/b/-/issues/3/extra', { kind: 'unknown' }],
    ['/a/b/-/wiki', { kind: 'unknown' }],
    ['/groups/acme/-/merge_requests/4', { kind: 'unknown' }],
    ['/groups/acme/-/merge_requests/new', { kind: 'unknown' }],
    ['/a/<script>/-/issues', { kind: 'unknown' }],
    ['/a/%E0%A4%A/-/issues', { kind: 'unknown' }],
  ];
  it.each(cases)('%s', (pathname, expected) => {
    expect(parseResourcePath(pathname)).toEqual(expected);
  });
});

describe('url builders', () => {
  const cases: Array<[string, ParsedPath]> = [
    [urls.issue('a/b/c', 7), { kind: 'project', fullPath: 'a/b/c', page: 'issue', iid: 7 }],
    [urls.epic('acme/x', 2), { kind: 'group', fullPath: 'acme/x', page: 'epic', iid: 2 }],
    [urls.newEpic('acme/x'), { kind: 'group', fullPath: 'acme/x', page: 'new_epic' }],
    [urls.groupPage('acme', 'epics'), { kind: 'group', fullPath: 'acme', page: 'epics' }],
    [urls.projectPage('a/b', 'merge_requests'), { kind: 'project', fullPath: 'a/b', page: 'merge_requests' }],
    [urls.settings('project', 'a/b'), { kind: 'project', fullPath: 'a/b', page: 'settings' }],
    [urls.settings('group', 'a/b'), { kind: 'group', fullPath: 'a/b', page: 'settings' }],
  ];
  it.each(cases)('%s round-trips through the parser', (url, expected) => {
    expect(parseResourcePath(url)).toEqual(expected);
  });
});

describe('helpers', () => {
  expectCases(
    appPathFromWebUrl,
    [
      ['http://example.com/acme/web/-/issues/3', '/acme/web/-/issues/3'],
      ['/groups/acme/-/epics/1', '/groups/acme/-/epics/1'],
      ['http://example.com/acme/web/-/issues/3#note_12', '/acme/web/-/issues/3#note_12'],
      [undefined, null],
      ['', null],
    ],
    'appPathFromWebUrl(%s)',
  );

  expectCases(
    projectPathOf,
    [
      [{ references: { full: 'acme/web#3' } }, 'acme/web'],
      [{ references: { full: 'acme/a/b!12' } }, 'acme/a/b'],
      [{ web_url: 'http://h/acme/api/-/issues/9' }, 'acme/api'],
      [{}, null],
    ],
    'projectPathOf(%j)',
  );

  it('lists path prefixes', () => {
    expect(pathPrefixes('a/b/c')).toEqual(['a', 'a/b', 'a/b/c']);
  });
});
