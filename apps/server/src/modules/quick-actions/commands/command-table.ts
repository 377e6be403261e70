import {
  draftTitle,
  type IterationArg,
  PERSONAL_QUICK_ACTIONS,
  parseDateArg,
  parseEpicArg,
  parseEstimateArg,
  parseHealthStatusArg,
  parseIssueRefArgs,
  parseIterationArg,
  parseLabelArgs,
  parseMilestoneArg,
  parseSeverityArg,
  parseSpendArg,
  parseUserArgs,
  parseWeightArg,
  type QuickActionName,
  type ResolvedQuickAction,
  readyTitle,
  SEVERITY_LABELS,
} from '@meridian/domain';
import type { NamedLabel, UserListChanges } from '../quick-action-changes';
import type {
  CommandOutcome,
  CommandRefs,
  CommandTarget,
  CommandTargetKind,
  PlanState,
  QuickActionEntry,
  UpdateDelta,
} from './command-types';

/**
 * Every quick action Meridian runs on an issue, merge request or epic, each written once with the
 * kinds it applies to, its condition and its planned change (GitLab's `IssueAndMergeRequestActions`).
 * The explanation and execution texts are the domain's (`quickActionMessage`), from the planned action.
 * The actor's own switches (`/todo`, `/subscribe`, `/react` …) are personal-quick-actions.ts.
 */

const ISSUE = new Set<CommandTargetKind>(['issue']);
const MR = new Set<CommandTargetKind>(['merge_request']);
const ISSUE_MR = new Set<CommandTargetKind>(['issue', 'merge_request']);
const ISSUE_EPIC = new Set<CommandTargetKind>(['issue', 'epic']);
const ALL = new Set<CommandTargetKind>(['issue', 'merge_request', 'epic']);

const MAX_TITLE = 255;

const update = (action: ResolvedQuickAction, delta: UpdateDelta): CommandOutcome => ({
  action,
  step: { kind: 'update', delta },
});

const titlesOf = (labels: readonly NamedLabel[]) => labels.map((l) => l.title);
const labelsOf = (args: string, refs: CommandRefs) =>
  parseLabelArgs(args).flatMap((title) => refs.labels.get(title) ?? []);
const usersOf = (args: string, refs: CommandRefs) =>
  parseUserArgs(args).flatMap((u) => refs.users.get(u.toLowerCase()) ?? []);
/** The label changes so far, as one delta (each label command carries the accumulated state). */
const labelDelta = (s: PlanState): UpdateDelta => ({
  labels: { ...(s.labels.replace ? { replace: s.labels.replace } : {}), add: s.labels.add, remove: s.labels.remove },
});

function iterationFor(refs: CommandRefs, args: string, arg: IterationArg) {
  if ('period' in arg) return refs.periodIterations.get(args) ?? null;
  return refs.iterations.find((it) => ('id' in arg ? it.id === arg.id : it.title === arg.title)) ?? null;
}

/** /assign, /unassign, /assign_reviewer, /unassign_reviewer: one user list each. */
function userListEntry(
  name: 'assign' | 'unassign' | 'assign_reviewer' | 'unassign_reviewer',
  appliesTo: ReadonlySet<CommandTargetKind>,
  list: (s: PlanState) => UserListChanges,
  field: 'assignee_ids' | 'reviewer_ids',
): QuickActionEntry {
  const adding = name === 'assign' || name === 'assign_reviewer';
  return {
    name,
    appliesTo,
    ability: 'admin',
    plan: (args, _t, refs, s) => {
      const users = usersOf(args, refs);
      const changed = adding ? list(s).add(users) : list(s).remove(parseUserArgs(args).length ? users : null);
      if (!changed) return null;
      return update({ name, usernames: changed.map((u) => u.username) }, { [field]: list(s).current });
    },
  };
}

/**
 * /label, /relabel, /unlabel: `apply` the named labels the actor may use (none: nothing to do); the
 * delta carries every label change so far. A bare /unlabel removes them all.
 */
function labelEntry(
  name: 'label' | 'relabel' | 'unlabel',
  apply: (labels: PlanState['labels'], named: NamedLabel[]) => void,
  condition?: (t: CommandTarget) => boolean,
): QuickActionEntry {
  return {
    name,
    appliesTo: ALL,
    ability: 'admin',
    condition,
    plan: (args, _t, refs, s) => {
      if (name === 'unlabel' && parseLabelArgs(args).length === 0) {
        s.labels.unlabelAll();
        return update({ name, labels: [] }, labelDelta(s));
      }
      const labels = labelsOf(args, refs);
      if (labels.length === 0) return null;
      apply(s.labels, labels);
      return update({ name, labels: titlesOf(labels) }, labelDelta(s));
    },
  };
}

/** A command that clears a field when it is set (`/remove_due_date`, `/clear_weight` …). */
function clearEntry(
  name: 'remove_epic' | 'clear_weight' | 'remove_due_date' | 'clear_health_status',
  isSet: (t: CommandTarget) => boolean,
  delta: UpdateDelta,
): QuickActionEntry {
  return { name, appliesTo: ISSUE, ability: 'admin', condition: isSet, plan: () => update({ name }, delta) };
}

/** /close, /reopen, /lock, /unlock, /confidential: a switch available only when it would change something. */
function switchEntry(
  name: 'close' | 'reopen' | 'lock' | 'unlock' | 'confidential',
  appliesTo: ReadonlySet<CommandTargetKind>,
  ability: QuickActionEntry['ability'],
  available: (t: CommandTarget) => boolean,
  delta: UpdateDelta,
): QuickActionEntry {
  return { name, appliesTo, ability, condition: available, plan: () => update({ name }, delta) };
}

/** /relate, /blocks, /blocked_by: issue links, each reference through the issue links service. */
function linkEntry(name: 'relate' | 'blocks' | 'blocked_by'): QuickActionEntry {
  const linkType = name === 'relate' ? 'relates_to' : name === 'blocks' ? 'blocks' : 'is_blocked_by';
  return {
    name,
    appliesTo: ISSUE,
    ability: 'relate',
    condition: (t) => t.persisted,
    plan: (args) => {
      const references = parseIssueRefArgs(args);
      if (references.length === 0) return null;
      return { action: { name, references }, step: { kind: 'link', linkType, references } };
    },
  };
}

/** /draft and /ready: whether it changes anything is read from the stored status (as GitLab). */
function draftEntry(name: 'draft' | 'ready'): QuickActionEntry {
  return {
    name,
    appliesTo: MR,
    ability: 'update',
    plan: (_args, t, _refs, s) => {
      const change = name === 'draft' ? !t.draft : t.draft;
      if (!change) return update({ name, change }, {});
      const next = name === 'draft' ? draftTitle(s.title) : readyTitle(s.title);
      if (next === '' || next.length > MAX_TITLE) return null;
      s.title = next;
      return update({ name, change }, { wip_event: name });
    },
  };
}

export const QUICK_ACTION_TABLE: readonly QuickActionEntry[] = [
  userListEntry('assign', ISSUE_MR, (s) => s.assignees, 'assignee_ids'),
  userListEntry('unassign', ISSUE_MR, (s) => s.assignees, 'assignee_ids'),
  userListEntry('assign_reviewer', MR, (s) => s.reviewers, 'reviewer_ids'),
  userListEntry('unassign_reviewer', MR, (s) => s.reviewers, 'reviewer_ids'),
  labelEntry('label', (labels, named) => labels.label(named)),
  // A new issue has no labels yet: its preview may still explain /relabel.
  labelEntry(
    'relabel',
    (labels, named) => labels.relabel(named),
    (t) => !t.persisted || t.labels.length > 0,
  ),
  labelEntry(
    'unlabel',
    (labels, named) => labels.unlabel(named),
    (t) => t.labels.length > 0,
  ),
  {
    name: 'milestone',
    appliesTo: ISSUE_MR,
    ability: 'admin',
    plan: (args, _t, refs) => {
      const title = parseMilestoneArg(args);
      const milestone = title === null ? undefined : refs.milestones.get(title);
      return milestone
        ? update({ name: 'milestone', milestone: milestone.title }, { milestone_id: milestone.id })
        : null;
    },
  },
  {
    name: 'remove_milestone',
    appliesTo: ISSUE_MR,
    ability: 'admin',
    condition: (t) => t.milestoneTitle !== null,
    plan: (_args, t) => update({ name: 'remove_milestone', milestone: t.milestoneTitle ?? '' }, { milestone_id: null }),
  },
  {
    name: 'iteration',
    appliesTo: ISSUE,
    ability: 'admin',
    plan: (args, _t, refs) => {
      const arg = parseIterationArg(args);
      const iteration = arg ? iterationFor(refs, args, arg) : null;
      return iteration ? update({ name: 'iteration', iteration }, { iteration_id: iteration.id }) : null;
    },
  },
  {
    name: 'remove_iteration',
    appliesTo: ISSUE,
    ability: 'admin',
    condition: (t) => t.iteration !== null,
    plan: (_args, t) =>
      t.iteration ? update({ name: 'remove_iteration', iteration: t.iteration }, { iteration_id: null }) : null,
  },
  {
    name: 'epic',
    appliesTo: ISSUE,
    ability: 'admin',
    plan: (args, t, refs) => {
      const epic = parseEpicArg(args) ? refs.epics.get(args) : undefined;
      if (!epic || epic.id === t.epicId) return null;
      return update({ name: 'epic' }, { epic_id: epic.id });
    },
  },
  clearEntry('remove_epic', (t) => t.epicId !== null, { epic_id: null }),
  {
    name: 'weight',
    appliesTo: ISSUE,
    ability: 'admin',
    plan: (args) => {
      const weight = parseWeightArg(args);
      return weight === null ? null : update({ name: 'weight', weight }, { weight });
    },
  },
  clearEntry('clear_weight', (t) => t.weight !== null, { weight: null }),
  {
    name: 'due',
    appliesTo: ISSUE,
    ability: 'admin',
    plan: (args, _t, refs) => {
      const date = parseDateArg(args, refs.today);
      return date === null ? null : update({ name: 'due', date }, { due_date: date });
    },
  },
  clearEntry('remove_due_date', (t) => t.dueDate !== null, { due_date: null }),
  {
    name: 'health_status',
    appliesTo: ISSUE,
    ability: 'admin',
    plan: (args) => {
      const status = parseHealthStatusArg(args);
      return status === null ? null : update({ name: 'health_status', status }, { health_status: status });
    },
  },
  clearEntry('clear_health_status', (t) => t.healthStatus !== null, { health_status: null }),
  {
    name: 'severity',
    appliesTo: ISSUE,
    ability: 'update',
    condition: (t) => t.issueType === 'incident',
    plan: (args) => {
      const severity = parseSeverityArg(args);
      return severity === null ? null : update({ name: 'severity', label: SEVERITY_LABELS[severity] }, { severity });
    },
  },
  switchEntry('lock', ISSUE_MR, 'admin', (t) => !t.discussionLocked, { discussion_locked: true }),
  switchEntry('unlock', ISSUE_MR, 'admin', (t) => t.discussionLocked, { discussion_locked: false }),
  switchEntry('close', ALL, 'update', (t) => t.state === 'opened', { state_event: 'close' }),
  switchEntry('reopen', ALL, 'update', (t) => t.state === 'closed', { state_event: 'reopen' }),
  switchEntry('confidential', ISSUE_EPIC, 'update', (t) => !t.confidential, { confidential: true }),
  {
    name: 'title',
    appliesTo: ISSUE_MR,
    ability: 'update',
    condition: (t) => t.persisted,
    plan: (args, _t, _refs, s) => {
      const title = args.trim();
      if (title === '' || title.length > MAX_TITLE) return null;
      s.title = title;
      return update({ name: 'title', title }, { title });
    },
  },
  draftEntry('draft'),
  draftEntry('ready'),
  {
    name: 'estimate',
    appliesTo: ISSUE,
    ability: 'admin',
    condition: (t) => t.persisted,
    plan: (args) => {
      const seconds = parseEstimateArg(args);
      return seconds === null ? null : { action: { name: 'estimate', seconds }, step: { kind: 'estimate', seconds } };
    },
  },
  {
    name: 'remove_estimate',
    appliesTo: ISSUE,
    ability: 'admin',
    condition: (t) => t.persisted,
    plan: () => ({ action: { name: 'remove_estimate' }, step: { kind: 'estimate', seconds: 0 } }),
  },
  {
    name: 'spend',
    appliesTo: ISSUE,
    ability: 'admin',
    condition: (t) => t.persisted,
    plan: (args, _t, refs) => {
      const spend = parseSpendArg(args, refs.today);
      if (spend === null) return null;
      return {
        action: { name: 'spend', seconds: spend.seconds },
        step: { kind: 'spend', seconds: spend.seconds, date: spend.date },
      };
    },
  },
  {
    name: 'remove_time_spent',
    appliesTo: ISSUE,
    ability: 'admin',
    condition: (t) => t.persisted,
    plan: () => ({ action: { name: 'remove_time_spent' }, step: { kind: 'reset_spent' } }),
  },
  linkEntry('relate'),
  linkEntry('blocks'),
  linkEntry('blocked_by'),
  {
    name: 'promote',
    appliesTo: ISSUE,
    ability: 'admin',
    condition: (t) => t.persisted && t.promotedToEpicId === null && t.inGroup,
    plan: () => ({ action: { name: 'promote' }, step: { kind: 'promote' } }),
  },
  {
    name: 'copy_metadata',
    appliesTo: ISSUE,
    ability: 'admin',
    plan: (args, t, refs, s) => {
      const source = refs.copySources.get(args);
      if (!source || source.issueId === t.issueId) return null;
      s.labels.label(source.labels);
      const milestone = source.milestoneId === null ? {} : { milestone_id: source.milestoneId };
      return update({ name: 'copy_metadata', reference: source.reference }, { ...labelDelta(s), ...milestone });
    },
  },
];

const BY_NAME: ReadonlyMap<QuickActionName, QuickActionEntry> = new Map(QUICK_ACTION_TABLE.map((e) => [e.name, e]));

/** The table's entry for a command, when it applies to the kind. */
export function quickActionEntry(name: QuickActionName, kind: CommandTargetKind): QuickActionEntry | null {
  const entry = BY_NAME.get(name);
  return entry?.appliesTo.has(kind) ? entry : null;
}

/**
 * Whether a command line is a command on this kind (the others stay text): the table's, plus the
 * actor's own switches on issues and merge requests.
 */
export const acceptsQuickAction =
  (kind: CommandTargetKind) =>
  (name: QuickActionName): boolean =>
    quickActionEntry(name, kind) !== null || (kind !== 'epic' && PERSONAL_QUICK_ACTIONS.has(name));
