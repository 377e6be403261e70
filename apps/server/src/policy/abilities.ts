import { mayCreateProject, mayCreateSubgroup } from '@meridian/domain';
import { AccessLevel, Visibility } from './access-levels';
import type { Actor } from './actor';
import type {
  EpicSubject,
  GroupSubject,
  IssueSubject,
  LabelSubject,
  MergeRequestSubject,
  MilestoneSubject,
  NoteSubject,
  ProjectSubject,
  Subject,
  TemplateSubject,
} from './subjects';

/**
 * The one place that decides who may do what. Pure: every input is in `actor` and the subject.
 * Roles are inherited down the group tree (a member of a group is a member of every subgroup
 * and project below it, at the highest level found). Token scopes are applied by the transport.
 */
export const groupAbilities = [
  'read_group',
  'create_subgroup',
  'create_project',
  'admin_group',
  'destroy_group',
] as const;
export const projectAbilities = [
  'read_project',
  'create_issue',
  'admin_project',
  'destroy_project',
  'create_incident',
  'admin_incident_management_timeline_event',
  'read_incident_management_escalation_policy',
  'admin_incident_management_escalation_policy',
  'import_issues',
] as const;
export const issueAbilities = [
  'read_issue',
  'update_issue',
  'admin_issue',
  'destroy_issue',
  'create_note',
  'admin_issue_relation',
  'read_issue_relation',
] as const;
export const epicAbilities = [
  'read_epic',
  'create_epic',
  'update_epic',
  'admin_epic',
  'destroy_epic',
  'create_note',
  'admin_epic_relation',
  'read_epic_relation',
] as const;
export const mergeRequestAbilities = ['read_merge_request', 'create_note', 'resolve_note'] as const;
export const labelAbilities = ['read_label', 'admin_label'] as const;
export const milestoneAbilities = ['read_milestone', 'admin_milestone'] as const;
export const noteAbilities = ['read_note', 'update_note', 'destroy_note'] as const;
export const templateAbilities = ['read_issuable_template', 'admin_issuable_template'] as const;

export type GroupAbility = (typeof groupAbilities)[number];
export type ProjectAbility = (typeof projectAbilities)[number];
export type IssueAbility = (typeof issueAbilities)[number];
export type EpicAbility = (typeof epicAbilities)[number];
export type MergeRequestAbility = (typeof mergeRequestAbilities)[number];
export type LabelAbility = (typeof labelAbilities)[number];
export type MilestoneAbility = (typeof milestoneAbilities)[number];
export type NoteAbility = (typeof noteAbilities)[number];
export type TemplateAbility = (typeof templateAbilities)[number];

/** Highest access level the actor holds on a group, inherited from its ancestors. */
export function groupAccessLevel(actor: Actor | null, group: Pick<GroupSubject, 'traversalIds'>): number {
  if (!actor) return AccessLevel.NO_ACCESS;
  let level: number = AccessLevel.NO_ACCESS;
  for (const m of actor.groupMemberships) {
    if (group.traversalIds.includes(m.groupId) && m.accessLevel > level) level = m.accessLevel;
  }
  return level;
}

/** Highest access level on a project: direct membership or any ancestor group's. */
export function projectAccessLevel(
  actor: Actor | null,
  project: Pick<ProjectSubject, 'id' | 'namespaceTraversalIds'>,
): number {
  if (!actor) return AccessLevel.NO_ACCESS;
  let level = groupAccessLevel(actor, { traversalIds: project.namespaceTraversalIds });
  for (const m of actor.projectMemberships) {
    if (m.projectId === project.id && m.accessLevel > level) level = m.accessLevel;
  }
  return level;
}

/** A member of anything below a private group may see that group (as GitLab allows). */
function hasDescendantMembership(actor: Actor, groupId: number): boolean {
  return (
    actor.groupMemberships.some((m) => m.traversalIds.includes(groupId)) ||
    actor.projectMemberships.some((m) => m.namespaceTraversalIds.includes(groupId))
  );
}

function visibleByLevel(actor: Actor | null, visibilityLevel: number): boolean {
  if (visibilityLevel >= Visibility.PUBLIC) return true;
  return visibilityLevel >= Visibility.INTERNAL && actor !== null;
}

export function canGroup(actor: Actor | null, ability: GroupAbility, group: GroupSubject): boolean {
  // GitLab's `noone` project creation level binds administrators too (its `prevent` rule).
  if (ability === 'create_project' && actor?.admin) {
    return (
      group.projectCreationLevel !== undefined &&
      mayCreateProject(group.projectCreationLevel, { accessLevel: 0, admin: true })
    );
  }
  if (actor?.admin) return true;
  const level = groupAccessLevel(actor, group);
  switch (ability) {
    case 'read_group':
      return (
        visibleByLevel(actor, group.visibilityLevel) ||
        level > AccessLevel.NO_ACCESS ||
        (actor !== null && hasDescendantMembership(actor, group.id))
      );
    case 'create_project':
      return (
        group.projectCreationLevel !== undefined &&
        mayCreateProject(group.projectCreationLevel, { accessLevel: level, admin: false })
      );
    case 'create_subgroup':
      return (
        group.subgroupCreationLevel !== undefined &&
        mayCreateSubgroup(group.subgroupCreationLevel, { accessLevel: level, admin: false })
      );
    case 'admin_group':
    case 'destroy_group':
      return level >= AccessLevel.OWNER;
  }
}

/** GitLab's answer when a write is refused because the project is archived (read-only). */
export const PROJECT_ARCHIVED_MESSAGE = '403 Forbidden - Project is archived';

/** The 403 message for a refused write on something in `project`. */
export function forbiddenMessage(project: ProjectSubject): string {
  return project.archived ? PROJECT_ARCHIVED_MESSAGE : '403 Forbidden';
}

export function canProject(actor: Actor | null, ability: ProjectAbility, project: ProjectSubject): boolean {
  // Disabled features and archived projects bind admins too (GitLab's `prevent` rules).
  const writesIssues =
    ability === 'create_issue' ||
    ability === 'import_issues' ||
    ability === 'create_incident' ||
    ability === 'admin_incident_management_timeline_event';
  if (writesIssues && (project.issuesEnabled === false || project.archived)) return false;
  if (actor?.admin) return true;
  const level = projectAccessLevel(actor, project);
  const readable = visibleByLevel(actor, project.visibilityLevel) || level > AccessLevel.NO_ACCESS;
  switch (ability) {
    case 'read_project':
      return readable;
    case 'create_issue':
      // Any signed-in user who can see the project may open an issue, as in GitLab.
      return readable && actor !== null;
    case 'create_incident':
      // GitLab's create_incident: Reporter and up (an issue typed incident, or an issue retyped as one).
      return level >= AccessLevel.REPORTER;
    case 'admin_incident_management_timeline_event':
      // GitLab: Developer and up add, edit and remove an incident's timeline events.
      return level >= AccessLevel.DEVELOPER;
    case 'read_incident_management_escalation_policy':
      // GitLab: Reporter and up see the escalation policies; Maintainer and up change them.
      return level >= AccessLevel.REPORTER;
    case 'admin_incident_management_escalation_policy':
      return level >= AccessLevel.MAINTAINER;
    case 'import_issues':
      // GitLab's import_issues (CSV import): Planner, and Developer and up (not Reporter).
      return level === AccessLevel.PLANNER || level >= AccessLevel.DEVELOPER;
    case 'admin_project':
      return level >= AccessLevel.MAINTAINER;
    case 'destroy_project':
      return level >= AccessLevel.OWNER;
  }
}

export function canIssue(actor: Actor | null, ability: IssueAbility, issue: IssueSubject): boolean {
  if (issue.project.issuesEnabled === false) return false;
  if (issue.project.archived && ability !== 'read_issue' && ability !== 'read_issue_relation') return false;
  if (actor?.admin) return true;
  if (issue.hidden) return false;
  if (!canProject(actor, 'read_project', issue.project)) return false;
  const level = projectAccessLevel(actor, issue.project);
  const isAuthor = actor !== null && issue.authorId === actor.id;
  const isAssignee = actor !== null && issue.assigneeIds.includes(actor.id);
  const readable = !issue.confidential || level >= AccessLevel.PLANNER || isAuthor || isAssignee;
  if (!readable) return false;
  switch (ability) {
    case 'read_issue':
    case 'read_issue_relation':
      return true;
    case 'update_issue':
      return level >= AccessLevel.PLANNER || isAuthor || isAssignee;
    case 'admin_issue':
      return level >= AccessLevel.PLANNER;
    case 'destroy_issue':
      return level === AccessLevel.PLANNER || level >= AccessLevel.OWNER;
    case 'admin_issue_relation':
      return level >= AccessLevel.GUEST;
    case 'create_note':
      return actor !== null && (!issue.discussionLocked || level >= AccessLevel.GUEST);
  }
}

export function canEpic(actor: Actor | null, ability: EpicAbility, epic: EpicSubject): boolean {
  if (actor?.admin) return true;
  if (epic.hidden) return false;
  if (!canGroup(actor, 'read_group', epic.group)) return false;
  const level = groupAccessLevel(actor, epic.group);
  if (ability === 'create_epic') return level >= AccessLevel.PLANNER;
  // GitLab: `(reporter | planner) & epics_available` enables read_confidential_epic.
  if (epic.confidential && level < AccessLevel.PLANNER) return false;
  switch (ability) {
    case 'read_epic':
    case 'read_epic_relation':
      return true;
    case 'update_epic':
    case 'admin_epic':
    case 'admin_epic_relation':
      return level >= AccessLevel.PLANNER;
    case 'destroy_epic':
      return level === AccessLevel.PLANNER || level >= AccessLevel.OWNER;
    case 'create_note':
      return actor !== null && (!epic.discussionLocked || level >= AccessLevel.GUEST);
  }
}

/**
 * Merge requests: read with the project when its merge requests are enabled, unless moderation hid
 * them (author banned: admins only — SQL twin `mergeRequestNotHidden`). Threads are resolved by the
 * merge request's author or Developer and above (GitLab's `Discussion#can_resolve?`).
 */
export function canMergeRequest(actor: Actor | null, ability: MergeRequestAbility, mr: MergeRequestSubject): boolean {
  if (!mr.project.mergeRequestsEnabled) return false;
  if (mr.project.archived && ability !== 'read_merge_request') return false;
  if (actor?.admin) return true;
  if (mr.hidden) return false;
  if (!canProject(actor, 'read_project', mr.project)) return false;
  const level = projectAccessLevel(actor, mr.project);
  switch (ability) {
    case 'read_merge_request':
      return true;
    case 'create_note':
      return actor !== null && (!mr.discussionLocked || level >= AccessLevel.GUEST);
    case 'resolve_note':
      return actor !== null && (mr.authorId === actor.id || level >= AccessLevel.DEVELOPER);
  }
}

/** Read the noteable an issue, epic or merge request note hangs on. */
function noteableReadable(actor: Actor | null, noteable: NoteSubject['noteable']): boolean {
  switch (noteable.kind) {
    case 'issue':
      return canIssue(actor, 'read_issue', noteable);
    case 'epic':
      return canEpic(actor, 'read_epic', noteable);
    case 'merge_request':
      return canMergeRequest(actor, 'read_merge_request', noteable);
  }
}

/** The actor's access level where the noteable lives (its project, or the epic's group). */
export function noteableAccessLevel(actor: Actor | null, noteable: NoteSubject['noteable']): number {
  return noteable.kind === 'epic'
    ? groupAccessLevel(actor, noteable.group)
    : projectAccessLevel(actor, noteable.project);
}

/**
 * Set the planning fields (assignees, labels, milestone, iteration, epic, weight, dates) of an issue
 * being created in `project`: admin_issue on an issue that does not exist yet, so the issue's
 * confidentiality, author and assignees play no part.
 */
export function canAdminNewIssue(actor: Actor | null, project: ProjectSubject): boolean {
  return canIssue(actor, 'admin_issue', {
    kind: 'issue',
    project,
    confidential: false,
    authorId: null,
    assigneeIds: [],
    discussionLocked: false,
    hidden: false,
  });
}

/**
 * Promote an issue to an epic (GitLab's canPromoteToEpic): administer the issue and create epics in
 * the group that holds its project. `group` is null when the project is in a user's namespace.
 */
export function canPromoteIssueToEpic(actor: Actor | null, issue: IssueSubject, group: GroupSubject | null): boolean {
  if (group === null || !canIssue(actor, 'admin_issue', issue)) return false;
  return canEpic(actor, 'create_epic', { kind: 'epic', group, confidential: issue.confidential, authorId: null });
}

function containerReadable(actor: Actor | null, container: GroupSubject | ProjectSubject): boolean {
  return container.kind === 'group'
    ? canGroup(actor, 'read_group', container)
    : canProject(actor, 'read_project', container);
}

function containerLevel(actor: Actor | null, container: GroupSubject | ProjectSubject): number {
  return container.kind === 'group' ? groupAccessLevel(actor, container) : projectAccessLevel(actor, container);
}

/**
 * What a group or project holds (labels, milestones, templates): administrators may do anything;
 * reading goes with reading the container; managing takes `manageLevel` on it.
 */
function canContained(
  actor: Actor | null,
  container: GroupSubject | ProjectSubject,
  reading: boolean,
  manageLevel: number,
): boolean {
  if (actor?.admin) return true;
  if (reading) return containerReadable(actor, container);
  return containerLevel(actor, container) >= manageLevel;
}

export function canLabel(actor: Actor | null, ability: LabelAbility, label: LabelSubject): boolean {
  return canContained(actor, label.container, ability === 'read_label', AccessLevel.PLANNER);
}

export function canMilestone(actor: Actor | null, ability: MilestoneAbility, milestone: MilestoneSubject): boolean {
  return canContained(actor, milestone.container, ability === 'read_milestone', AccessLevel.PLANNER);
}

/** Description templates: read with the container, managed by its Maintainers (project and group settings). */
export function canTemplate(actor: Actor | null, ability: TemplateAbility, template: TemplateSubject): boolean {
  return canContained(actor, template.container, ability === 'read_issuable_template', AccessLevel.MAINTAINER);
}

export function canNote(actor: Actor | null, ability: NoteAbility, note: NoteSubject): boolean {
  if (actor?.admin) return true;
  if (note.hidden) return false;
  const noteable = note.noteable;
  if (!noteableReadable(actor, noteable)) return false;
  const level = noteableAccessLevel(actor, noteable);
  if (note.internal && level < AccessLevel.REPORTER) return false;
  if (ability === 'read_note') return true;
  if (note.system) return false;
  const isAuthor = actor !== null && note.authorId === actor.id;
  if (ability === 'update_note') return isAuthor;
  return isAuthor || level >= AccessLevel.MAINTAINER;
}

/**
 * The comment box's note flags on an issue or epic, through `canNote` so they follow its rules:
 * `mark_note_as_internal` — may add internal notes (whoever may read them: Reporter and above);
 * `admin_note` — may delete other people's comments (Maintainer and above).
 */
export function canNoteOn(
  actor: Actor | null,
  ability: 'mark_note_as_internal' | 'admin_note',
  noteable: NoteSubject['noteable'],
): boolean {
  if (actor === null) return false;
  const someoneElses = { kind: 'note', noteable, authorId: null, system: false } as const;
  return ability === 'mark_note_as_internal'
    ? canNote(actor, 'read_note', { ...someoneElses, internal: true })
    : canNote(actor, 'destroy_note', { ...someoneElses, internal: false });
}

/** Submit an issue as spam (GitLab's canReportSpam, `admin_all_resources`): instance admins who can read it. */
export function canSubmitIssueAsSpam(actor: Actor | null, issue: IssueSubject): boolean {
  return actor?.admin === true && canIssue(actor, 'read_issue', issue);
}

/** The moderation queue and actions on users (abuse reports, spam logs): instance admins only. */
export function canModerate(actor: Actor | null): boolean {
  return actor?.admin === true;
}

/** Each subject kind's ability check (the ability is checked against the kind's own ability names). */
const checksByKind: {
  [K in Subject['kind']]: (actor: Actor | null, ability: never, subject: Extract<Subject, { kind: K }>) => boolean;
} = {
  group: canGroup,
  project: canProject,
  issue: canIssue,
  epic: canEpic,
  merge_request: canMergeRequest,
  label: canLabel,
  milestone: canMilestone,
  issuable_template: canTemplate,
  note: canNote,
};

/** Dispatch by subject kind, for callers that hold a `Subject` union. */
export function can(actor: Actor | null, ability: string, subject: Subject): boolean {
  const check = checksByKind[subject.kind] as (actor: Actor | null, ability: string, subject: Subject) => boolean;
  return check(actor, ability, subject);
}
