import { describe, expect, it } from 'vitest';
import { gitlabUrlRewrite, internalPathname, publicPathname } from './rewrite';

describe('GitLab URL ⇄ internal route path', () => {
  it.each([
    ['/acme', '/~n/acme'],
    ['/acme/web', '/~n/acme~web'],
    ['/acme/sub/deep/web', '/~n/acme~sub~deep~web'],
    ['/groups/acme', '/~g/acme'],
    ['/groups/acme/sub/', '/~g/acme~sub'],
    ['/groups/acme/sub/-/epics', '/~g/acme~sub/epics'],
    ['/groups/acme/-/epics/12', '/~g/acme/epics/12'],
    ['/groups/acme/-/epics/new', '/~g/acme/epics/new'],
    ['/groups/acme/-/work_items/new', '/~g/acme/work_items/new'],
    ['/acme/web/-/work_items/new', '/~p/acme~web/work_items/new'],
    ['/acme/web/-/work_items/7', '/~p/acme~web/work_items/7'],
    ['/acme/web/-/issues/new', '/~p/acme~web/issues/new'],
    ['/groups/acme/-/roadmap', '/~g/acme/roadmap'],
    ['/groups/acme/-/group_members', '/~g/acme/group_members'],
    ['/groups/a.b/c-d/-/merge_requests', '/~g/a.b~c-d/merge_requests'],
    ['/acme/web/-/issues', '/~p/acme~web/issues'],
    ['/acme/sub/web/-/issues/3', '/~p/acme~sub~web/issues/3'],
    ['/acme/web/-/merge_requests/7/', '/~p/acme~web/merge_requests/7'],
    ['/acme/web/-/merge_requests/new', '/~p/acme~web/merge_requests/new'],
    ['/acme/web/-/labels', '/~p/acme~web/labels'],
    ['/acme/web/-/environments', '/~p/acme~web/environments'],
    ['/acme/web/-/milestones', '/~p/acme~web/milestones'],
    ['/acme/sub/web/-/settings/general', '/~p/acme~sub~web/settings/general'],
    ['/groups/acme/sub/-/settings/general', '/~g/acme~sub/settings/general'],
    ['/groups/acme/sub/-/settings/gitlab_duo', '/~g/acme~sub/settings/gitlab_duo'],
    ['/acme/web/-/security/vulnerability_report', '/~p/acme~web/security/vulnerability_report'],
    ['/acme/web/-/escalation_policies', '/~p/acme~web/escalation_policies'],
    ['/acme/sub/web/-/import/jira', '/~p/acme~sub~web/import/jira'],
    ['/acme/sub/web/-/security/vulnerabilities/42', '/~p/acme~sub~web/security/vulnerabilities/42'],
  ])('%s ⇄ %s', (gitlab, internal) => {
    expect(internalPathname(gitlab)).toBe(internal);
    expect(publicPathname(internal)).toBe(gitlab.replace(/\/$/, ''));
  });

  it.each([
    ['/'],
    ['/users/sign_in'],
    ['/groups/new'],
    ['/dashboard/projects'],
    ['/admin/application_settings/general'],
    ['/acme/web/-/issues/abc'],
    ['/acme/web/-/issues/0'],
    ['/acme/web/-/wiki'],
    ['/acme/web/-/settings'],
    ['/acme/web/-/settings/repository'],
    ['/acme/-/settings/general'],
    ['/acme/web/-/settings/gitlab_duo'],
    ['/acme/-/issues'],
    ['/groups/acme/-/epics/3/extra'],
    ['/groups/acme/-/security/vulnerability_report'],
    ['/acme/-/security/vulnerability_report'],
    ['/acme/web/-/security/vulnerabilities/0'],
    ['/acme/web/-/security/vulnerabilities/1/extra'],
    ['/acme/web/-/security/dashboard'],
    ['/acme/we b'],
    ['/~p/acme~web/issues'],
    // The placeholder reassignment review page (GitLab's path), not a namespace.
    ['/import/source_users/12'],
  ])('%s is not rewritten (the router answers it as it is)', (path) => {
    expect(internalPathname(path)).toBeNull();
  });

  it('keeps the query string and the hash, both ways', () => {
    const input = gitlabUrlRewrite.input({
      url: new URL('http://h/acme/web/-/issues?label_name%5B%5D=bug&not%5Bauthor_username%5D=x#note_3'),
    });
    expect(input?.href).toBe('http://h/~p/acme~web/issues?label_name%5B%5D=bug&not%5Bauthor_username%5D=x#note_3');
    const output = gitlabUrlRewrite.output({ url: new URL('http://h/~g/acme~sub/epics?state=all#top') });
    expect(output?.href).toBe('http://h/groups/acme/sub/-/epics?state=all#top');
    expect(gitlabUrlRewrite.output({ url: new URL('http://h/users/sign_in') })).toBeUndefined();
  });
});
