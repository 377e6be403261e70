import { describe, expect, it } from 'vitest';
import {
  canAdminNewIssue,
  canEpic,
  canGroup,
  canIssue,
  canLabel,
  canMergeRequest,
  canMilestone,
  canNote,
  canProject,
  canSubmitIssueAsSpam,
  canTemplate,
  epicAbilities,
  groupAbilities,
  issueAbilities,
  labelAbilities,
  mergeRequestAbilities,
  noteAbilities,
  projectAbilities,
  templateAbilities,
} from './abilities';
import type { Actor } from './actor';
import type { GroupSubject, IssueSubject, MergeRequestSubject, ProjectSubject } from './subjects';

/*
 * The policy matrix. Every cell is an explicit expectation: 'Y' = allowed, '.' = denied, one
 * character per ability in the order of the ability list named above each table, one string per
 * visibility (private, internal, public).
 *
 * The world: group P (id 1) ⊃ group G (id 2) ⊃ subgroup S (id 3); project X (id 10) in G.
 * Role rows are memberships on G (inherited by X), except:
 *   parentDev   – Developer on P only (inherits down to G and X)
 *   subOnlyDev  – Developer on S only (may see G, as GitLab shows ancestors, but gains no role on G or X)
 *   projectDev  – Developer directly on project X only
 *   author / assignee – a signed-in non-member who wrote / is assigned the issue (user 100)
 */
type Role =
  | 'anonymous'
  | 'nonMember'
  | 'guest'
  | 'planner'
  | 'reporter'
  | 'developer'
  | 'maintainer'
  | 'owner'
  | 'admin'
  | 'parentDev'
  | 'subOnlyDev'
  | 'projectDev'
  | 'author'
  | 'assignee';
type Row = readonly [private_: string, internal: string, public_: string];
const visibilities = [
  ['private', 0],
  ['internal', 10],
  ['public', 20],
] as const;

const USER = 100;
const P = { id: 1, traversalIds: [1] };
const G = { id: 2, traversalIds: [1, 2] };
const S = { id: 3, traversalIds: [1, 2, 3] };
const X_ID = 10;

function actorFor(role: Role): Actor | null {
  if (role === 'anonymous') return null;
  const base: Actor = {
    id: USER,
    username: 'u',
    admin: false,
    scopes: null,
    groupMemberships: [],
    projectMemberships: [],
  };
  const onG = (accessLevel: number): Actor => ({
    ...base,
    groupMemberships: [{ groupId: G.id, traversalIds: G.traversalIds, accessLevel }],
  });
  switch (role) {
    case 'nonMember':
    case 'author':
    case 'assignee':
      return base;
    case 'guest':
      return onG(10);
    case 'planner':
      return onG(15);
    case 'reporter':
      return onG(20);
    case 'developer':
      return onG(30);
    case 'maintainer':
      return onG(40);
    case 'owner':
      return onG(50);
    case 'admin':
      return { ...base, admin: true };
    case 'parentDev':
      return { ...base, groupMemberships: [{ groupId: P.id, traversalIds: P.traversalIds, accessLevel: 30 }] };
    case 'subOnlyDev':
      return { ...base, groupMemberships: [{ groupId: S.id, traversalIds: S.traversalIds, accessLevel: 30 }] };
    case 'projectDev':
      return {
        ...base,
        projectMemberships: [{ projectId: X_ID, namespaceTraversalIds: G.traversalIds, accessLevel: 30 }],
      };
  }
}

const groupG = (visibilityLevel: number): GroupSubject => ({ kind: 'group', ...G, visibilityLevel });
const projectX = (visibilityLevel: number): ProjectSubject => ({
  kind: 'project',
  id: X_ID,
  namespaceTraversalIds: G.traversalIds,
  visibilityLevel,
});

function check<A extends string>(
  abilities: readonly A[],
  table: Partial<Record<Role, Row>>,
  decide: (actor: Actor | null, ability: A, visibility: number, role: Role) => boolean,
) {
  const cases = Object.entries(table).flatMap(([role, row]) =>
    visibilities.map(([visName, vis], i) => ({ role: role as Role, visName, vis, expected: (row as Row)[i] })),
  );
  it.each(cases)('$role on a $visName subject: $expected', ({ role, vis, expected }) => {
    const actor = actorFor(role);
    const actual = abilities.map((a) => (decide(actor, a, vis, role) ? 'Y' : '.')).join('');
    expect(actual).toBe(expected);
  });
}

describe('canGroup on G', () => {
  // read_group, create_subgroup, create_project, admin_group, destroy_group
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private   internal  public
    anonymous:  ['.....', '.....', 'Y....'],
    nonMember:  ['.....', 'Y....', 'Y....'],
    guest:      ['Y....', 'Y....', 'Y....'],
    planner:    ['Y....', 'Y....', 'Y....'],
    reporter:   ['Y....', 'Y....', 'Y....'],
    developer:  ['Y.Y..', 'Y.Y..', 'Y.Y..'],
    maintainer: ['YYY..', 'YYY..', 'YYY..'],
    owner:      ['YYYYY', 'YYYYY', 'YYYYY'],
    admin:      ['YYYYY', 'YYYYY', 'YYYYY'],
    parentDev:  ['Y.Y..', 'Y.Y..', 'Y.Y..'],
    subOnlyDev: ['Y....', 'Y....', 'Y....'],
    projectDev: ['Y....', 'Y....', 'Y....'],
  };
  check(groupAbilities, table, (actor, ability, vis) => canGroup(actor, ability, groupG(vis)));
});

describe('canProject on X', () => {
  // read_project, create_issue, admin_project, destroy_project, create_incident
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private   internal  public
    anonymous:  ['.....', '.....', 'Y....'],
    nonMember:  ['.....', 'YY...', 'YY...'],
    guest:      ['YY...', 'YY...', 'YY...'],
    planner:    ['YY...', 'YY...', 'YY...'],
    reporter:   ['YY..Y', 'YY..Y', 'YY..Y'],
    developer:  ['YY..Y', 'YY..Y', 'YY..Y'],
    maintainer: ['YYY.Y', 'YYY.Y', 'YYY.Y'],
    owner:      ['YYYYY', 'YYYYY', 'YYYYY'],
    admin:      ['YYYYY', 'YYYYY', 'YYYYY'],
    parentDev:  ['YY..Y', 'YY..Y', 'YY..Y'],
    subOnlyDev: ['.....', 'YY...', 'YY...'],
    projectDev: ['YY..Y', 'YY..Y', 'YY..Y'],
  };
  check(projectAbilities, table, (actor, ability, vis) => canProject(actor, ability, projectX(vis)));
});

describe('canAdminNewIssue on X: who sets the planning fields of a new issue (Planner and above)', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private  internal public
    anonymous:  ['.', '.', '.'],
    nonMember:  ['.', '.', '.'],
    guest:      ['.', '.', '.'],
    planner:    ['Y', 'Y', 'Y'],
    reporter:   ['Y', 'Y', 'Y'],
    developer:  ['Y', 'Y', 'Y'],
    owner:      ['Y', 'Y', 'Y'],
    admin:      ['Y', 'Y', 'Y'],
    subOnlyDev: ['.', '.', '.'],
    projectDev: ['Y', 'Y', 'Y'],
  };
  check(['admin_issue'] as const, table, (actor, _ability, vis) => canAdminNewIssue(actor, projectX(vis)));
});

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

// read_label, admin_label (milestones: read_milestone, admin_milestone, same rules)
describe('canLabel and canMilestone on a group container and a project container', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private internal public
    anonymous:  ['..', '..', 'Y.'],
    nonMember:  ['..', 'Y.', 'Y.'],
    guest:      ['Y.', 'Y.', 'Y.'],
    planner:    ['YY', 'YY', 'YY'],
    reporter:   ['YY', 'YY', 'YY'],
    owner:      ['YY', 'YY', 'YY'],
    admin:      ['YY', 'YY', 'YY'],
    parentDev:  ['YY', 'YY', 'YY'],
  };
  check(labelAbilities, table, (actor, ability, vis) =>
    canLabel(actor, ability, { kind: 'label', container: groupG(vis) }),
  );
  check(labelAbilities, table, (actor, ability, vis) =>
    canLabel(actor, ability, { kind: 'label', container: projectX(vis) }),
  );
  check(labelAbilities, table, (actor, ability, vis) =>
    canMilestone(actor, ability === 'read_label' ? 'read_milestone' : 'admin_milestone', {
      kind: 'milestone',
      container: groupG(vis),
    }),
  );
});

// read_issuable_template, admin_issuable_template (managed by Maintainers, read with the container)
describe('canTemplate on a group container and a project container', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private internal public
    anonymous:  ['..', '..', 'Y.'],
    nonMember:  ['..', 'Y.', 'Y.'],
    guest:      ['Y.', 'Y.', 'Y.'],
    planner:    ['Y.', 'Y.', 'Y.'],
    developer:  ['Y.', 'Y.', 'Y.'],
    maintainer: ['YY', 'YY', 'YY'],
    owner:      ['YY', 'YY', 'YY'],
    admin:      ['YY', 'YY', 'YY'],
    parentDev:  ['Y.', 'Y.', 'Y.'],
    subOnlyDev: ['Y.', 'Y.', 'Y.'],
  };
  check(templateAbilities, table, (actor, ability, vis) =>
    canTemplate(actor, ability, { kind: 'issuable_template', container: groupG(vis) }),
  );
});

// read_issuable_template on project X: Developer directly on X reads, does not manage
describe('canTemplate on project X for its direct members', () => {
  // biome-ignore format: table
  const table: Partial<Record<Role, Row>> = {
    //           private internal public
    projectDev: ['Y.', 'Y.', 'Y.'],
    maintainer: ['YY', 'YY', 'YY'],
    subOnlyDev: ['..', 'Y.', 'Y.'],
  };
  check(templateAbilities, table, (actor, ability, vis) =>
    canTemplate(actor, ability, { kind: 'issuable_template', container: projectX(vis) }),
  );
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
