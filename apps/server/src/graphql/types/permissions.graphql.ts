import type { GroupRow, ProjectRow } from '../../modules/namespaces/namespace-lookup.service';
import { groupSubject, projectSubject } from '../../modules/namespaces/namespace-lookup.service';
import { canEpic, canGroup, canIssue, canProject, canPromoteIssueToEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { EpicSubject, GroupSubject, IssueSubject } from '../../policy/subjects';
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
export interface IssuePermissionsSource {
  actor: Actor | null;
  issue: IssueSubject;
  /** The group holding the issue's project; null for a project in a user's namespace. */
  projectGroup: GroupSubject | null;
}

export const GroupPermissions = builder.objectRef<GroupPermissionsSource>('GroupPermissions').implement({
  description: 'Permissions for the current user on a group.',
  fields: (t) => ({
    readGroup: t.boolean({
      description: 'If `true`, the user can read the group.',
      resolve: (s) => canGroup(s.actor, 'read_group', groupSubject(s.group)),
    }),
    createProjects: t.boolean({
      description: 'If `true`, the user can create projects in the group.',
      resolve: (s) => canGroup(s.actor, 'create_project', groupSubject(s.group)),
    }),
    createSubgroup: t.boolean({
      description: 'If `true`, the user can create subgroups.',
      resolve: (s) => canGroup(s.actor, 'create_subgroup', groupSubject(s.group)),
    }),
    adminGroup: t.boolean({
      description: 'If `true`, the user can administer the group.',
      resolve: (s) => canGroup(s.actor, 'admin_group', groupSubject(s.group)),
    }),
    removeGroup: t.boolean({
      description: 'If `true`, the user can delete the group.',
      resolve: (s) => canGroup(s.actor, 'destroy_group', groupSubject(s.group)),
    }),
    createEpic: t.boolean({
      description: 'If `true`, the user can create epics in the group.',
      resolve: (s) =>
        canEpic(s.actor, 'create_epic', {
          kind: 'epic',
          group: groupSubject(s.group),
          confidential: false,
          authorId: null,
        }),
    }),
  }),
});

export const ProjectPermissions = builder.objectRef<ProjectPermissionsSource>('ProjectPermissions').implement({
  description: 'Permissions for the current user on a project.',
  fields: (t) => ({
    readProject: t.boolean({
      description: 'If `true`, the user can read the project.',
      resolve: (s) => canProject(s.actor, 'read_project', projectSubject(s.project)),
    }),
    createIssue: t.boolean({
      description: 'If `true`, the user can create issues in the project.',
      resolve: (s) => canProject(s.actor, 'create_issue', projectSubject(s.project)),
    }),
    adminProject: t.boolean({
      description: 'If `true`, the user can administer the project.',
      resolve: (s) => canProject(s.actor, 'admin_project', projectSubject(s.project)),
    }),
    removeProject: t.boolean({
      description: 'If `true`, the user can delete the project.',
      resolve: (s) => canProject(s.actor, 'destroy_project', projectSubject(s.project)),
    }),
  }),
});

export const EpicPermissions = builder.objectRef<EpicPermissionsSource>('EpicPermissions').implement({
  description: 'Check permissions for the current user on an epic.',
  fields: (t) => ({
    readEpic: t.boolean({
      description: 'If `true`, the user can read the epic.',
      resolve: (s) => canEpic(s.actor, 'read_epic', s.epic),
    }),
    createEpic: t.boolean({
      description: 'If `true`, the user can create epics in the epic’s group.',
      resolve: (s) => canEpic(s.actor, 'create_epic', s.epic),
    }),
    updateEpic: t.boolean({
      description: 'If `true`, the user can update the epic.',
      resolve: (s) => canEpic(s.actor, 'update_epic', s.epic),
    }),
    adminEpic: t.boolean({
      description: 'If `true`, the user can administer the epic.',
      resolve: (s) => canEpic(s.actor, 'admin_epic', s.epic),
    }),
    destroyEpic: t.boolean({
      description: 'If `true`, the user can delete the epic.',
      resolve: (s) => canEpic(s.actor, 'destroy_epic', s.epic),
    }),
    adminEpicRelation: t.boolean({
      description: 'If `true`, the user can add and remove child epics and issues.',
      resolve: (s) => canEpic(s.actor, 'admin_epic_relation', s.epic),
    }),
    createNote: t.boolean({
      description: 'If `true`, the user can comment on the epic.',
      resolve: (s) => canEpic(s.actor, 'create_note', s.epic),
    }),
  }),
});

export const IssuePermissions = builder.objectRef<IssuePermissionsSource>('IssuePermissions').implement({
  description: 'Check permissions for the current user on an issue.',
  fields: (t) => ({
    readIssue: t.boolean({
      description: 'If `true`, the user can read the issue.',
      resolve: (s) => canIssue(s.actor, 'read_issue', s.issue),
    }),
    updateIssue: t.boolean({
      description: 'If `true`, the user can update the issue.',
      resolve: (s) => canIssue(s.actor, 'update_issue', s.issue),
    }),
    reopenIssue: t.boolean({
      description: 'If `true`, the user can reopen the issue (whoever may update it).',
      resolve: (s) => canIssue(s.actor, 'update_issue', s.issue),
    }),
    createIssue: t.boolean({
      description: "If `true`, the user can create issues in the issue's project (New related issue).",
      resolve: (s) => canProject(s.actor, 'create_issue', s.issue.project),
    }),
    promoteToEpic: t.boolean({
      description: "If `true`, the user can promote the issue to an epic in its project's group.",
      resolve: (s) => canPromoteIssueToEpic(s.actor, s.issue, s.projectGroup),
    }),
    adminIssue: t.boolean({
      description: 'If `true`, the user can administer the issue.',
      resolve: (s) => canIssue(s.actor, 'admin_issue', s.issue),
    }),
    destroyIssue: t.boolean({
      description: 'If `true`, the user can delete the issue.',
      resolve: (s) => canIssue(s.actor, 'destroy_issue', s.issue),
    }),
    createNote: t.boolean({
      description: 'If `true`, the user can comment on the issue.',
      resolve: (s) => canIssue(s.actor, 'create_note', s.issue),
    }),
  }),
});
