import type { DuoAvailability, HealthStatus, ProjectCreationLevel, SubgroupCreationLevel } from '@meridian/domain';

/** The GitLab REST v4 shapes the web app reads (only the fields it uses). */

export interface UserSummary {
  id: number;
  username: string;
  name: string;
  avatar_url?: string | null;
  web_url?: string;
}

export interface CurrentUser extends UserSummary {
  email?: string;
  is_admin?: boolean;
}

export interface Session {
  user: CurrentUser | null;
  csrf_token: string | null;
}

export interface Group {
  id: number;
  name: string;
  path: string;
  full_path: string;
  full_name?: string;
  description?: string | null;
  visibility?: 'private' | 'internal' | 'public';
  parent_id?: number | null;
  web_url?: string;
  avatar_url?: string | null;
  /** Sent with `GET /groups/:id` only: whether you may manage the group's description templates. */
  can_admin_issuable_templates?: boolean;
  /** Owner of the group (or an administrator): members and seats. */
  can_admin_group?: boolean;
  /** GitLab Duo in force for the group; sent with `GET /groups/:id` to those who may administer it. */
  duo_availability?: DuoAvailability;
  duo_features_enabled?: boolean;
  lock_duo_features_enabled?: boolean;
  /** What locks the Duo availability: 'instance' or the full path of the ancestor that chose never_on. */
  duo_availability_locked_by?: string | null;
  experiment_features_enabled?: boolean;
  /** GitLab's group settings (`GET /groups/:id`): notification emails in force, who may create. */
  emails_enabled?: boolean;
  project_creation_level?: ProjectCreationLevel;
  subgroup_creation_level?: SubgroupCreationLevel;
}

export interface Project {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  name_with_namespace?: string;
  description?: string | null;
  visibility?: 'private' | 'internal' | 'public';
  web_url?: string;
  open_issues_count?: number;
  star_count?: number;
  last_activity_at?: string;
  namespace?: { id: number; name: string; path: string; full_path: string; kind?: string };
  /** The branch a new merge request targets unless told otherwise. */
  default_branch?: string;
  /** Sent with `GET /projects/:id` only: whether you may manage the project's description templates. */
  can_admin_issuable_templates?: boolean;
  /** Sent with `GET /projects/:id` only: whether you may read the project's vulnerability report. */
  can_read_vulnerability?: boolean;
  /** Sent with `GET /projects/:id` only: whether you may see, and change, the escalation policies. */
  can_read_escalation_policies?: boolean;
  can_admin_escalation_policies?: boolean;
}

export interface LabelDetail {
  id?: number;
  name: string;
  color?: string;
  text_color?: string;
  description?: string | null;
}

export type LabelRef = string | LabelDetail;

export interface MilestoneRef {
  id: number;
  iid?: number;
  title: string;
  state?: string;
  due_date?: string | null;
  start_date?: string | null;
  description?: string | null;
  web_url?: string;
}

export interface References {
  short: string;
  relative: string;
  full: string;
}

/** The fields issues, epics and merge requests share (GitLab's issuables). */
export interface Issuable {
  id: number;
  iid: number;
  title: string;
  description?: string | null;
  /** The server-sanitized rendering of `description` (merge requests: on the single one only). */
  description_html?: string | null;
  created_at: string;
  updated_at?: string;
  closed_at?: string | null;
  labels: LabelRef[];
  author?: UserSummary;
  web_url?: string;
  references?: References;
  upvotes?: number;
  downvotes?: number;
}

export interface Issue extends Issuable {
  project_id: number;
  state: 'opened' | 'closed';
  milestone?: MilestoneRef | null;
  assignees?: UserSummary[];
  due_date?: string | null;
  /** Meridian's: an issue's start date (GitLab keeps it on the work item). */
  start_date?: string | null;
  weight?: number | null;
  confidential?: boolean;
  user_notes_count?: number;
  issue_type?: string;
  health_status?: HealthStatus | null;
  merge_requests_count?: number;
  blocking_issues_count?: number;
  task_completion_status?: { count: number; completed_count: number };
  lock_version?: number;
  time_stats?: TimeStats;
  discussion_locked?: boolean;
  /** Hidden by moderation (author banned, or submitted as spam): only admins get it, flagged. */
  hidden?: boolean;
  /** GitLab's Importable: brought in from elsewhere (imported_from is not 'none'). */
  imported?: boolean;
  imported_from?: string;
  iteration?: IterationRef | null;
  /** Single-issue answers only: whether the signed-in user gets notifications about it. */
  subscribed?: boolean;
  /** Open issues the reader may see that block this one. */
  blocked_by_count?: number;
  epic?: { id: number; iid: number; title: string; url: string; group_id: number } | null;
  /** Single-issue answers only: where the closed issue went, when the reader may see it (IE §2.1). */
  duplicated_to_issue_url?: string | null;
  /** The issue this one was moved to (GitLab's `moved_to_id`). */
  moved_to_id?: number | null;
  moved_to_issue_url?: string | null;
  promoted_to_epic_url?: string | null;
  /** Single-issue answers only: the author's first issue in the project, from a non-member or Guest. */
  is_first_contribution?: boolean;
  /** Single-issue answers only: the address that comments on the issue by email, when configured. */
  create_note_email?: string | null;
}

export type { HealthStatus };

export interface IterationRef {
  id: number;
  title: string | null;
  start_date?: string | null;
  due_date?: string | null;
}

/** GitLab's time tracking figures on an issue (seconds, and their short human form). */
export interface TimeStats {
  time_estimate: number;
  total_time_spent: number;
  human_time_estimate: string | null;
  human_total_time_spent: string | null;
}

export interface Epic extends Issuable {
  group_id: number;
  parent_id?: number | null;
  parent_iid?: number | null;
  state: 'opened' | 'closed';
  confidential?: boolean;
  /** Its author is banned: only admins get it, flagged. */
  hidden?: boolean;
  /** GitLab's Importable: brought in from elsewhere (imported_from is not 'none'). */
  imported?: boolean;
  imported_from?: string;
  start_date?: string | null;
  due_date?: string | null;
  end_date?: string | null;
  /** Each date is either fixed (set by hand) or inherited from milestones and child epics. */
  start_date_is_fixed?: boolean;
  start_date_fixed?: string | null;
  start_date_from_milestones?: string | null;
  due_date_is_fixed?: boolean;
  due_date_fixed?: string | null;
  due_date_from_milestones?: string | null;
  color?: string;
  /** Single-epic answers only: what a description save sends back (409 when stale). */
  lock_version?: number;
}

export interface Note {
  id: number;
  body: string;
  body_html?: string | null;
  author: UserSummary;
  created_at: string;
  system: boolean;
}

export interface MergeRequest extends Issuable {
  project_id: number;
  state: 'opened' | 'closed' | 'merged' | 'locked';
  draft?: boolean;
  assignees?: UserSummary[];
  reviewers?: UserSummary[];
  milestone?: MilestoneRef | null;
  source_branch?: string;
  target_branch?: string;
  merged_at?: string | null;
  user_notes_count?: number;
  has_conflicts?: boolean;
  discussion_locked?: boolean | null;
  task_completion_status?: { count: number; completed_count: number };
}
