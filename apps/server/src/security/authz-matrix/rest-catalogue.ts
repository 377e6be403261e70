import { AccessLevel } from '../../policy/access-levels';
import type { CellInput, Dims, OutOfScope, RestEntry } from './catalogue-types';
import { gate, type Outcome } from './oracle';

/**
 * Every REST route of the app. Routes that read or write issues, epics, notes, labels, milestones
 * or their links are attacked by the matrix (`restEntries`); every other route is listed in
 * `restOutOfScope` with the reason. The runner fails on a route in neither list, and on an entry
 * whose route no longer exists. HEAD routes are served by their GET handler and covered by it.
 */
const P = (c: CellInput) => `/api/v4/projects/${c.b.space.project.id}`;
const G = (c: CellInput) => `/api/v4/groups/${c.b.space.group.id}`;
const I = (c: CellInput) => `${P(c)}/issues/${c.b.issue.iid}`;
const E = (c: CellInput) => `${G(c)}/epics/${c.b.epic.iid}`;
/** Epic notes are addressed by the epic's global id, as GitLab does. */
const EN = (c: CellInput) => `${G(c)}/epics/${c.b.epic.id}`;
const signedIn = (c: CellInput) => !c.o.anonymous;
const read = (c: CellInput, ...readable: boolean[]) => gate(c.o, false, readable, true);
const write = (c: CellInput, readable: boolean[], allowed: boolean) => gate(c.o, true, readable, allowed);
/** Internal notes need Reporter (a service rule, `notes.service.ts`), on top of `create_note`. */
const mayAddNote = (c: CellInput, canComment: boolean) =>
  canComment && (!c.b.internal || c.o.admin || c.o.projectLevel >= AccessLevel.REPORTER);

function entry(
  method: string,
  url: string,
  dims: Dims,
  path: RestEntry['path'],
  expect: (c: CellInput) => Outcome,
  extra: Partial<Pick<RestEntry, 'body' | 'listed' | 'alsoOk'>> = {},
): RestEntry {
  return { method, url, dims, path, expect, ...extra };
}

const issueEntries: RestEntry[] = [
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
  entry('GET', '/api/v4/projects/:id/issues/:issue_iid', 'conf', I, (c) => read(c, c.o.issue('read_issue'))),
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

const epicEntries: RestEntry[] = [
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

type NoteSide = 'issue' | 'epic';
function noteEntries(side: NoteSide): RestEntry[] {
  const base = side === 'issue' ? '/api/v4/projects/:id/issues/:issue_iid' : '/api/v4/groups/:id/epics/:epic_id';
  const at = (c: CellInput) => (side === 'issue' ? I(c) : EN(c));
  const note = (c: CellInput) => (side === 'issue' ? c.b.issueNote : c.b.epicNote);
  const noteText = (c: CellInput) => `${c.b.key} ${side} note`;
  const readParent = (c: CellInput) => (side === 'issue' ? c.o.issue('read_issue') : c.o.epic('read_epic'));
  const comment = (c: CellInput) => (side === 'issue' ? c.o.issue('create_note') : c.o.epic('create_note'));
  const can = (c: CellInput, a: 'read_note' | 'update_note' | 'destroy_note') =>
    side === 'issue' ? c.o.issueNote(a) : c.o.epicNote(a);
  const newNote = (c: CellInput) => ({ body: c.marker, internal: c.b.internal });
  const d = 'conf+internal';
  return [
    entry(
      'GET',
      `${base}/notes`,
      d,
      (c) => `${at(c)}/notes`,
      (c) => read(c, readParent(c)),
      {
        listed: { text: noteText, visible: (c) => can(c, 'read_note') },
      },
    ),
    entry(
      'POST',
      `${base}/notes`,
      d,
      (c) => `${at(c)}/notes`,
      (c) => write(c, [readParent(c)], mayAddNote(c, comment(c))),
      { body: newNote },
    ),
    entry(
      'GET',
      `${base}/notes/:note_id`,
      d,
      (c) => `${at(c)}/notes/${note(c).id}`,
      (c) => read(c, readParent(c), can(c, 'read_note')),
    ),
    entry(
      'PUT',
      `${base}/notes/:note_id`,
      d,
      (c) => `${at(c)}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'update_note')),
      {
        body: (c) => ({ body: c.marker }),
      },
    ),
    entry(
      'DELETE',
      `${base}/notes/:note_id`,
      d,
      (c) => `${at(c)}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'destroy_note')),
    ),
    entry(
      'GET',
      `${base}/discussions`,
      d,
      (c) => `${at(c)}/discussions`,
      (c) => read(c, readParent(c)),
      {
        listed: { text: noteText, visible: (c) => can(c, 'read_note') },
      },
    ),
    entry(
      'GET',
      `${base}/discussions/:discussion_id`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}`,
      (c) => read(c, readParent(c), can(c, 'read_note')),
    ),
    entry(
      'POST',
      `${base}/discussions`,
      d,
      (c) => `${at(c)}/discussions`,
      (c) => write(c, [readParent(c)], mayAddNote(c, comment(c))),
      { body: newNote },
    ),
    entry(
      'POST',
      `${base}/discussions/:discussion_id/notes`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}/notes`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], mayAddNote(c, comment(c))),
      {
        body: (c) => ({ body: c.marker }),
      },
    ),
    entry(
      'PUT',
      `${base}/discussions/:discussion_id/notes/:note_id`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'update_note')),
      {
        body: (c) => ({ body: c.marker }),
      },
    ),
    entry(
      'DELETE',
      `${base}/discussions/:discussion_id/notes/:note_id`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'destroy_note')),
    ),
  ];
}

function awardEntries(side: NoteSide): RestEntry[] {
  const base = side === 'issue' ? '/api/v4/projects/:id/issues/:issue_iid' : '/api/v4/groups/:id/epics/:epic_iid';
  const at = (c: CellInput) => (side === 'issue' ? I(c) : E(c));
  const readParent = (c: CellInput) => (side === 'issue' ? c.o.issue('read_issue') : c.o.epic('read_epic'));
  const readNote = (c: CellInput) => (side === 'issue' ? c.o.issueNote('read_note') : c.o.epicNote('read_note'));
  const note = (c: CellInput) => (side === 'issue' ? c.b.issueNote : c.b.epicNote);
  const award = (c: CellInput) => (side === 'issue' ? c.b.issueAward : c.b.epicAward);
  const noteAward = (c: CellInput) => (side === 'issue' ? c.b.issueNoteAward : c.b.epicNoteAward);
  /** Only the awarder (the `author` principal here) or an admin takes an award back. */
  const isAwarder = (c: CellInput) => c.o.admin || c.o.isAuthor;
  return [
    entry(
      'GET',
      `${base}/award_emoji`,
      'conf',
      (c) => `${at(c)}/award_emoji`,
      (c) => read(c, readParent(c)),
    ),
    entry(
      'POST',
      `${base}/award_emoji`,
      'conf',
      (c) => `${at(c)}/award_emoji`,
      (c) => write(c, [readParent(c)], signedIn(c)),
      {
        body: () => ({ name: 'tada' }),
      },
    ),
    entry(
      'GET',
      `${base}/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/award_emoji/${award(c).id}`,
      (c) => read(c, readParent(c)),
    ),
    entry(
      'DELETE',
      `${base}/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/award_emoji/${award(c).id}`,
      (c) => write(c, [readParent(c)], isAwarder(c)),
    ),
    entry(
      'GET',
      `${base}/notes/:note_id/award_emoji`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji`,
      (c) => read(c, readParent(c), readNote(c)),
    ),
    entry(
      'POST',
      `${base}/notes/:note_id/award_emoji`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji`,
      (c) => write(c, [readParent(c), readNote(c)], signedIn(c)),
      {
        body: () => ({ name: 'tada' }),
      },
    ),
    entry(
      'GET',
      `${base}/notes/:note_id/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji/${noteAward(c).id}`,
      (c) => read(c, readParent(c), readNote(c)),
    ),
    entry(
      'DELETE',
      `${base}/notes/:note_id/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji/${noteAward(c).id}`,
      (c) => write(c, [readParent(c), readNote(c)], isAwarder(c)),
    ),
  ];
}

type Side = 'project' | 'group';
function labelEntries(side: Side): RestEntry[] {
  const base = side === 'project' ? '/api/v4/projects/:id/labels' : '/api/v4/groups/:id/labels';
  const at = (c: CellInput) => `${side === 'project' ? P(c) : G(c)}/labels`;
  const label = (c: CellInput) => (side === 'project' ? c.b.projectLabel : c.b.groupLabel);
  const can = (c: CellInput, a: 'read_label' | 'admin_label') =>
    side === 'project' ? c.o.projectLabel(a) : c.o.groupLabel(a);
  const one = (c: CellInput) => `${at(c)}/${label(c).id}`;
  const entries = [
    entry(
      'GET',
      base,
      'plain',
      (c) => `${at(c)}?per_page=100`,
      (c) => read(c, can(c, 'read_label')),
      {
        listed: { text: (c) => label(c).title, visible: (c) => can(c, 'read_label') },
      },
    ),
    entry('POST', base, 'plain', at, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label')), {
      body: (c) => ({ name: c.marker, color: '#123456' }),
    }),
    entry('GET', `${base}/:label_id`, 'plain', one, (c) => read(c, can(c, 'read_label'))),
    entry('PUT', `${base}/:label_id`, 'plain', one, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label')), {
      body: (c) => ({ new_name: c.marker }),
    }),
    entry('DELETE', `${base}/:label_id`, 'plain', one, (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label'))),
    entry(
      'POST',
      `${base}/:label_id/subscribe`,
      'plain',
      (c) => `${one(c)}/subscribe`,
      (c) => write(c, [can(c, 'read_label')], true),
    ),
    entry(
      'POST',
      `${base}/:label_id/unsubscribe`,
      'plain',
      (c) => `${one(c)}/unsubscribe`,
      (c) => write(c, [can(c, 'read_label')], true),
      { alsoOk: [304] },
    ),
  ];
  if (side === 'project') {
    entries.push(
      entry(
        'PUT',
        `${base}/:label_id/promote`,
        'plain',
        (c) => `${one(c)}/promote`,
        (c) => write(c, [can(c, 'read_label')], can(c, 'admin_label') && c.o.groupLabel('admin_label')),
      ),
    );
  }
  return entries;
}

function milestoneEntries(side: Side): RestEntry[] {
  const base = side === 'project' ? '/api/v4/projects/:id/milestones' : '/api/v4/groups/:id/milestones';
  const at = (c: CellInput) => `${side === 'project' ? P(c) : G(c)}/milestones`;
  const milestone = (c: CellInput) => (side === 'project' ? c.b.projectMilestone : c.b.groupMilestone);
  const can = (c: CellInput, a: 'read_milestone' | 'admin_milestone') =>
    side === 'project' ? c.o.projectMilestone(a) : c.o.groupMilestone(a);
  const one = (c: CellInput) => `${at(c)}/${milestone(c).id}`;
  /** `issue` is on the project milestone, `issue2` on the group milestone. */
  const onIt = (c: CellInput) => (side === 'project' ? c.b.issue : c.b.issue2);
  return [
    entry(
      'GET',
      base,
      'plain',
      (c) => `${at(c)}?per_page=100`,
      (c) => read(c, can(c, 'read_milestone')),
      {
        listed: { text: (c) => milestone(c).title, visible: (c) => can(c, 'read_milestone') },
      },
    ),
    entry('POST', base, 'plain', at, (c) => write(c, [can(c, 'read_milestone')], can(c, 'admin_milestone')), {
      body: (c) => ({ title: c.marker }),
    }),
    entry('GET', `${base}/:milestone_id`, 'plain', one, (c) => read(c, can(c, 'read_milestone'))),
    entry(
      'GET',
      `${base}/:milestone_id/issues`,
      'conf',
      (c) => `${one(c)}/issues?per_page=100`,
      (c) => read(c, can(c, 'read_milestone')),
      {
        listed: { text: (c) => onIt(c).title, visible: (c) => c.o.issue('read_issue') },
      },
    ),
    entry(
      'PUT',
      `${base}/:milestone_id`,
      'plain',
      one,
      (c) => write(c, [can(c, 'read_milestone')], can(c, 'admin_milestone')),
      {
        body: (c) => ({ title: c.marker }),
      },
    ),
    entry('DELETE', `${base}/:milestone_id`, 'plain', one, (c) =>
      write(c, [can(c, 'read_milestone')], can(c, 'admin_milestone')),
    ),
  ];
}

export const restEntries: RestEntry[] = [
  ...issueEntries,
  ...epicEntries,
  ...noteEntries('issue'),
  ...noteEntries('epic'),
  ...awardEntries('issue'),
  ...awardEntries('epic'),
  ...labelEntries('project'),
  ...labelEntries('group'),
  ...milestoneEntries('project'),
  ...milestoneEntries('group'),
];

const out = (key: string, reason: string): OutOfScope => ({ key, reason });
const autocompleteReason =
  'web autocomplete (labels, milestones, epics… as JSON for the filter bar): covered by modules/autocomplete tests, not yet by the matrix';

export const restOutOfScope: OutOfScope[] = [
  out('GET /-/session', 'session state of the caller only'),
  out('POST /users/sign_in', 'authentication, attacked by the accounts suite'),
  out('POST /users/sign_up', 'authentication, attacked by the accounts suite'),
  out('POST /users/sign_out', 'authentication, attacked by the accounts suite'),
  out('GET /api/v4/version', 'public'),
  out('GET /-/health', 'public'),
  out('GET /-/readiness', 'public'),
  out('GET /-/config.json', 'public instance settings for the web app'),
  out('GET /api/v4/groups', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id', 'groups, not planning objects'),
  out('POST /api/v4/groups', 'groups, not planning objects'),
  out('PUT /api/v4/groups/:id', 'groups, not planning objects'),
  out('DELETE /api/v4/groups/:id', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id/subgroups', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id/descendant_groups', 'groups, not planning objects'),
  out('GET /api/v4/groups/:id/projects', 'projects, not planning objects'),
  out('GET /api/v4/projects', 'projects, not planning objects'),
  out('GET /api/v4/projects/:id', 'projects, not planning objects'),
  out('POST /api/v4/projects', 'projects, not planning objects'),
  out('PUT /api/v4/projects/:id', 'projects, not planning objects'),
  out('DELETE /api/v4/projects/:id', 'projects, not planning objects'),
  ...['groups', 'projects'].flatMap((c) => [
    out(`GET /api/v4/${c}/:id/members`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/members/:user_id`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/members/all`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/members/all/:user_id`, 'membership, not planning objects'),
    out(`POST /api/v4/${c}/:id/members`, 'membership, not planning objects'),
    out(`PUT /api/v4/${c}/:id/members/:user_id`, 'membership, not planning objects'),
    out(`DELETE /api/v4/${c}/:id/members/:user_id`, 'membership, not planning objects'),
    out(`GET /api/v4/${c}/:id/iterations`, 'iterations, not in the matrix brief'),
    out(`GET /api/v4/${c}/:id/merge_requests`, 'merge requests, not in the matrix brief'),
  ]),
  out('GET /api/v4/groups/:id/iteration_cadences', 'iterations, not in the matrix brief'),
  out('POST /api/v4/groups/:id/iteration_cadences', 'iterations, not in the matrix brief'),
  out('GET /api/v4/merge_requests', 'merge requests, not in the matrix brief'),
  out('GET /api/v4/projects/:id/merge_requests/:merge_request_iid', 'merge requests, not in the matrix brief'),
  out('POST /api/v4/projects/:id/merge_requests', 'merge requests, not in the matrix brief'),
  out('PUT /api/v4/projects/:id/merge_requests/:merge_request_iid', 'merge requests, not in the matrix brief'),
  out('DELETE /api/v4/projects/:id/merge_requests/:merge_request_iid', 'merge requests, not in the matrix brief'),
  out('GET /api/v4/user', 'the caller’s own account'),
  out('GET /api/v4/users', 'users, attacked by the accounts suite'),
  out('GET /api/v4/users/:id', 'users, attacked by the accounts suite'),
  out('GET /api/v4/personal_access_tokens', 'tokens, attacked by the accounts suite'),
  out('GET /api/v4/personal_access_tokens/self', 'tokens, attacked by the accounts suite'),
  out('GET /api/v4/personal_access_tokens/:id', 'tokens, attacked by the accounts suite'),
  out('DELETE /api/v4/personal_access_tokens/self', 'tokens, attacked by the accounts suite'),
  out('DELETE /api/v4/personal_access_tokens/:id', 'tokens, attacked by the accounts suite'),
  out('POST /api/v4/user/personal_access_tokens', 'tokens, attacked by the accounts suite'),
  out('POST /api/v4/users/:user_id/personal_access_tokens', 'tokens, attacked by the accounts suite'),
  out('GET /api/v4/application/settings', 'instance settings (admin only)'),
  out('PUT /api/v4/application/settings', 'instance settings (admin only)'),
  out('GET /api/graphql', 'the GraphQL endpoint: its fields are in graphql-catalogue.ts'),
  out('POST /api/graphql', 'the GraphQL endpoint: its fields are in graphql-catalogue.ts'),
  out('GET /-/autocomplete/users.json', 'users, attacked by the accounts suite'),
  out('GET /-/autocomplete/award_emojis', 'the emoji list, public'),
  out('GET /-/autocomplete/merge_request_target_branches.json', 'merge requests, not in the matrix brief'),
  out('GET /-/autocomplete/merge_request_source_branches.json', 'merge requests, not in the matrix brief'),
];

/** Page-JSON autocomplete routes are registered once per path depth; one rule covers them all. */
export const restOutOfScopePatterns: { pattern: RegExp; reason: string }[] = [
  { pattern: /^GET \/(groups\/)?(:s\d+\/)+-\/:resource\(/, reason: autocompleteReason },
];
