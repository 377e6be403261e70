import { z } from 'zod';

/**
 * The lines of GitLab's relation exports (`GET …/export_relations/download?relation=…`), as GitLab's
 * import/export tree writes them (lib/gitlab/import_export/{group,project}/import_export.yml): one
 * JSON object per line, its associations nested (an issue's notes, label links, assignees…). Only
 * the keys the import reads are kept; every string has a cap and every list a length, so a hostile
 * line fails its schema rather than reaching a writer. Nested lists are read element by element
 * (`items`): one bad note is skipped with the reason, its issue is kept.
 */

export const TEXT_MAX = 1_048_576;
const short = z.string().max(255);
const text = z.string().max(TEXT_MAX);
const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const iid = z.number().int().min(0).max(2_147_483_647);
const int = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const timestamp = z.iso.datetime({ offset: true });
const date = z.iso.date();
/** A nested list, its elements checked one by one by the mapper. */
const items = z.array(z.unknown()).max(100_000);

export const glUser = z.object({
  id,
  username: z.string().min(1).max(255),
  public_email: z.string().max(255).nullish(),
  email: z.string().max(255).nullish(),
  name: short.nullish(),
});

/** `members` (group) and `project_members` lines. */
export const glMember = z.object({
  access_level: z.number().int().min(0).max(100),
  user_id: id.nullish(),
  expires_at: date.nullish(),
  created_at: timestamp,
  user: glUser,
});

/** `self` of a group or project: one JSON object (its name and path come from the REST listing). */
export const glSelf = z.object({
  name: short.nullish(),
  description: z.string().max(TEXT_MAX).nullish(),
  visibility_level: z.number().int().min(0).max(20).nullish(),
  archived: z.boolean().nullish(),
  issues_enabled: z.boolean().nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});

export const glLabel = z.object({
  title: short.min(1),
  color: z.string().max(32).nullish(),
  textColor: z.string().max(32).nullish(),
  description: text.nullish(),
  type: z.string().max(32).nullish(),
  priorities: z
    .array(z.object({ priority: int }))
    .max(100)
    .nullish(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const glMilestone = z.object({
  iid,
  title: short.min(1),
  description: text.nullish(),
  state: z.enum(['active', 'closed']),
  start_date: date.nullish(),
  due_date: date.nullish(),
  group_id: id.nullish(),
  project_id: id.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const glIteration = z.object({
  iid,
  title: short.nullish(),
  description: text.nullish(),
  start_date: date,
  due_date: date,
  created_at: timestamp,
  updated_at: timestamp,
});

export const glCadence = z.object({
  title: short.min(1),
  description: text.nullish(),
  automatic: z.boolean().nullish(),
  active: z.boolean().nullish(),
  roll_over: z.boolean().nullish(),
  start_date: date.nullish(),
  duration_in_weeks: iid.nullish(),
  iterations_in_advance: iid.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
  iterations: items.nullish(),
});

export const glAward = z.object({ name: short.min(1), user_id: id, created_at: timestamp });

export const glNote = z.object({
  id,
  note: text,
  author_id: id.nullish(),
  author: z.object({ name: short.nullish() }).nullish(),
  system: z.boolean().nullish(),
  internal: z.boolean().nullish(),
  confidential: z.boolean().nullish(),
  discussion_id: z.string().min(1).max(64).nullish(),
  resolved_at: timestamp.nullish(),
  resolved_by_id: id.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
  award_emoji: items.nullish(),
});

export const glStateEvent = z.object({
  user_id: id.nullish(),
  state: z.enum(['opened', 'closed', 'reopened', 'merged', 'locked']),
  created_at: timestamp,
});

export const glLabelEvent = z.object({
  user_id: id.nullish(),
  action: z.enum(['add', 'remove']),
  label: z.object({ title: short.min(1) }),
  created_at: timestamp,
});

export const glTimelog = z.object({
  user_id: id.nullish(),
  time_spent: int,
  summary: short.nullish(),
  spent_at: timestamp.nullish(),
  created_at: timestamp,
});

/**
 * An iteration as an issue's line names it (`iteration`, and the `iteration` of each
 * `resource_iteration_events` element): GitLab's project export keeps its iid, dates and group
 * (`group_id`) and its cadence's title, not its own title (excluded); GitLab's own import finds it by
 * iid and dates under the cadence of that title.
 */
export const glIterationRef = z.object({
  iid,
  title: short.nullish(),
  start_date: date.nullish(),
  due_date: date.nullish(),
  group_id: id.nullish(),
  iterations_cadence: z.object({ title: short.nullish() }).nullish(),
});

/** `resource_milestone_events` of an issue: the milestone added or removed. */
export const glMilestoneEvent = z.object({
  user_id: id.nullish(),
  action: z.enum(['add', 'remove']),
  milestone: z.object({ iid: iid.nullish(), title: short.min(1) }).nullish(),
  created_at: timestamp,
});

/** `resource_iteration_events` of an issue: the iteration added or removed. */
export const glIterationEvent = z.object({
  user_id: id.nullish(),
  action: z.enum(['add', 'remove']),
  iteration: glIterationRef.nullish(),
  created_at: timestamp,
});

/** A label link names its label whole (GitLab's label attributes): a project imported alone makes it its own. */
export const glLabelLink = z.object({
  label: z.object({
    title: short.min(1),
    color: z.string().max(32).nullish(),
    description: text.nullish(),
    type: z.string().max(32).nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  }),
});
export const glAssignee = z.object({ user_id: id });
const epicRef = z.object({ iid, group_id: id.nullish() });

/** What issues and epics share: the history nested in their line. */
const commons = {
  iid,
  title: short.min(1),
  description: text.nullish(),
  state: z.enum(['opened', 'closed']),
  confidential: z.boolean().nullish(),
  author_id: id.nullish(),
  closed_by_id: id.nullish(),
  relative_position: int.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullish(),
  notes: items.nullish(),
  award_emoji: items.nullish(),
  label_links: items.nullish(),
  resource_state_events: items.nullish(),
  resource_label_events: items.nullish(),
};

export const glEpic = z.object({
  ...commons,
  color: z.string().max(32).nullish(),
  start_date_is_fixed: z.boolean().nullish(),
  start_date_fixed: date.nullish(),
  due_date_is_fixed: z.boolean().nullish(),
  due_date_fixed: date.nullish(),
  start_date: date.nullish(),
  end_date: date.nullish(),
  parent: epicRef.nullish(),
});

export const glIssue = z.object({
  ...commons,
  issue_type: z.string().max(32).nullish(),
  work_item_type: z.object({ base_type: z.string().max(32) }).nullish(),
  discussion_locked: z.boolean().nullish(),
  weight: int.nullish(),
  health_status: z.string().max(32).nullish(),
  due_date: date.nullish(),
  start_date: date.nullish(),
  time_estimate: z.number().int().min(0).max(2_147_483_647).nullish(),
  milestone: z.object({ iid, title: short, group_id: id.nullish(), project_id: id.nullish() }).nullish(),
  issue_assignees: items.nullish(),
  timelogs: items.nullish(),
  epic_issue: z.object({ epic: epicRef, relative_position: int.nullish(), created_at: timestamp.nullish() }).nullish(),
  iteration: glIterationRef.nullish(),
  resource_milestone_events: items.nullish(),
  resource_iteration_events: items.nullish(),
});

export type GlMember = z.infer<typeof glMember>;
export type GlSelf = z.infer<typeof glSelf>;
export type GlLabel = z.infer<typeof glLabel>;
export type GlMilestone = z.infer<typeof glMilestone>;
export type GlCadence = z.infer<typeof glCadence>;
export type GlNote = z.infer<typeof glNote>;
export type GlStateEvent = z.infer<typeof glStateEvent>;
export type GlLabelEvent = z.infer<typeof glLabelEvent>;
export type GlMilestoneEvent = z.infer<typeof glMilestoneEvent>;
export type GlIterationEvent = z.infer<typeof glIterationEvent>;
export type GlEpic = z.infer<typeof glEpic>;
export type GlIssue = z.infer<typeof glIssue>;
export type GlIterationRef = z.infer<typeof glIterationRef>;

/** The first problem of a failed parse, as a skip reason: where and what. */
export function describeIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const where = first.path.map(String).join('.').slice(0, 100);
  return where ? `${where}: ${first.message}` : first.message;
}
