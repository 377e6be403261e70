import { describe, expect, it } from 'vitest';
import { actorFor, check, groupG, projectX, type Role, type Row, USER } from '../test/policy-matrix';
import {
  canEpic,
  canIssue,
  canMergeRequest,
  canNote,
  canProject,
  canSubmitIssueAsSpam,
  epicAbilities,
  issueAbilities,
  mergeRequestAbilities,
  noteAbilities,
} from './abilities';
import type { IssueSubject, MergeRequestSubject, ProjectSubject } from './subjects';

/*
 * The policy matrix for issuables and their comments: issues, epics, notes, merge requests, and
 * what project features and moderation take away. The world, the roles and the table format are
 * described in test/policy-matrix.ts.
 */

const issue = (vis: number, role: Role, confidential: boolean, discussionLocked = false): IssueSubject => ({
  kind: 'issue',
  hidden: false,
  project: projectX(vis),
  confidential,
  authorId: role === 'author' ? USER : 999,
  assigneeIds: role === 'assignee' ? [USER] : [998],
  discussionLocked,
});

// read_issue, update_issue, admin_issue, destroy_issue, create_note, admin_issue_relation, read_issue_relation
describe('canIssue, not confidential', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private    internal   public
    anonymous:  ['.......', '.......', 'Y.....Y'],
    nonMember:  ['.......', 'Y...Y.Y', 'Y...Y.Y'],
    author:     ['.......', 'YY..Y.Y', 'YY..Y.Y'],
    assignee:   ['.......', 'YY..Y.Y', 'YY..Y.Y'],
    guest:      ['Y...YYY', 'Y...YYY', 'Y...YYY'],
    planner:    ['YYYYYYY', 'YYYYYYY', 'YYYYYYY'],
    reporter:   ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    developer:  ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    maintainer: ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    owner:      ['YYYYYYY', 'YYYYYYY', 'YYYYYYY'],
    admin:      ['YYYYYYY', 'YYYYYYY', 'YYYYYYY'],
    parentDev:  ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    subOnlyDev: ['.......', 'Y...Y.Y', 'Y...Y.Y'],
    projectDev: ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
  };
  check(issueAbilities, table, (actor, ability, vis, role) => canIssue(actor, ability, issue(vis, role, false)));
});

describe('canIssue, confidential', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private    internal   public
    anonymous:  ['.......', '.......', '.......'],
    nonMember:  ['.......', '.......', '.......'],
    author:     ['.......', 'YY..Y.Y', 'YY..Y.Y'],
    assignee:   ['.......', 'YY..Y.Y', 'YY..Y.Y'],
    guest:      ['.......', '.......', '.......'],
    planner:    ['YYYYYYY', 'YYYYYYY', 'YYYYYYY'],
    reporter:   ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    developer:  ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    maintainer: ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    owner:      ['YYYYYYY', 'YYYYYYY', 'YYYYYYY'],
    admin:      ['YYYYYYY', 'YYYYYYY', 'YYYYYYY'],
    parentDev:  ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
    subOnlyDev: ['.......', '.......', '.......'],
    projectDev: ['YYY.YYY', 'YYY.YYY', 'YYY.YYY'],
  };
  check(issueAbilities, table, (actor, ability, vis, role) => canIssue(actor, ability, issue(vis, role, true)));
});

describe('canIssue, discussion locked (public project): only members may comment', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //          private    internal   public
    nonMember: ['.......', 'Y.....Y', 'Y.....Y'],
    author:    ['.......', 'YY....Y', 'YY....Y'],
    guest:     ['Y...YYY', 'Y...YYY', 'Y...YYY'],
  };
  check(issueAbilities, table, (actor, ability, vis, role) => canIssue(actor, ability, issue(vis, role, false, true)));
});

// read_epic, create_epic, update_epic, admin_epic, destroy_epic, create_note, admin_epic_relation, read_epic_relation
const epic = (vis: number, role: Role, confidential: boolean) =>
  ({ kind: 'epic', group: groupG(vis), confidential, authorId: role === 'author' ? USER : 999 }) as const;

describe('canEpic, not confidential', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private     internal    public
    anonymous:  ['........', '........', 'Y......Y'],
    nonMember:  ['........', 'Y....Y.Y', 'Y....Y.Y'],
    author:     ['........', 'Y....Y.Y', 'Y....Y.Y'],
    guest:      ['Y....Y.Y', 'Y....Y.Y', 'Y....Y.Y'],
    planner:    ['YYYYYYYY', 'YYYYYYYY', 'YYYYYYYY'],
    reporter:   ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    developer:  ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    maintainer: ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    owner:      ['YYYYYYYY', 'YYYYYYYY', 'YYYYYYYY'],
    admin:      ['YYYYYYYY', 'YYYYYYYY', 'YYYYYYYY'],
    parentDev:  ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    subOnlyDev: ['Y....Y.Y', 'Y....Y.Y', 'Y....Y.Y'],
  };
  check(epicAbilities, table, (actor, ability, vis, role) => canEpic(actor, ability, epic(vis, role, false)));
});

describe('canEpic, confidential (Planner and above, as GitLab)', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private     internal    public
    anonymous:  ['........', '........', '........'],
    nonMember:  ['........', '........', '........'],
    author:     ['........', '........', '........'],
    guest:      ['........', '........', '........'],
    planner:    ['YYYYYYYY', 'YYYYYYYY', 'YYYYYYYY'],
    reporter:   ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    developer:  ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    maintainer: ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    owner:      ['YYYYYYYY', 'YYYYYYYY', 'YYYYYYYY'],
    admin:      ['YYYYYYYY', 'YYYYYYYY', 'YYYYYYYY'],
    parentDev:  ['YYYY.YYY', 'YYYY.YYY', 'YYYY.YYY'],
    subOnlyDev: ['........', '........', '........'],
  };
  check(epicAbilities, table, (actor, ability, vis, role) => canEpic(actor, ability, epic(vis, role, true)));
});

// read_note, update_note, destroy_note — on a note of a non-confidential issue of project X
type NoteKind = 'others' | 'own' | 'internal' | 'system';
const note = (vis: number, kind: NoteKind) =>
  ({
    kind: 'note',
    noteable: issue(vis, 'nonMember', false),
    authorId: kind === 'own' ? USER : 999,
    internal: kind === 'internal',
    system: kind === 'system',
  }) as const;

describe.each([
  // biome-ignore format: table
  ['others', {
    //           private internal public
    anonymous:  ['...', '...', 'Y..'],
    nonMember:  ['...', 'Y..', 'Y..'],
    guest:      ['Y..', 'Y..', 'Y..'],
    reporter:   ['Y..', 'Y..', 'Y..'],
    maintainer: ['Y.Y', 'Y.Y', 'Y.Y'],
    admin:      ['YYY', 'YYY', 'YYY'],
  }],
  // biome-ignore format: table
  ['own', {
    nonMember:  ['...', 'YYY', 'YYY'],
    guest:      ['YYY', 'YYY', 'YYY'],
  }],
  // biome-ignore format: table
  ['internal', {
    anonymous:  ['...', '...', '...'],
    nonMember:  ['...', '...', '...'],
    guest:      ['...', '...', '...'],
    planner:    ['...', '...', '...'],
    reporter:   ['Y..', 'Y..', 'Y..'],
    maintainer: ['Y.Y', 'Y.Y', 'Y.Y'],
    admin:      ['YYY', 'YYY', 'YYY'],
  }],
  // biome-ignore format: table
  ['system', {
    anonymous:  ['...', '...', 'Y..'],
    guest:      ['Y..', 'Y..', 'Y..'],
    maintainer: ['Y..', 'Y..', 'Y..'],
    admin:      ['YYY', 'YYY', 'YYY'],
  }],
] as const)('canNote, %s note', (kind, table) => {
  check(noteAbilities, table as Partial<Record<Role, Row>>, (actor, ability, vis) =>
    canNote(actor, ability, note(vis, kind as NoteKind)),
  );
});

describe('project features: issues disabled hides issues from everyone; archived is read-only (L16)', () => {
  const issueIn = (project: ProjectSubject): IssueSubject => ({
    kind: 'issue',
    hidden: false,
    project,
    confidential: false,
    authorId: USER,
    assigneeIds: [],
    discussionLocked: false,
  });
  it.each(['owner', 'admin', 'author'] as const)('%s', (role) => {
    const actor = actorFor(role);
    const off = { ...projectX(20), issuesEnabled: false };
    const archived = { ...projectX(20), issuesEnabled: true, archived: true };
    for (const ability of issueAbilities) expect(canIssue(actor, ability, issueIn(off))).toBe(false);
    expect(canProject(actor, 'create_issue', off)).toBe(false);
    expect(canProject(actor, 'create_incident', off)).toBe(false);
    expect(canIssue(actor, 'read_issue', issueIn(archived))).toBe(true);
    for (const ability of issueAbilities.filter((a) => a !== 'read_issue' && a !== 'read_issue_relation')) {
      expect(canIssue(actor, ability, issueIn(archived))).toBe(false);
    }
    expect(canProject(actor, 'create_issue', archived)).toBe(false);
    expect(canProject(actor, 'create_incident', archived)).toBe(false);
    expect(canProject(actor, 'read_project', archived)).toBe(true);
  });
});

describe('moderation: an issue hidden (banned author, submitted as spam) is for instance admins only', () => {
  const hiddenIssue: IssueSubject = {
    kind: 'issue',
    hidden: true,
    project: { ...projectX(20), issuesEnabled: true },
    confidential: false,
    authorId: USER,
    assigneeIds: [],
    discussionLocked: false,
  };
  it.each(['anonymous', 'guest', 'owner', 'author'] as const)('%s sees nothing of it', (role) => {
    for (const ability of issueAbilities) expect(canIssue(actorFor(role), ability, hiddenIssue)).toBe(false);
  });
  it('admin reads it and may submit issues as spam; nobody else may', () => {
    expect(canIssue(actorFor('admin'), 'read_issue', hiddenIssue)).toBe(true);
    expect(canSubmitIssueAsSpam(actorFor('admin'), { ...hiddenIssue, hidden: false })).toBe(true);
    expect(canSubmitIssueAsSpam(actorFor('owner'), { ...hiddenIssue, hidden: false })).toBe(false);
  });
});

const mergeRequest = (vis: number, role: Role, over: Partial<MergeRequestSubject> = {}): MergeRequestSubject => ({
  kind: 'merge_request',
  project: { ...projectX(vis), mergeRequestsEnabled: true },
  authorId: role === 'author' ? USER : 999,
  discussionLocked: false,
  hidden: false,
  ...over,
});

describe('canMergeRequest on a merge request of X', () => {
  // read_merge_request, create_note, resolve_note (its author, Developer and above)
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private  internal public
    anonymous:  ['...', '...', 'Y..'],
    nonMember:  ['...', 'YY.', 'YY.'],
    guest:      ['YY.', 'YY.', 'YY.'],
    reporter:   ['YY.', 'YY.', 'YY.'],
    developer:  ['YYY', 'YYY', 'YYY'],
    maintainer: ['YYY', 'YYY', 'YYY'],
    admin:      ['YYY', 'YYY', 'YYY'],
    subOnlyDev: ['...', 'YY.', 'YY.'],
    projectDev: ['YYY', 'YYY', 'YYY'],
    author:     ['...', 'YYY', 'YYY'],
  };
  check(mergeRequestAbilities, table, (actor, ability, vis, role) =>
    canMergeRequest(actor, ability, mergeRequest(vis, role)),
  );

  it('hides a banned author’s merge request from all but admins; merge requests off hide it from everyone', () => {
    const hidden = mergeRequest(20, 'developer', { hidden: true });
    expect(canMergeRequest(actorFor('developer'), 'read_merge_request', hidden)).toBe(false);
    expect(canMergeRequest(actorFor('admin'), 'read_merge_request', hidden)).toBe(true);
    const off = mergeRequest(20, 'admin', { project: { ...projectX(20), mergeRequestsEnabled: false } });
    expect(canMergeRequest(actorFor('admin'), 'read_merge_request', off)).toBe(false);
  });

  it('a locked discussion takes comments from members only; a banned author’s note is hidden but from admins', () => {
    const locked = mergeRequest(20, 'nonMember', { discussionLocked: true });
    expect(canMergeRequest(actorFor('nonMember'), 'create_note', locked)).toBe(false);
    expect(canMergeRequest(actorFor('guest'), 'create_note', locked)).toBe(true);
    const note = {
      kind: 'note',
      noteable: mergeRequest(20, 'guest'),
      authorId: 5,
      internal: false,
      system: false,
    } as const;
    expect(canNote(actorFor('guest'), 'read_note', note)).toBe(true);
    expect(canNote(actorFor('guest'), 'read_note', { ...note, hidden: true })).toBe(false);
    expect(canNote(actorFor('admin'), 'read_note', { ...note, hidden: true })).toBe(true);
  });
});
