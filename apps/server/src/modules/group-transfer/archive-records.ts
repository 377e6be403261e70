import { z } from 'zod';
import type { ArchiveKind } from './archive-format';

/**
 * One zod schema per kind of archive record: what the exporter writes and what the reader accepts.
 * Every string has a cap (a hostile archive gets no further than one line's schema); unknown keys
 * are dropped, so a later format's extra keys do not stop an older reader.
 */

const TEXT_MAX = 1_048_576; // GitLab's description and note limit
const path = z.string().min(1).max(2048);
const short = z.string().max(255);
const username = z.string().min(1).max(255);
const timestamp = z.iso.datetime({ offset: true });
const date = z.iso.date();
const int = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const nonNegative = z.number().int().min(0).max(2_147_483_647);

const issueRef = z.object({ project_path: path, iid: nonNegative });
const epicRef = z.object({ group_path: path, iid: nonNegative });
const ownerPaths = { group_path: path.nullable(), project_path: path.nullable() };

export const userRecord = z.object({
  username,
  email: z.string().max(255),
  name: short,
  state: short,
});

export const groupRecord = z.object({
  full_path: path,
  path: short,
  name: short,
  description: z.string().max(2048),
  visibility_level: nonNegative,
  parent_path: path.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const projectRecord = z.object({
  full_path: path,
  path: short,
  name: short,
  namespace_path: path,
  description: z.string().max(TEXT_MAX),
  visibility_level: nonNegative,
  archived: z.boolean(),
  issues_enabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const memberRecord = z.object({
  source_type: z.enum(['Namespace', 'Project']),
  source_path: path,
  access_level: nonNegative,
  expires_at: date.nullable(),
  created_at: timestamp,
  user: userRecord.pick({ username: true, email: true, name: true }),
});

export const labelRecord = z.object({
  ...ownerPaths,
  title: short,
  color: z.string().max(32),
  text_color: z.string().max(32),
  description: z.string().max(TEXT_MAX),
  priority: int.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const milestoneRecord = z.object({
  ...ownerPaths,
  iid: nonNegative,
  title: short,
  description: z.string().max(TEXT_MAX),
  state: z.enum(['active', 'closed']),
  start_date: date.nullable(),
  due_date: date.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const iterationsCadenceRecord = z.object({
  /** This archive's own key for the cadence: iterations refer to it (cadences have no iid). */
  id: nonNegative,
  group_path: path,
  title: short,
  description: z.string().max(TEXT_MAX),
  automatic: z.boolean(),
  active: z.boolean(),
  roll_over: z.boolean(),
  start_date: date.nullable(),
  duration_in_weeks: nonNegative.nullable(),
  iterations_in_advance: nonNegative.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const iterationRecord = z.object({
  group_path: path,
  iid: nonNegative,
  iterations_cadence_id: nonNegative,
  sequence: nonNegative,
  title: short.nullable(),
  description: z.string().max(TEXT_MAX),
  start_date: date,
  due_date: date,
  created_at: timestamp,
  updated_at: timestamp,
});

export const issueRecord = z.object({
  project_path: path,
  iid: nonNegative,
  issue_type: z.string().max(32),
  title: short,
  description: z.string().max(TEXT_MAX),
  state: z.enum(['opened', 'closed']),
  confidential: z.boolean(),
  discussion_locked: z.boolean(),
  weight: int.nullable(),
  health_status: z.string().max(32).nullable(),
  severity: z.string().max(32),
  escalation_status: z.string().max(32),
  due_date: date.nullable(),
  start_date: date.nullable(),
  time_estimate: nonNegative,
  relative_position: int.nullable(),
  author: username.nullable(),
  closed_by: username.nullable(),
  assignees: z.array(username).max(200),
  labels: z.array(short).max(1000),
  milestone: z.object({ ...ownerPaths, iid: nonNegative, title: short }).nullable(),
  iteration: z.object({ group_path: path, iid: nonNegative }).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullable(),
});

export const workItemParentLinkRecord = z.object({
  parent: issueRef,
  child: issueRef,
  relative_position: int.nullable(),
  created_at: timestamp,
});

export const timelogRecord = z.object({
  issue: issueRef,
  user: username.nullable(),
  time_spent: int,
  summary: short,
  spent_at: timestamp,
  created_at: timestamp,
});

export const epicRecord = z.object({
  group_path: path,
  iid: nonNegative,
  title: short,
  description: z.string().max(TEXT_MAX),
  state: z.enum(['opened', 'closed']),
  confidential: z.boolean(),
  color: z.string().max(32),
  author: username.nullable(),
  closed_by: username.nullable(),
  start_date_is_fixed: z.boolean(),
  start_date_fixed: date.nullable(),
  due_date_is_fixed: z.boolean(),
  due_date_fixed: date.nullable(),
  start_date: date.nullable(),
  /** GitLab's key for the epic's due date. */
  end_date: date.nullable(),
  relative_position: int.nullable(),
  /** The parent epic: in this file, possibly on a later line. */
  parent: epicRef.nullable(),
  labels: z.array(short).max(1000),
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullable(),
});

export const epicIssueRecord = z.object({
  epic: epicRef,
  issue: issueRef,
  relative_position: int.nullable(),
  created_at: timestamp,
});

export const issueLinkRecord = z.object({
  source: issueRef,
  target: issueRef,
  link_type: z.enum(['relates_to', 'blocks', 'is_blocked_by']),
  created_at: timestamp,
  updated_at: timestamp,
});

export const noteRecord = z.object({
  /** This archive's own key for the note: award emoji on it refer to it. */
  id: nonNegative,
  noteable_type: z.enum(['Issue', 'Epic']),
  noteable: z.union([issueRef, epicRef]),
  note: z.string().max(TEXT_MAX),
  author: username.nullable(),
  system: z.boolean(),
  internal: z.boolean(),
  discussion_id: z.string().min(1).max(64),
  resolvable: z.boolean(),
  resolved_at: timestamp.nullable(),
  resolved_by: username.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const awardEmojiRecord = z.object({
  name: short,
  user: username,
  awardable_type: z.enum(['Issue', 'Epic', 'Note']),
  awardable: z.union([issueRef, epicRef, z.object({ note_id: nonNegative })]),
  created_at: timestamp,
});

export const RECORD_SCHEMAS = {
  users: userRecord,
  groups: groupRecord,
  projects: projectRecord,
  members: memberRecord,
  labels: labelRecord,
  milestones: milestoneRecord,
  iterations_cadences: iterationsCadenceRecord,
  iterations: iterationRecord,
  issues: issueRecord,
  work_item_parent_links: workItemParentLinkRecord,
  timelogs: timelogRecord,
  epics: epicRecord,
  epic_issues: epicIssueRecord,
  issue_links: issueLinkRecord,
  notes: noteRecord,
  award_emoji: awardEmojiRecord,
} as const satisfies Record<ArchiveKind, z.ZodType>;

export type ArchiveRecords = { [K in ArchiveKind]: z.infer<(typeof RECORD_SCHEMAS)[K]> };

/** One record as the reader yields it: its kind and its typed value. */
export type ArchiveItem = { [K in ArchiveKind]: { kind: K; record: ArchiveRecords[K] } }[ArchiveKind];
