import type { HealthStatus, QuickActionName, ResolvedQuickAction, Severity } from '@meridian/domain';
import type { LabelChanges, NamedLabel, NamedUser, UserListChanges } from '../quick-action-changes';

/** What quick actions apply to. */
export type CommandTargetKind = 'issue' | 'merge_request' | 'epic';

/**
 * What the commands read of the issue, merge request or epic, and what the actor may do to it; built
 * by the target adapters (`*-command-target.ts`), plain data so the table is tested without a database.
 */
export interface CommandTarget {
  kind: CommandTargetKind;
  /** false: an issue being written (the description preview of a new issue). */
  persisted: boolean;
  /** 'opened', 'closed' (or 'merged'); null for a new issue. */
  state: string | null;
  title: string;
  confidential: boolean;
  discussionLocked: boolean;
  /** Merge requests: the stored draft status. */
  draft: boolean;
  labels: NamedLabel[];
  assignees: NamedUser[];
  reviewers: NamedUser[];
  milestoneTitle: string | null;
  iteration: { id: number; title: string | null } | null;
  epicId: number | null;
  weight: number | null;
  dueDate: string | null;
  healthStatus: string | null;
  /** Issues: the issue type (`/severity` is an incident's); null for a merge request or epic. */
  issueType: string | null;
  promotedToEpicId: number | null;
  /** The issue's own id (so /copy_metadata does not copy from itself); null when new or not an issue. */
  issueId: number | null;
  /** The issue's project belongs to a group (/promote needs one). */
  inGroup: boolean;
  /**
   * GitLab's abilities for the commands: `admin` sets metadata (admin_issue), `update` edits
   * (update_issue), `relate` links issues. A merge request or epic has one rule for all three.
   */
  may: { admin: boolean; update: boolean; relate: boolean };
}

/** A merge request's or an epic's values for the fields only an issue has: none set. */
export const NO_ISSUE_FIELDS: Pick<
  CommandTarget,
  'iteration' | 'epicId' | 'weight' | 'dueDate' | 'healthStatus' | 'issueType' | 'promotedToEpicId' | 'issueId'
> = {
  iteration: null,
  epicId: null,
  weight: null,
  dueDate: null,
  healthStatus: null,
  issueType: null,
  promotedToEpicId: null,
  issueId: null,
};

/** What /copy_metadata copies from its source issue (only what the target may use). */
export interface CopySource {
  issueId: number;
  /** As the message names it: `#12` in the same project, `group/project#12` from another. */
  reference: string;
  labels: NamedLabel[];
  milestoneId: number | null;
}

/**
 * Every reference the commands name, resolved beforehand (`resolve-command-refs.ts`); what does not
 * resolve, or the actor may not see, is absent. The last three are keyed by the command's raw arguments.
 */
export interface CommandRefs {
  /** Today (ISO date) for /due and /spend dates. */
  today: string;
  users: ReadonlyMap<string, NamedUser>;
  labels: ReadonlyMap<string, NamedLabel>;
  milestones: ReadonlyMap<string, { id: number; title: string }>;
  iterations: readonly { id: number; title: string | null }[];
  periodIterations: ReadonlyMap<string, { id: number; title: string | null }>;
  epics: ReadonlyMap<string, { id: number }>;
  copySources: ReadonlyMap<string, CopySource>;
}

/**
 * One command's change to the target, in GitLab's update parameter names; the planned commands'
 * deltas merge (later wins) into one write through the kind's write service. Label and user lists
 * carry the accumulated state, as GitLab's `@updates` do.
 */
export interface UpdateDelta {
  assignee_ids?: number[];
  reviewer_ids?: number[];
  labels?: { replace?: NamedLabel[]; add: NamedLabel[]; remove: NamedLabel[] };
  milestone_id?: number | null;
  iteration_id?: number | null;
  epic_id?: number | null;
  weight?: number | null;
  due_date?: string | null;
  health_status?: HealthStatus | null;
  severity?: Severity;
  discussion_locked?: boolean;
  state_event?: 'close' | 'reopen';
  confidential?: boolean;
  /** The new title as /title sets it (a merge request's draft prefix is applied on top, from `wip_event`). */
  title?: string;
  wip_event?: 'draft' | 'ready';
}

export type IssueLinkKind = 'relates_to' | 'blocks' | 'is_blocked_by';

/** How a planned command is carried out: the merged update, or an issue's own service. */
export type QuickActionStep =
  | { kind: 'update'; delta: UpdateDelta }
  | { kind: 'estimate'; seconds: number }
  | { kind: 'spend'; seconds: number; date: string | null }
  | { kind: 'reset_spent' }
  | { kind: 'link'; linkType: IssueLinkKind; references: string[] }
  | { kind: 'promote' };

export interface PlannedQuickAction {
  name: QuickActionName;
  action: ResolvedQuickAction;
  step: QuickActionStep;
}

/** A command's plan: what it does and how, or null when it cannot apply ('Could not apply …'). */
export type CommandOutcome = { action: ResolvedQuickAction; step: QuickActionStep } | null;

/** What the commands of one text have changed so far, in order (GitLab's `@updates`). */
export interface PlanState {
  assignees: UserListChanges;
  reviewers: UserListChanges;
  labels: LabelChanges;
  /** The title as written so far (a merge request's draft prefix goes on it). */
  title: string;
}

/** One quick action, written once for every kind it applies to (GitLab's `IssueAndMergeRequestActions`). */
export interface QuickActionEntry {
  name: QuickActionName;
  appliesTo: ReadonlySet<CommandTargetKind>;
  /** Which of the target's abilities the command needs. */
  ability: keyof CommandTarget['may'];
  /** GitLab's `condition` beyond the ability: whether the command is available on the target now. */
  condition?: (target: CommandTarget) => boolean;
  /** GitLab's `execution`, planned: the change, or null when its arguments name nothing usable. */
  plan: (args: string, target: CommandTarget, refs: CommandRefs, state: PlanState) => CommandOutcome;
}
