/**
 * The keys and JSON value types of GitLab's documented webhook payload examples ("Webhook events":
 * issue events, comment events on issues and merge requests, merge request events), for checking
 * that Meridian's deliveries carry every key a consumer written against those examples reads, with
 * a value of the documented type. `null` is allowed where GitLab's examples show null or an optional
 * value. Keys Meridian adds are allowed; missing keys are not.
 */
export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export type KeyTypes = Record<string, readonly JsonType[]>;

const S = ['string'] as const;
const S0 = ['string', 'null'] as const;
const N = ['number'] as const;
const N0 = ['number', 'null'] as const;
const B = ['boolean'] as const;
const O = ['object'] as const;
const O0 = ['object', 'null'] as const;
const A = ['array'] as const;

export const USER_KEYS: KeyTypes = { id: N, name: S, username: S, avatar_url: S0, email: S };

export const PROJECT_KEYS: KeyTypes = {
  id: N,
  name: S,
  description: S0,
  web_url: S,
  avatar_url: S0,
  git_ssh_url: S,
  git_http_url: S,
  namespace: S,
  visibility_level: N,
  path_with_namespace: S,
  default_branch: S0,
  ci_config_path: S0,
  homepage: S,
  url: S,
  ssh_url: S,
  http_url: S,
};

export const REPOSITORY_KEYS: KeyTypes = { name: S, url: S, description: S0, homepage: S };

export const LABEL_KEYS: KeyTypes = {
  id: N,
  title: S,
  color: S,
  project_id: N0,
  created_at: S,
  updated_at: S,
  template: B,
  description: S0,
  type: S,
  group_id: N0,
};

export const ISSUE_ATTRIBUTE_KEYS: KeyTypes = {
  author_id: N,
  closed_at: S0,
  confidential: B,
  created_at: S,
  description: S,
  discussion_locked: ['boolean', 'null'],
  due_date: S0,
  id: N,
  iid: N,
  last_edited_at: S0,
  last_edited_by_id: N0,
  milestone_id: N0,
  moved_to_id: N0,
  duplicated_to_id: N0,
  project_id: N,
  relative_position: N0,
  state_id: N,
  time_estimate: N,
  title: S,
  updated_at: S,
  updated_by_id: N0,
  weight: N0,
  health_status: S0,
  type: S,
  url: S,
  total_time_spent: N,
  time_change: N,
  human_total_time_spent: S0,
  human_time_change: S0,
  human_time_estimate: S0,
  assignee_ids: A,
  assignee_id: N0,
  labels: A,
  state: S,
  severity: S,
  customer_relations_contacts: A,
};

/** The issue event: top level (`assignees` is documented when the issue has assignees). */
export const ISSUE_EVENT_KEYS: KeyTypes = {
  object_kind: S,
  event_type: S,
  user: O,
  project: O,
  object_attributes: O,
  labels: A,
  changes: O,
  repository: O,
};

export const MERGE_REQUEST_ATTRIBUTE_KEYS: KeyTypes = {
  assignee_id: N0,
  author_id: N,
  created_at: S,
  description: S,
  draft: B,
  head_pipeline_id: N0,
  id: N,
  iid: N,
  last_edited_at: S0,
  last_edited_by_id: N0,
  merge_commit_sha: S0,
  merge_error: S0,
  merge_params: O,
  merge_status: S,
  merge_user_id: N0,
  merge_when_pipeline_succeeds: B,
  milestone_id: N0,
  source_branch: S,
  source_project_id: N,
  state_id: N,
  target_branch: S,
  target_project_id: N,
  time_estimate: N,
  title: S,
  updated_at: S,
  updated_by_id: N0,
  assignee_ids: A,
  blocking_discussions_resolved: B,
  detailed_merge_status: S,
  first_contribution: B,
  human_time_change: S0,
  human_time_estimate: S0,
  human_total_time_spent: S0,
  labels: A,
  last_commit: O0,
  reviewer_ids: A,
  source: O,
  state: S,
  target: O,
  time_change: N,
  total_time_spent: N,
  url: S,
  work_in_progress: B,
  action: S,
};

/** The merge request event: the same top level as the issue event. */
export const MERGE_REQUEST_EVENT_KEYS: KeyTypes = ISSUE_EVENT_KEYS;

export const NOTE_ATTRIBUTE_KEYS: KeyTypes = {
  attachment: S0,
  author_id: N,
  change_position: O0,
  commit_id: S0,
  created_at: S,
  discussion_id: S,
  id: N,
  line_code: S0,
  note: S,
  noteable_id: N,
  noteable_type: S,
  original_position: O0,
  position: O0,
  project_id: N,
  resolved_at: S0,
  resolved_by_id: N0,
  resolved_by_push: ['boolean', 'null'],
  st_diff: O0,
  system: B,
  type: S0,
  updated_at: S,
  updated_by_id: N0,
  description: S,
  url: S,
  action: S,
};

export const NOTE_EVENT_KEYS: KeyTypes = {
  object_kind: S,
  event_type: S,
  user: O,
  project_id: N,
  project: O,
  object_attributes: O,
  repository: O,
};

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/** Every mismatch of `value` against `keys`, as `path: problem` lines (empty when it matches). */
export function keyMismatches(value: unknown, keys: KeyTypes, path: string): string[] {
  if (typeOf(value) !== 'object') return [`${path}: expected an object, got ${typeOf(value)}`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, types] of Object.entries(keys)) {
    if (!(key in record)) problems.push(`${path}.${key}: missing`);
    else if (!types.includes(typeOf(record[key]))) {
      problems.push(`${path}.${key}: expected ${types.join(' or ')}, got ${typeOf(record[key])}`);
    }
  }
  return problems;
}
