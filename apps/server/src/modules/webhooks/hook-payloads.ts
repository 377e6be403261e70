/**
 * GitLab's webhook payloads (Gitlab::HookData::*Builder, "Webhook events" docs), built from plain
 * rows: pure, so the shape is tested without a database. Dates are ISO 8601 in UTC, as GitLab's
 * JSON renders them.
 */

import { formatDuration } from '@meridian/domain';

export interface HookUser {
  id: number;
  name: string;
  username: string;
  avatar_url: string | null;
}
export interface HookProject {
  id: number;
  name: string;
  description: string;
  path_with_namespace: string;
  namespace_name: string;
  visibility_level: number;
  default_branch: string;
  avatar_url: string | null;
}
export interface HookLabel {
  id: number;
  title: string;
  color: string;
  description: string;
  project_id: number | null;
  group_id: number | null;
  created_at: Date;
  updated_at: Date;
}
/** What an issue and a merge request row share in their hook payloads. */
interface HookIssuable {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string;
  author_id: number | null;
  state: string;
  milestone_id: number | null;
  discussion_locked: boolean;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  assignee_ids: number[];
}
export interface HookIssue extends HookIssuable {
  updated_by_id: number | null;
  confidential: boolean;
  due_date: string | null;
  moved_to_id: number | null;
  duplicated_to_id: number | null;
  relative_position: number | null;
  time_estimate: number;
  total_time_spent: number;
  weight: number | null;
  health_status: string | null;
  issue_type: string;
}
export interface HookMergeRequest extends HookIssuable {
  merge_user_id: number | null;
  draft: boolean;
  source_branch: string;
  target_branch: string;
  merged_at: Date | null;
  reviewer_ids: number[];
}
export interface HookNote {
  id: number;
  note: string;
  noteable_type: string;
  noteable_id: number;
  project_id: number | null;
  author_id: number | null;
  discussion_id: string;
  system: boolean;
  internal: boolean;
  resolved_at: Date | null;
  resolved_by_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export type Changes = Record<string, { previous: unknown; current: unknown }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ISSUE_STATE_IDS: Record<string, number> = { opened: 1, closed: 2 };
const MR_STATE_IDS: Record<string, number> = { opened: 1, closed: 2, merged: 3, locked: 4 };
const ISSUE_TYPE_NAMES: Record<string, string> = {
  issue: 'Issue',
  incident: 'Incident',
  test_case: 'Test Case',
  requirement: 'Requirement',
  task: 'Task',
  objective: 'Objective',
  key_result: 'Key Result',
  epic: 'Epic',
};

/** GitLab's `user.hook_attrs`; the email is redacted as GitLab does for webhook receivers. */
export function userHookAttrs(user: HookUser) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    avatar_url: user.avatar_url,
    email: '[REDACTED]',
  };
}

/** GitLab's `project.hook_attrs`: the git URLs point at where the repository would be. */
export function projectHookAttrs(project: HookProject, baseUrl: string) {
  const webUrl = `${baseUrl}/${project.path_with_namespace}`;
  const host = new URL(baseUrl).host;
  const sshUrl = `git@${host.split(':')[0]}:${project.path_with_namespace}.git`;
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    web_url: webUrl,
    avatar_url: project.avatar_url,
    git_ssh_url: sshUrl,
    git_http_url: `${webUrl}.git`,
    namespace: project.namespace_name,
    visibility_level: project.visibility_level,
    path_with_namespace: project.path_with_namespace,
    default_branch: project.default_branch,
    ci_config_path: null,
    homepage: webUrl,
    url: sshUrl,
    ssh_url: sshUrl,
    http_url: `${webUrl}.git`,
  };
}

/** The deprecated `repository` block GitLab still sends. */
export function repositoryHookAttrs(project: HookProject, baseUrl: string) {
  const attrs = projectHookAttrs(project, baseUrl);
  return { name: attrs.name, url: attrs.url, description: attrs.description, homepage: attrs.homepage };
}

export function labelHookAttrs(label: HookLabel) {
  return {
    id: label.id,
    title: label.title,
    color: label.color,
    project_id: label.project_id,
    created_at: iso(label.created_at),
    updated_at: iso(label.updated_at),
    template: false,
    description: label.description,
    type: label.project_id !== null ? 'ProjectLabel' : 'GroupLabel',
    group_id: label.group_id,
  };
}

/** GitLab's `issue.hook_attrs` (IssueBuilder). */
export function issueHookAttrs(issue: HookIssue, labels: HookLabel[], issueUrl: string) {
  return {
    author_id: issue.author_id,
    closed_at: iso(issue.closed_at),
    confidential: issue.confidential,
    created_at: iso(issue.created_at),
    description: issue.description,
    discussion_locked: issue.discussion_locked,
    due_date: issue.due_date,
    id: issue.id,
    iid: issue.iid,
    last_edited_at: null,
    last_edited_by_id: null,
    milestone_id: issue.milestone_id,
    moved_to_id: issue.moved_to_id,
    duplicated_to_id: issue.duplicated_to_id,
    project_id: issue.project_id,
    relative_position: issue.relative_position,
    state_id: ISSUE_STATE_IDS[issue.state] ?? 1,
    time_estimate: issue.time_estimate,
    title: issue.title,
    updated_at: iso(issue.updated_at),
    updated_by_id: issue.updated_by_id,
    weight: issue.weight,
    health_status: issue.health_status,
    type: ISSUE_TYPE_NAMES[issue.issue_type] ?? 'Issue',
    url: issueUrl,
    total_time_spent: issue.total_time_spent,
    time_change: 0,
    // GitLab's TimeTrackingFormatter: `1w 2d 3h`, null for none.
    human_total_time_spent: formatDuration(issue.total_time_spent),
    human_time_change: null,
    human_time_estimate: formatDuration(issue.time_estimate),
    assignee_ids: issue.assignee_ids,
    assignee_id: issue.assignee_ids[0] ?? null,
    labels: labels.map(labelHookAttrs),
    state: issue.state,
    severity: 'unknown',
    customer_relations_contacts: [],
  };
}

/** GitLab's `merge_request.hook_attrs` (MergeRequestBuilder), without repository data Meridian has no use for. */
export function mergeRequestHookAttrs(
  mr: HookMergeRequest,
  labels: HookLabel[],
  mrUrl: string,
  project: ReturnType<typeof projectHookAttrs>,
) {
  return {
    assignee_id: mr.assignee_ids[0] ?? null,
    author_id: mr.author_id,
    created_at: iso(mr.created_at),
    description: mr.description,
    draft: mr.draft,
    head_pipeline_id: null,
    id: mr.id,
    iid: mr.iid,
    last_edited_at: null,
    last_edited_by_id: null,
    merge_commit_sha: null,
    merge_error: null,
    merge_params: {},
    merge_status: 'unchecked',
    merge_user_id: mr.merge_user_id,
    merge_when_pipeline_succeeds: false,
    milestone_id: mr.milestone_id,
    source_branch: mr.source_branch,
    source_project_id: mr.project_id,
    state_id: MR_STATE_IDS[mr.state] ?? 1,
    target_branch: mr.target_branch,
    target_project_id: mr.project_id,
    time_estimate: 0,
    title: mr.title,
    updated_at: iso(mr.updated_at),
    updated_by_id: null,
    prepared_at: iso(mr.created_at),
    assignee_ids: mr.assignee_ids,
    blocking_discussions_resolved: true,
    detailed_merge_status: 'unchecked',
    first_contribution: false,
    human_time_change: null,
    human_time_estimate: null,
    human_total_time_spent: null,
    labels: labels.map(labelHookAttrs),
    last_commit: null,
    reviewer_ids: mr.reviewer_ids,
    source: project,
    state: mr.state,
    target: project,
    time_change: 0,
    total_time_spent: 0,
    url: mrUrl,
    work_in_progress: mr.draft,
  };
}

export function noteHookAttrs(note: HookNote, noteUrl: string) {
  return {
    attachment: null,
    author_id: note.author_id,
    change_position: null,
    commit_id: null,
    created_at: iso(note.created_at),
    discussion_id: note.discussion_id,
    id: note.id,
    internal: note.internal,
    line_code: null,
    note: note.note,
    noteable_id: note.noteable_id,
    noteable_type: note.noteable_type,
    original_position: null,
    position: null,
    project_id: note.project_id,
    resolved_at: iso(note.resolved_at),
    resolved_by_id: note.resolved_by_id,
    resolved_by_push: null,
    st_diff: null,
    system: note.system,
    type: null,
    updated_at: iso(note.updated_at),
    updated_by_id: null,
    description: note.note,
    url: noteUrl,
    action: 'create',
  };
}

/** GitLab's issuable payload (IssuableBuilder): object_kind, event_type, user, project, attributes, changes. */
export function issuablePayload(input: {
  kind: 'issue' | 'merge_request' | 'work_item';
  eventType: string;
  user: HookUser;
  project: ReturnType<typeof projectHookAttrs> | null;
  repository: ReturnType<typeof repositoryHookAttrs> | null;
  objectAttributes: Record<string, unknown>;
  action: string;
  labels: HookLabel[];
  changes: Changes;
  assignees: HookUser[];
  reviewers?: HookUser[];
}) {
  const userAttrs = (u: HookUser) => ({
    id: u.id,
    name: u.name,
    username: u.username,
    avatar_url: u.avatar_url,
    email: '[REDACTED]',
  });
  return {
    object_kind: input.kind,
    event_type: input.eventType,
    user: userHookAttrs(input.user),
    project: input.project,
    object_attributes: { ...input.objectAttributes, action: input.action },
    labels: input.labels.map(labelHookAttrs),
    changes: input.changes,
    repository: input.repository,
    ...(input.assignees.length > 0 ? { assignees: input.assignees.map(userAttrs) } : {}),
    ...(input.reviewers && input.reviewers.length > 0 ? { reviewers: input.reviewers.map(userAttrs) } : {}),
  };
}
