import type { CellInput, RestEntry } from './catalogue-types';
import { E, entry, G, I, P, read, write } from './rest-catalogue-helpers';

/** The epic page's JSON (IE-7, IE-8), beside the page: the one-segment group path the matrix attacks. */
const EPIC_PAGE_JSON = '/groups/:s0/-/epics/:iid(^\\d{1,10}\\.json$)';
const epicPageJson = (c: CellInput) => `/groups/${c.b.space.group.path}/-/epics/${c.b.epic.iid}.json`;

/** The issue page endpoint (IE-2, IE-7), `<iid>` or `<iid>.json`, for a project in a one-segment group. */
const ISSUE_PAGE = '/:s0/:s1/-/issues/:iid(^\\d{1,10}(?:\\.json)?$)';
const issuePageJson = (c: CellInput) => `/${c.b.space.project.fullPath}/-/issues/${c.b.issue.iid}.json`;

/** REST catalogue entries for issues, epics and their links. */
export const issueEntries: RestEntry[] = [
  entry(
    'GET',
    '/api/v4/projects/:id/issues',
    'conf',
    (c) => `${P(c)}/issues?per_page=100`,
    (c) => read(c, c.o.project('read_project')),
    {
      listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') },
    },
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/issues',
    'conf',
    (c) => `${G(c)}/issues?per_page=100`,
    (c) => read(c, c.o.group('read_group')),
    {
      listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') },
    },
  ),
  entry(
    'GET',
    '/api/v4/issues',
    'conf',
    (c) => `/api/v4/issues?scope=all&per_page=100&search=${encodeURIComponent(c.b.issue.title)}`,
    (c) => read(c),
    {
      listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') },
    },
  ),
  // The CSV export of the project and group issue lists: the list's rows, unpaged (one-segment group paths).
  entry(
    'GET',
    '/:s0/:s1/-/issues.csv',
    'conf',
    (c) => `/${c.b.space.project.fullPath}/-/issues.csv`,
    (c) => read(c, c.o.project('read_project')),
    { listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') } },
  ),
  entry(
    'GET',
    '/groups/:s0/-/issues.csv',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/issues.csv`,
    (c) => read(c, c.o.group('read_group')),
    { listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') } },
  ),
  entry('GET', '/api/v4/projects/:id/issues/:issue_iid', 'conf', I, (c) => read(c, c.o.issue('read_issue'))),
  entry(
    'GET',
    '/:s0/:s1/-/issues/:iid/realtime_changes',
    'conf',
    (c) => `/${c.b.space.project.fullPath}/-/issues/${c.b.issue.iid}/realtime_changes`,
    (c) => read(c, c.o.issue('read_issue')),
  ),
  entry(
    'GET',
    '/api/v4/projects/:id/issues/:issue_iid/participants',
    'conf',
    (c) => `${I(c)}/participants`,
    (c) => read(c, c.o.issue('read_issue')),
  ),
  entry(
    'POST',
    '/api/v4/projects/:id/issues/:issue_iid/todo',
    'conf',
    (c) => `${I(c)}/todo`,
    (c) => write(c, [c.o.issue('read_issue')], true),
    { alsoOk: [304] },
  ),
  ...(['subscribe', 'unsubscribe'] as const).map((action) =>
    entry(
      'POST',
      `/api/v4/projects/:id/issues/:issue_iid/${action}`,
      'conf',
      (c) => `${I(c)}/${action}`,
      (c) => write(c, [c.o.issue('read_issue')], true),
      { alsoOk: [304] },
    ),
  ),
  entry(
    'GET',
    '/api/v4/projects/:id/issues/:issue_iid/time_stats',
    'conf',
    (c) => `${I(c)}/time_stats`,
    (c) => read(c, c.o.issue('read_issue')),
  ),
  ...(['time_estimate', 'reset_time_estimate', 'add_spent_time', 'reset_spent_time'] as const).map((action) =>
    entry(
      'POST',
      `/api/v4/projects/:id/issues/:issue_iid/${action}`,
      'conf',
      (c) => `${I(c)}/${action}`,
      (c) => write(c, [c.o.issue('read_issue')], c.o.issue('admin_issue')),
      { body: () => ({ duration: '1h' }) },
    ),
  ),
  entry(
    'POST',
    '/api/v4/projects/:id/issues',
    'conf',
    (c) => `${P(c)}/issues`,
    (c) => write(c, [c.o.project('read_project')], c.o.project('create_issue')),
    {
      body: (c) => ({ title: c.marker, confidential: c.b.confidential }),
    },
  ),
  entry(
    'PUT',
    '/api/v4/projects/:id/issues/:issue_iid',
    'conf',
    I,
    (c) => write(c, [c.o.issue('read_issue')], c.o.issue('update_issue')),
    {
      body: (c) => ({ title: c.marker }),
    },
  ),
  entry(
    'PUT',
    '/api/v4/projects/:id/issues/:issue_iid/reorder',
    'conf',
    (c) => `${I(c)}/reorder`,
    (c) => write(c, [c.o.issue('read_issue')], c.o.issue('update_issue')),
    {
      body: (c) => ({ move_after_id: c.b.issue2.id }),
    },
  ),
  entry('DELETE', '/api/v4/projects/:id/issues/:issue_iid', 'conf', I, (c) =>
    write(c, [c.o.issue('read_issue')], c.o.issue('destroy_issue')),
  ),
  entry(
    'GET',
    '/api/v4/projects/:id/issues/:issue_iid/links',
    'conf',
    (c) => `${I(c)}/links`,
    (c) => read(c, c.o.issue('read_issue')),
    {
      listed: { text: (c) => c.b.issue2.title, visible: (c) => c.o.issue('read_issue') },
    },
  ),
  // GitLab needs admin_issue_relation on both ends (source and target are alike here).
  entry(
    'POST',
    '/api/v4/projects/:id/issues/:issue_iid/links',
    'conf',
    (c) => `${I(c)}/links`,
    (c) => write(c, [c.o.issue('read_issue')], c.o.issue('admin_issue_relation')),
    {
      body: (c) => ({ target_project_id: c.b.space.project.id, target_issue_iid: c.b.issue3.iid }),
    },
  ),
  entry(
    'GET',
    '/api/v4/projects/:id/issues/:issue_iid/links/:issue_link_id',
    'conf',
    (c) => `${I(c)}/links/${c.b.issueLink.id}`,
    (c) => read(c, c.o.issue('read_issue')),
  ),
  entry(
    'DELETE',
    '/api/v4/projects/:id/issues/:issue_iid/links/:issue_link_id',
    'conf',
    (c) => `${I(c)}/links/${c.b.issueLink.id}`,
    (c) => write(c, [c.o.issue('read_issue')], c.o.issue('admin_issue_relation')),
  ),
];

export const epicEntries: RestEntry[] = [
  entry(
    'GET',
    '/api/v4/groups/:id/epics',
    'conf',
    (c) => `${G(c)}/epics?per_page=100`,
    (c) => read(c, c.o.group('read_group')),
    {
      listed: { text: (c) => c.b.epic.title, visible: (c) => c.o.epic('read_epic') },
    },
  ),
  entry('GET', '/api/v4/groups/:id/epics/:epic_iid', 'conf', E, (c) => read(c, c.o.epic('read_epic'))),
  // The CSV export of the group epic list: the list's rows, unpaged (one-segment group paths).
  entry(
    'GET',
    '/groups/:s0/-/epics.csv',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/epics.csv`,
    (c) => read(c, c.o.group('read_group')),
    { listed: { text: (c) => c.b.epic.title, visible: (c) => c.o.epic('read_epic') } },
  ),
  entry(
    'GET',
    '/groups/:s0/-/epics/:iid/realtime_changes',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/epics/${c.b.epic.iid}/realtime_changes`,
    (c) => read(c, c.o.epic('read_epic')),
  ),
  entry('GET', EPIC_PAGE_JSON, 'conf', epicPageJson, (c) => read(c, c.o.epic('read_epic'))),
  entry(
    'PUT',
    EPIC_PAGE_JSON,
    'conf',
    epicPageJson,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('update_epic')),
    { body: (c) => ({ epic: { title: c.marker } }) },
  ),
  entry(
    'PATCH',
    EPIC_PAGE_JSON,
    'conf',
    epicPageJson,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('update_epic')),
    { body: (c) => ({ epic: { title: c.marker } }) },
  ),
  ...(['PUT', 'PATCH'] as const).map((method) =>
    entry(
      method,
      ISSUE_PAGE,
      'conf',
      issuePageJson,
      (c) => write(c, [c.o.issue('read_issue')], c.o.issue('update_issue')),
      { body: (c) => ({ issue: { title: c.marker } }) },
    ),
  ),
  entry(
    'DELETE',
    ISSUE_PAGE,
    'conf',
    (c) => `${issuePageJson(c)}?destroy_confirm=true`,
    (c) => write(c, [c.o.issue('read_issue')], c.o.issue('destroy_issue')),
  ),
  entry(
    'DELETE',
    EPIC_PAGE_JSON,
    'conf',
    (c) => `${epicPageJson(c)}?destroy_confirm=true`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('destroy_epic')),
  ),
  ...(['subscribe', 'unsubscribe'] as const).map((action) =>
    entry(
      'POST',
      `/api/v4/groups/:id/epics/:epic_iid/${action}`,
      'conf',
      (c) => `${E(c)}/${action}`,
      (c) => write(c, [c.o.epic('read_epic')], true),
      { alsoOk: [304] },
    ),
  ),
  // IE-10, the child-items panel's add form: the same services as the /api/v4 assign routes below.
  entry(
    'POST',
    '/groups/:s0/-/epics/:iid/issues',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/epics/${c.b.epic.iid}/issues`,
    (c) =>
      write(
        c,
        [c.o.epic('read_epic'), c.o.issue('read_issue')],
        c.o.epic('admin_epic_relation') && c.o.issue('admin_issue_relation'),
      ),
    { body: (c) => ({ issuable_references: [`${c.b.space.project.fullPath}#${c.b.issue3.iid}`] }) },
  ),
  entry(
    'POST',
    '/groups/:s0/-/epics/:iid/links',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/epics/${c.b.epic.iid}/links`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation') && c.o.epic('update_epic')),
    { body: (c) => ({ issuable_references: [`${c.b.space.group.path}&${c.b.epic3.iid}`] }) },
  ),
  entry(
    'POST',
    '/api/v4/groups/:id/epics/:epic_iid/todo',
    'conf',
    (c) => `${E(c)}/todo`,
    (c) => write(c, [c.o.epic('read_epic')], true),
    { alsoOk: [304] },
  ),
  entry(
    'POST',
    '/api/v4/groups/:id/epics',
    'conf',
    (c) => `${G(c)}/epics`,
    (c) => write(c, [c.o.group('read_group')], c.o.epic('create_epic')),
    {
      body: (c) => ({ title: c.marker, confidential: c.b.confidential }),
    },
  ),
  entry(
    'PUT',
    '/api/v4/groups/:id/epics/:epic_iid',
    'conf',
    E,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('update_epic')),
    {
      body: (c) => ({ title: c.marker }),
    },
  ),
  entry('DELETE', '/api/v4/groups/:id/epics/:epic_iid', 'conf', E, (c) =>
    write(c, [c.o.epic('read_epic')], c.o.epic('destroy_epic')),
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/epics/:epic_iid/epics',
    'conf',
    (c) => `${E(c)}/epics`,
    (c) => read(c, c.o.epic('read_epic')),
    {
      listed: { text: (c) => c.b.epic2.title, visible: (c) => c.o.epic('read_epic') },
    },
  ),
  entry(
    'POST',
    '/api/v4/groups/:id/epics/:epic_iid/epics',
    'conf',
    (c) => `${E(c)}/epics`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation') && c.o.epic('create_epic')),
    {
      body: (c) => ({ title: c.marker, confidential: c.b.confidential }),
    },
  ),
  entry(
    'POST',
    '/api/v4/groups/:id/epics/:epic_iid/epics/:child_epic_id',
    'conf',
    (c) => `${E(c)}/epics/${c.b.epic3.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation') && c.o.epic('update_epic')),
  ),
  entry(
    'PUT',
    '/api/v4/groups/:id/epics/:epic_iid/epics/:child_epic_id',
    'conf',
    (c) => `${E(c)}/epics/${c.b.epic2.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
    {
      body: (c) => ({ move_after_id: c.b.epic4.id }),
    },
  ),
  entry(
    'DELETE',
    '/api/v4/groups/:id/epics/:epic_iid/epics/:child_epic_id',
    'conf',
    (c) => `${E(c)}/epics/${c.b.epic2.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/epics/:epic_iid/issues',
    'conf',
    (c) => `${E(c)}/issues`,
    (c) => read(c, c.o.epic('read_epic')),
    {
      listed: { text: (c) => c.b.issue.title, visible: (c) => c.o.issue('read_issue') },
    },
  ),
  // GitLab: admin_epic_relation on the epic and admin_issue_relation on the issue.
  entry(
    'POST',
    '/api/v4/groups/:id/epics/:epic_iid/issues/:issue_id',
    'conf',
    (c) => `${E(c)}/issues/${c.b.issue3.id}`,
    (c) =>
      write(
        c,
        [c.o.epic('read_epic'), c.o.issue('read_issue')],
        c.o.epic('admin_epic_relation') && c.o.issue('admin_issue_relation'),
      ),
  ),
  entry(
    'PUT',
    '/api/v4/groups/:id/epics/:epic_iid/issues/:epic_issue_id',
    'conf',
    (c) => `${E(c)}/issues/${c.b.epicIssue.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
    {
      body: (c) => ({ move_after_id: c.b.epicIssue2.id }),
    },
  ),
  entry(
    'DELETE',
    '/api/v4/groups/:id/epics/:epic_iid/issues/:epic_issue_id',
    'conf',
    (c) => `${E(c)}/issues/${c.b.epicIssue.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
  ),
  // IE-15: the tree's DELETE {relationPath} page routes, thin callers of the same services.
  entry(
    'DELETE',
    '/groups/:s0/-/epics/:iid/issues/:epic_issue_id',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/epics/${c.b.epic.iid}/issues/${c.b.epicIssue.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
  ),
  entry(
    'DELETE',
    '/groups/:s0/-/epics/:iid/links/:child_epic_id',
    'conf',
    (c) => `/groups/${c.b.space.group.path}/-/epics/${c.b.epic.iid}/links/${c.b.epic2.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
  ),
  entry(
    'GET',
    '/api/v4/groups/:id/epics/:epic_iid/related_epics',
    'conf',
    (c) => `${E(c)}/related_epics`,
    (c) => read(c, c.o.epic('read_epic')),
    {
      listed: { text: (c) => c.b.epic4.title, visible: (c) => c.o.epic('read_epic') },
    },
  ),
  entry(
    'POST',
    '/api/v4/groups/:id/epics/:epic_iid/related_epics',
    'conf',
    (c) => `${E(c)}/related_epics`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
    {
      body: (c) => ({ target_group_id: c.b.space.group.id, target_epic_iid: c.b.epic3.iid }),
    },
  ),
  entry(
    'DELETE',
    '/api/v4/groups/:id/epics/:epic_iid/related_epics/:related_epic_link_id',
    'conf',
    (c) => `${E(c)}/related_epics/${c.b.epicLink.id}`,
    (c) => write(c, [c.o.epic('read_epic')], c.o.epic('admin_epic_relation')),
  ),
];
