import {
  canEpic,
  canGroup,
  canIssue,
  canLabel,
  canMilestone,
  canNote,
  canProject,
  type EpicAbility,
  groupAccessLevel,
  type IssueAbility,
  type NoteAbility,
  projectAccessLevel,
} from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { EpicSubject, GroupSubject, IssueSubject, NoteSubject, ProjectSubject } from '../../policy/subjects';
import type { Bundle } from '../../test/authz-world';

/**
 * What a cell expects, before it is translated to a transport (REST status, GraphQL shape).
 * `refused` is GitLab's 400 where it answers a visible object's refusal so (billable members).
 */
export type Outcome = 'ok' | 'hidden' | 'forbidden' | 'unauthorized' | 'refused';

/**
 * The policy's verdicts for one principal on one bundle. Every verdict comes from the pure
 * `can*` functions in `policy/abilities.ts`: the matrix checks that each transport enforces them.
 */
export interface Oracle {
  anonymous: boolean;
  admin: boolean;
  /** The caller is the `author` principal (who wrote every issue, epic, note and award in a bundle). */
  isAuthor: boolean;
  project: (a: 'read_project' | 'create_issue' | 'admin_project') => boolean;
  group: (a: 'read_group' | 'admin_group') => boolean;
  issue: (a: IssueAbility) => boolean;
  epic: (a: EpicAbility) => boolean;
  issueNote: (a: NoteAbility) => boolean;
  epicNote: (a: NoteAbility) => boolean;
  projectLabel: (a: 'read_label' | 'admin_label') => boolean;
  groupLabel: (a: 'read_label' | 'admin_label') => boolean;
  projectMilestone: (a: 'read_milestone' | 'admin_milestone') => boolean;
  groupMilestone: (a: 'read_milestone' | 'admin_milestone') => boolean;
  /** Project access level (for rules the abilities module leaves to a service, like internal notes). */
  projectLevel: number;
  /** Group access level (group protected environments: Maintainers). */
  groupLevel: number;
}

export function oracleFor(actor: Actor | null, b: Bundle, authorId: number, assigneeId: number): Oracle {
  const group: GroupSubject = {
    kind: 'group',
    id: b.space.group.id,
    traversalIds: b.space.group.traversalIds,
    visibilityLevel: b.space.visibilityLevel,
  };
  const project: ProjectSubject = {
    kind: 'project',
    id: b.space.project.id,
    namespaceTraversalIds: b.space.group.traversalIds,
    visibilityLevel: b.space.visibilityLevel,
  };
  const issue: IssueSubject = {
    kind: 'issue',
    project,
    confidential: b.confidential,
    authorId,
    assigneeIds: [assigneeId],
    discussionLocked: false,
    hidden: false,
  };
  const epic: EpicSubject = { kind: 'epic', group, confidential: b.confidential, authorId };
  const note = (noteable: IssueSubject | EpicSubject): NoteSubject => ({
    kind: 'note',
    noteable,
    authorId,
    internal: b.internal,
    system: false,
  });
  return {
    anonymous: actor === null,
    admin: actor?.admin === true,
    isAuthor: actor !== null && actor.id === authorId,
    project: (a) => canProject(actor, a, project),
    group: (a) => canGroup(actor, a, group),
    issue: (a) => canIssue(actor, a, issue),
    epic: (a) => canEpic(actor, a, epic),
    issueNote: (a) => canNote(actor, a, note(issue)),
    epicNote: (a) => canNote(actor, a, note(epic)),
    projectLabel: (a) => canLabel(actor, a, { kind: 'label', container: project }),
    groupLabel: (a) => canLabel(actor, a, { kind: 'label', container: group }),
    projectMilestone: (a) => canMilestone(actor, a, { kind: 'milestone', container: project }),
    groupMilestone: (a) => canMilestone(actor, a, { kind: 'milestone', container: group }),
    projectLevel: projectAccessLevel(actor, project),
    groupLevel: groupAccessLevel(actor, group),
  };
}

/**
 * GitLab's order of refusals: an anonymous write is 401 before any lookup; then anything on the
 * path the caller may not read is 404; then a readable object the caller may not change is 403.
 */
export function gate(o: Oracle, write: boolean, readable: boolean[], allowed: boolean): Outcome {
  if (write && o.anonymous) return 'unauthorized';
  if (readable.some((r) => !r)) return 'hidden';
  return allowed ? 'ok' : 'forbidden';
}
