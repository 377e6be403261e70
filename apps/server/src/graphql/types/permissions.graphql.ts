import { mayCreateMergeRequests } from '../../modules/merge-requests';
import type { GroupRow, ProjectRow } from '../../modules/namespaces';
import { groupSubject, projectSubject } from '../../modules/namespaces';
import { canManageTemplates } from '../../modules/templates';
import {
  canAdminNewIssue,
  canEpic,
  canGroup,
  canIssue,
  canLabel,
  canMergeRequest,
  canNoteOn,
  canProject,
  canPromoteIssueToEpic,
  canSubmitIssueAsSpam,
  type EpicAbility,
  type GroupAbility,
  type IssueAbility,
  type MergeRequestAbility,
  type ProjectAbility,
} from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { EpicSubject, GroupSubject, IssueSubject, MergeRequestSubject } from '../../policy/subjects';
import { canWorkItem, type WorkItemAbility } from '../../policy/work-item-abilities';
import { builder } from '../builder';

/** What a permissions object resolves from: the actor and the subject, decided by policy/abilities. */
export interface GroupPermissionsSource {
  actor: Actor | null;
  group: GroupRow;
}
export interface ProjectPermissionsSource {
  actor: Actor | null;
  project: ProjectRow;
}
export interface EpicPermissionsSource {
  actor: Actor | null;
  epic: EpicSubject;
}
export interface MergeRequestPermissionsSource {
  actor: Actor | null;
  mergeRequest: MergeRequestSubject;
}
export interface IssuePermissionsSource {
  actor: Actor | null;
  issue: IssueSubject;
  /** The group holding the issue's project; null for a project in a user's namespace. */
  projectGroup: GroupSubject | null;
}

/** A Boolean field of a permissions object: its GraphQL name → the ability it checks and what that allows. */
type AbilityFields<A extends string> = Record<string, readonly [ability: A, allows: string]>;

/** A permissions object type: one Boolean field an ability, each answered by `can`. */
function permissionsObject<S, A extends string>(
  name: string,
  description: string,
  can: (source: S, ability: A) => boolean,
  fields: AbilityFields<A>,
) {
  return builder.objectRef<S>(name).implement({
    description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(fields).map(([field, [ability, allows]]) => [
          field,
          t.boolean({ description: `If \`true\`, the user can ${allows}.`, resolve: (s) => can(s, ability) }),
        ]),
      ),
  });
}

/** Epics are created in a group, so the group answers for a new, open epic in it. */
const newEpicIn = (group: GroupRow): EpicSubject => ({
  kind: 'epic',
  group: groupSubject(group),
  confidential: false,
  authorId: null,
});

/** Managing description templates is the templates' own ability, asked of the container. */
const ADMIN_TEMPLATES = 'admin_issuable_template';

/** Creating and editing the group's labels is the labels' own ability, asked of the group. */
const ADMIN_LABEL = 'admin_label';

function canOnGroup(
  s: GroupPermissionsSource,
  ability: GroupAbility | 'create_epic' | typeof ADMIN_TEMPLATES | typeof ADMIN_LABEL,
) {
  if (ability === 'create_epic') return canEpic(s.actor, ability, newEpicIn(s.group));
  if (ability === ADMIN_LABEL) return canLabel(s.actor, ability, { kind: 'label', container: groupSubject(s.group) });
  if (ability === ADMIN_TEMPLATES) return canManageTemplates(s.actor, groupSubject(s.group));
  return canGroup(s.actor, ability, groupSubject(s.group));
}

export const GroupPermissions = permissionsObject<
  GroupPermissionsSource,
  GroupAbility | 'create_epic' | typeof ADMIN_TEMPLATES | typeof ADMIN_LABEL
>('GroupPermissions', 'Permissions for the current user on a group.', canOnGroup, {
  readGroup: ['read_group', 'read the group'],
  createProjects: ['create_project', 'create projects in the group'],
  createSubgroup: ['create_subgroup', 'create subgroups'],
  adminGroup: ['admin_group', 'administer the group'],
  removeGroup: ['destroy_group', 'delete the group'],
  createEpic: ['create_epic', 'create epics in the group'],
  adminLabel: [ADMIN_LABEL, 'create and edit the group’s labels'],
  adminIssuableTemplates: [ADMIN_TEMPLATES, 'add, edit and delete the group’s description templates'],
});

const ADMIN_NEW_ISSUE = 'admin_issue';
/** GitLab's createMergeRequestIn: who may open a merge request targeting the project (Developer and up). */
const CREATE_MR_IN = 'create_merge_request_in';
type ProjectPermission = ProjectAbility | typeof ADMIN_TEMPLATES | typeof ADMIN_NEW_ISSUE | typeof CREATE_MR_IN;

function canOnProject(s: ProjectPermissionsSource, ability: ProjectPermission): boolean {
  if (ability === ADMIN_TEMPLATES) return canManageTemplates(s.actor, projectSubject(s.project));
  if (ability === ADMIN_NEW_ISSUE) return canAdminNewIssue(s.actor, projectSubject(s.project));
  if (ability === CREATE_MR_IN) return mayCreateMergeRequests(s.actor, s.project);
  return canProject(s.actor, ability, projectSubject(s.project));
}

export const ProjectPermissions = permissionsObject<ProjectPermissionsSource, ProjectPermission>(
  'ProjectPermissions',
  'Permissions for the current user on a project.',
  canOnProject,
  {
    readProject: ['read_project', 'read the project'],
    createIssue: ['create_issue', 'create issues in the project'],
    adminIssue: [
      ADMIN_NEW_ISSUE,
      'set the assignees, labels, milestone, iteration, epic, weight and dates of new issues',
    ],
    createIncident: ['create_incident', 'create incidents, or make issues incidents, in the project'],
    importIssues: ['import_issues', 'import issues from a CSV file into the project'],
    createMergeRequestIn: [CREATE_MR_IN, 'create merge requests in the project'],
    adminProject: ['admin_project', 'administer the project'],
    removeProject: ['destroy_project', 'delete the project'],
    adminIssuableTemplates: [ADMIN_TEMPLATES, 'add, edit and delete the project’s description templates'],
  },
);

/** The comment box's note flags (`canNoteOn`), beside an issue's or epic's own abilities. */
type NoteOnAbility = 'mark_note_as_internal' | 'admin_note';
const isNoteOn = (ability: string): ability is NoteOnAbility =>
  ability === 'mark_note_as_internal' || ability === 'admin_note';
const NOTE_FIELDS = {
  markNoteAsInternal: ['mark_note_as_internal', 'add internal notes'],
  adminNote: ['admin_note', "delete other people's comments"],
} as const;

export const EpicPermissions = permissionsObject<EpicPermissionsSource, EpicAbility | NoteOnAbility>(
  'EpicPermissions',
  'Check permissions for the current user on an epic.',
  (s, ability) => (isNoteOn(ability) ? canNoteOn(s.actor, ability, s.epic) : canEpic(s.actor, ability, s.epic)),
  {
    readEpic: ['read_epic', 'read the epic'],
    createEpic: ['create_epic', 'create epics in the epic’s group'],
    updateEpic: ['update_epic', 'update the epic'],
    adminEpic: ['admin_epic', 'administer the epic'],
    destroyEpic: ['destroy_epic', 'delete the epic'],
    adminEpicRelation: ['admin_epic_relation', 'add and remove child epics and issues'],
    createNote: ['create_note', 'comment on the epic'],
    ...NOTE_FIELDS,
  },
);

/** The issue header's flags (IE §2.1) beside the issue abilities: reopen is update, create is the project's. */
type IssuePermission =
  | IssueAbility
  | NoteOnAbility
  | 'reopen_issue'
  | 'create_issue'
  | 'create_incident'
  | 'admin_incident_management_timeline_event'
  | 'promote_to_epic'
  | 'report_spam';

function canOnIssue(s: IssuePermissionsSource, ability: IssuePermission): boolean {
  if (isNoteOn(ability)) return canNoteOn(s.actor, ability, s.issue);
  if (ability === 'promote_to_epic') return canPromoteIssueToEpic(s.actor, s.issue, s.projectGroup);
  if (ability === 'report_spam') return canSubmitIssueAsSpam(s.actor, s.issue);
  if (
    ability === 'create_issue' ||
    ability === 'create_incident' ||
    ability === 'admin_incident_management_timeline_event'
  )
    return canProject(s.actor, ability, s.issue.project);
  return canIssue(s.actor, ability === 'reopen_issue' ? 'update_issue' : ability, s.issue);
}

export const IssuePermissions = permissionsObject<IssuePermissionsSource, IssuePermission>(
  'IssuePermissions',
  'Check permissions for the current user on an issue.',
  canOnIssue,
  {
    readIssue: ['read_issue', 'read the issue'],
    updateIssue: ['update_issue', 'update the issue'],
    reopenIssue: ['reopen_issue', 'reopen the issue (whoever may update it)'],
    createIssue: ['create_issue', "create issues in the issue's project (New related issue)"],
    createIncident: ['create_incident', 'make the issue an incident (the edit form offers Incident)'],
    adminIncidentManagementTimelineEvent: [
      'admin_incident_management_timeline_event',
      "add, edit and remove the incident's timeline events",
    ],
    adminIssue: ['admin_issue', 'administer the issue'],
    destroyIssue: ['destroy_issue', 'delete the issue'],
    adminIssueRelation: ['admin_issue_relation', 'add and remove linked issues'],
    promoteToEpic: ['promote_to_epic', "promote the issue to an epic in its project's group"],
    reportSpam: ['report_spam', 'submit the issue as spam (canReportSpam: instance administrators)'],
    createNote: ['create_note', 'comment on the issue'],
    ...NOTE_FIELDS,
  },
);

/** The merge request page's comment flags (its activity): comment, note flags, resolve threads. */
export const MergeRequestPermissions = permissionsObject<
  MergeRequestPermissionsSource,
  MergeRequestAbility | NoteOnAbility
>(
  'MergeRequestPermissions',
  'Check permissions for the current user on a merge request.',
  (s, ability) =>
    isNoteOn(ability) ? canNoteOn(s.actor, ability, s.mergeRequest) : canMergeRequest(s.actor, ability, s.mergeRequest),
  {
    readMergeRequest: ['read_merge_request', 'read the merge request'],
    createNote: ['create_note', 'comment on the merge request'],
    resolveNote: ['resolve_note', 'resolve and unresolve its threads (its author, Developer and above)'],
    ...NOTE_FIELDS,
  },
);

/** A work item's permissions (IE §6): each an issue or epic ability (policy/work-item-abilities). */
export interface WorkItemPermissionsSource {
  actor: Actor | null;
  subject: IssueSubject | EpicSubject;
}

export const WorkItemPermissions = permissionsObject<WorkItemPermissionsSource, WorkItemAbility>(
  'WorkItemPermissions',
  'Check permissions for the current user on a work item.',
  (s, ability) => canWorkItem(s.actor, ability, s.subject),
  {
    readWorkItem: ['read_work_item', 'read the work item'],
    updateWorkItem: ['update_work_item', 'update the work item'],
    deleteWorkItem: ['delete_work_item', 'delete the work item'],
    adminParentLink: ['admin_parent_link', 'add and remove parent and child items'],
    setWorkItemMetadata: ['set_work_item_metadata', 'set assignees, labels, milestone and the other metadata'],
    createNote: ['create_note', 'comment on the work item'],
    adminWorkItemLink: ['admin_work_item_link', 'add and remove linked items'],
  },
);
