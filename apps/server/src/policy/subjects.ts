import type { ProjectCreationLevel, SubgroupCreationLevel } from '@meridian/domain';

/** The minimum each policy decision needs to know about a subject. Services build these from rows. */
export interface GroupSubject {
  kind: 'group';
  id: number;
  traversalIds: number[];
  visibilityLevel: number;
  /**
   * The group's `project_creation_level` and `subgroup_creation_level` settings: needed by the
   * create_project and create_subgroup abilities only (a subject built without them refuses both).
   */
  projectCreationLevel?: ProjectCreationLevel;
  subgroupCreationLevel?: SubgroupCreationLevel;
}

export interface ProjectSubject {
  kind: 'project';
  id: number;
  namespaceTraversalIds: number[];
  visibilityLevel: number;
  /**
   * projects.issues_enabled and projects.archived. Optional because most project subjects are built
   * where issues are irrelevant; every issue subject and issue-creation check sets both.
   */
  issuesEnabled?: boolean;
  archived?: boolean;
}

export interface IssueSubject {
  kind: 'issue';
  project: ProjectSubject;
  confidential: boolean;
  authorId: number | null;
  assigneeIds: number[];
  discussionLocked: boolean;
  /** Its author is banned or an admin submitted it as spam: only instance admins may see it. */
  hidden: boolean;
}

export interface EpicSubject {
  kind: 'epic';
  group: GroupSubject;
  confidential: boolean;
  authorId: number | null;
  discussionLocked?: boolean;
  /** Its author is banned: only instance admins may see it (absent for an epic being created). */
  hidden?: boolean;
}

/** A merge request: readable with its project when the project has merge requests enabled. */
export interface MergeRequestSubject {
  kind: 'merge_request';
  project: ProjectSubject & { mergeRequestsEnabled: boolean };
  authorId: number | null;
  discussionLocked: boolean;
  /** Its author is banned: only instance admins may see it. */
  hidden: boolean;
}

export interface LabelSubject {
  kind: 'label';
  container: GroupSubject | ProjectSubject;
}

export interface MilestoneSubject {
  kind: 'milestone';
  container: GroupSubject | ProjectSubject;
}

/** A description template of a project or a group (inherited by the projects and subgroups below). */
export interface TemplateSubject {
  kind: 'issuable_template';
  container: GroupSubject | ProjectSubject;
}

export interface NoteSubject {
  kind: 'note';
  noteable: IssueSubject | EpicSubject | MergeRequestSubject;
  authorId: number | null;
  internal: boolean;
  system: boolean;
  /** Its author is banned: only instance admins may see it (SQL twin `noteNotHidden`). */
  hidden?: boolean;
}

export type Subject =
  | GroupSubject
  | ProjectSubject
  | IssueSubject
  | EpicSubject
  | MergeRequestSubject
  | LabelSubject
  | MilestoneSubject
  | TemplateSubject
  | NoteSubject;
