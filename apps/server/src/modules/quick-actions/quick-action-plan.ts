import {
  couldNotApplyMessage,
  type IterationArg,
  parseDateArg,
  parseEpicArg,
  parseEstimateArg,
  parseHealthStatusArg,
  parseIssueRefArgs,
  parseIterationArg,
  parseLabelArgs,
  parseMilestoneArg,
  parseReference,
  parseSpendArg,
  parseUserArgs,
  parseWeightArg,
  type QuickActionCommand,
  type QuickActionName,
  type ResolvedQuickAction,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import { todayIso } from '../../lib/today';
import { canIssue } from '../../policy/abilities';
import type { IssueLinkType } from '../issue-links/issue-links.service';
import type { IssueInput } from '../issues/issue-write.service';
import { LabelChanges, type NamedLabel, UserListChanges } from './quick-action-changes';
import {
  assignableUsers,
  periodIteration,
  projectIterations,
  projectLabels,
  projectMilestones,
  type QuickActionPurpose,
  readableEpic,
  readableIssue,
} from './quick-action-references';
import type { QuickActionTarget } from './quick-action-target';

/** How a planned command is carried out: through which existing service. */
export type QuickActionStep =
  | { kind: 'update'; input: IssueInput }
  | { kind: 'estimate'; seconds: number }
  | { kind: 'spend'; seconds: number; date: string | null }
  | { kind: 'reset_spent' }
  | { kind: 'link'; linkType: IssueLinkType; references: string[] }
  | { kind: 'promote' };

export interface PlannedQuickAction {
  name: QuickActionName;
  action: ResolvedQuickAction;
  step: QuickActionStep;
}

export interface QuickActionPlan {
  planned: PlannedQuickAction[];
  /** Commands skipped: not allowed, not applicable now, or naming nothing the actor can see. */
  skipped: { name: QuickActionName; message: string }[];
}

/** Every reference the commands name, resolved with one statement per kind. */
async function resolveAll(
  db: Database,
  t: QuickActionTarget,
  commands: readonly QuickActionCommand[],
  purpose: QuickActionPurpose,
) {
  const of = (...names: QuickActionName[]) => commands.filter((c) => names.includes(c.name));
  const usernames = of('assign', 'unassign').flatMap((c) => parseUserArgs(c.args));
  const labelTitles = of('label', 'unlabel', 'relabel').flatMap((c) => parseLabelArgs(c.args));
  const milestoneTitles = of('milestone').flatMap((c) => parseMilestoneArg(c.args) ?? []);
  const iterationArgs = of('iteration').flatMap((c) => parseIterationArg(c.args) ?? []);
  const [users, labels, milestones, iterations] = await Promise.all([
    t.may.admin ? assignableUsers(db, t, usernames, purpose, (c) => canIssue(c, 'read_issue', t.subject)) : new Map(),
    t.may.admin ? projectLabels(db, t, labelTitles) : new Map(),
    t.may.admin ? projectMilestones(db, t, milestoneTitles) : new Map(),
    t.may.admin ? projectIterations(db, t, iterationArgs) : [],
  ]);
  return { users, labels, milestones, iterations };
}

function iterationFor(iterations: { id: number; title: string | null }[], arg: IterationArg) {
  if ('period' in arg) return null;
  return iterations.find((it) => ('id' in arg ? it.id === arg.id : it.title === arg.title)) ?? null;
}

const METADATA: ReadonlySet<QuickActionName> = new Set([
  'assign',
  'unassign',
  'label',
  'unlabel',
  'relabel',
  'milestone',
  'remove_milestone',
  'iteration',
  'remove_iteration',
  'epic',
  'remove_epic',
  'weight',
  'clear_weight',
  'due',
  'remove_due_date',
  'estimate',
  'remove_estimate',
  'spend',
  'remove_time_spent',
  'lock',
  'unlock',
  'health_status',
  'clear_health_status',
  'copy_metadata',
  'promote',
]);

/**
 * What /copy_metadata takes from the source issue: its labels and milestone. From another project,
 * only those the target project can use — labels by title among the target's, the milestone when it
 * belongs to the target project or one of its groups — as GitLab keeps the target's own.
 */
async function copiedMetadata(
  db: Database,
  t: QuickActionTarget,
  source: { id: number; project_id: number; milestone_id: number | null },
): Promise<{ labels: NamedLabel[]; milestoneId: number | null }> {
  const labels = await db
    .selectFrom('issue_labels as il')
    .innerJoin('labels as l', 'l.id', 'il.label_id')
    .select(['l.id', 'l.title'])
    .where('il.issue_id', '=', source.id)
    .execute();
  if (source.project_id === t.project.id) {
    return { labels, milestoneId: source.milestone_id };
  }
  const usable = await projectLabels(
    db,
    t,
    labels.map((l) => l.title),
  );
  const milestone =
    source.milestone_id === null
      ? undefined
      : await db
          .selectFrom('milestones')
          .select('id')
          .where('id', '=', source.milestone_id)
          .where((eb) =>
            eb.or([
              eb('project_id', '=', t.project.id),
              eb('group_id', 'in', t.project.namespace_traversal_ids.length ? t.project.namespace_traversal_ids : [0]),
            ]),
          )
          .executeTakeFirst();
  return { labels: [...usable.values()], milestoneId: milestone?.id ?? null };
}

/** May the actor run this command on the target at all (GitLab's `condition`, by the same abilities)? */
function allowed(t: QuickActionTarget, name: QuickActionName): boolean {
  if (METADATA.has(name)) return t.may.admin;
  if (name === 'relate' || name === 'blocks' || name === 'blocked_by') return t.may.relate;
  return t.may.update;
}

/**
 * Turns command lines into resolved actions and the service steps that carry them out, in order,
 * with GitLab's conditions (`/close` only on an open issue, `/unlabel` only with labels …).
 * Assignee and label changes accumulate as GitLab's `@updates` do.
 */
export async function planQuickActions(
  db: Database,
  t: QuickActionTarget,
  commands: readonly QuickActionCommand[],
  purpose: QuickActionPurpose,
): Promise<QuickActionPlan> {
  const planned: PlannedQuickAction[] = [];
  const skipped: QuickActionPlan['skipped'] = [];
  const refs = await resolveAll(db, t, commands, purpose);
  const issue = t.issue;
  const assignees = new UserListChanges(t.assignees);
  const labelState = new LabelChanges();
  const ids = (labels: NamedLabel[]) => labels.map((l) => l.id);
  const labelInput = (): IssueInput => ({
    ...(labelState.replace ? { label_ids: ids(labelState.replace) } : {}),
    add_label_ids: ids(labelState.add),
    remove_label_ids: ids(labelState.remove),
  });
  const update = (name: QuickActionName, action: ResolvedQuickAction, input: IssueInput) =>
    planned.push({ name, action, step: { kind: 'update', input } });
  const skip = (name: QuickActionName) => skipped.push({ name, message: couldNotApplyMessage(name) });

  for (const command of commands) {
    const { name, args } = command;
    if (!allowed(t, name)) {
      skip(name);
      continue;
    }
    switch (name) {
      case 'assign':
      case 'unassign': {
        const named = parseUserArgs(args);
        const users = named.flatMap((u) => refs.users.get(u.toLowerCase()) ?? []);
        const changed = name === 'assign' ? assignees.add(users) : assignees.remove(named.length ? users : null);
        if (!changed) skip(name);
        else update(name, { name, usernames: changed.map((u) => u.username) }, { assignee_ids: assignees.current });
        break;
      }
      case 'label':
      case 'relabel': {
        const labels = parseLabelArgs(args).flatMap((title) => refs.labels.get(title) ?? []);
        if (labels.length === 0 || (name === 'relabel' && t.labels.length === 0 && issue)) {
          skip(name);
          break;
        }
        if (name === 'relabel') labelState.relabel(labels);
        else labelState.label(labels);
        update(name, { name, labels: labels.map((l) => l.title) }, labelInput());
        break;
      }
      case 'unlabel': {
        if (t.labels.length === 0) {
          skip(name);
          break;
        }
        const titles = parseLabelArgs(args);
        if (titles.length === 0) {
          labelState.unlabelAll();
          update(name, { name, labels: [] }, labelInput());
          break;
        }
        const labels = titles.flatMap((title) => refs.labels.get(title) ?? []);
        if (labels.length === 0) {
          skip(name);
          break;
        }
        labelState.unlabel(labels);
        update(name, { name, labels: labels.map((l) => l.title) }, labelInput());
        break;
      }
      case 'milestone': {
        const title = parseMilestoneArg(args);
        const milestone = title === null ? undefined : refs.milestones.get(title);
        if (!milestone) skip(name);
        else update(name, { name, milestone: milestone.title }, { milestone_id: milestone.id });
        break;
      }
      case 'remove_milestone':
        if (t.milestoneTitle === null) skip(name);
        else update(name, { name, milestone: t.milestoneTitle }, { milestone_id: null });
        break;
      case 'iteration': {
        const arg = parseIterationArg(args);
        const iteration =
          arg && 'period' in arg ? await periodIteration(db, t, arg) : arg ? iterationFor(refs.iterations, arg) : null;
        if (!iteration) skip(name);
        else update(name, { name, iteration }, { iteration_id: iteration.id });
        break;
      }
      case 'remove_iteration':
        if (t.iteration === null) skip(name);
        else update(name, { name, iteration: t.iteration }, { iteration_id: null });
        break;
      case 'epic': {
        const arg = parseEpicArg(args);
        const epic = arg ? await readableEpic(db, t, arg) : null;
        if (!epic || epic.id === t.epicId) skip(name);
        else update(name, { name }, { epic_id: epic.id });
        break;
      }
      case 'remove_epic':
        if (t.epicId === null) skip(name);
        else update(name, { name }, { epic_id: null });
        break;
      case 'weight': {
        const weight = parseWeightArg(args);
        if (weight === null) skip(name);
        else update(name, { name, weight }, { weight });
        break;
      }
      case 'clear_weight':
        if (!issue || issue.weight === null) skip(name);
        else update(name, { name }, { weight: null });
        break;
      case 'due': {
        const date = parseDateArg(args, todayIso());
        if (date === null) skip(name);
        else update(name, { name, date }, { due_date: date });
        break;
      }
      case 'remove_due_date':
        if (!issue || issue.due_date === null) skip(name);
        else update(name, { name }, { due_date: null });
        break;
      case 'health_status': {
        const status = parseHealthStatusArg(args);
        if (status === null) skip(name);
        else update(name, { name, status }, { health_status: status });
        break;
      }
      case 'clear_health_status':
        if (!issue || issue.health_status === null) skip(name);
        else update(name, { name }, { health_status: null });
        break;
      case 'lock':
        if (issue?.discussion_locked) skip(name);
        else update(name, { name }, { discussion_locked: true });
        break;
      case 'unlock':
        if (!issue?.discussion_locked) skip(name);
        else update(name, { name }, { discussion_locked: false });
        break;
      case 'close':
        if (issue?.state !== 'opened') skip(name);
        else update(name, { name }, { state_event: 'close' });
        break;
      case 'reopen':
        if (issue?.state !== 'closed') skip(name);
        else update(name, { name }, { state_event: 'reopen' });
        break;
      case 'confidential':
        if (issue?.confidential) skip(name);
        else update(name, { name }, { confidential: true });
        break;
      case 'title': {
        const title = args.trim();
        if (!issue || title === '' || title.length > 255) skip(name);
        else update(name, { name, title }, { title });
        break;
      }
      case 'estimate': {
        const seconds = parseEstimateArg(args);
        if (seconds === null || !issue) skip(name);
        else planned.push({ name, action: { name, seconds }, step: { kind: 'estimate', seconds } });
        break;
      }
      case 'remove_estimate':
        if (!issue) skip(name);
        else planned.push({ name, action: { name }, step: { kind: 'estimate', seconds: 0 } });
        break;
      case 'spend': {
        const spend = parseSpendArg(args, todayIso());
        if (spend === null || !issue) skip(name);
        else
          planned.push({
            name,
            action: { name, seconds: spend.seconds },
            step: { kind: 'spend', seconds: spend.seconds, date: spend.date },
          });
        break;
      }
      case 'remove_time_spent':
        if (!issue) skip(name);
        else planned.push({ name, action: { name }, step: { kind: 'reset_spent' } });
        break;
      case 'relate':
      case 'blocks':
      case 'blocked_by': {
        const references = parseIssueRefArgs(args);
        if (references.length === 0 || !issue) {
          skip(name);
          break;
        }
        const linkType = name === 'relate' ? 'relates_to' : name === 'blocks' ? 'blocks' : 'is_blocked_by';
        planned.push({ name, action: { name, references }, step: { kind: 'link', linkType, references } });
        break;
      }
      case 'promote':
        if (!issue || issue.promoted_to_epic_id !== null || t.project.namespace_type !== 'Group') skip(name);
        else planned.push({ name, action: { name }, step: { kind: 'promote' } });
        break;
      case 'copy_metadata': {
        const parsed = parseReference(args);
        const ref = parsed?.kind === 'issue' ? parsed : null;
        const source = ref ? await readableIssue(db, t, ref) : null;
        if (!ref || !source || source.id === issue?.id) {
          skip(name);
          break;
        }
        const copied = await copiedMetadata(db, t, source);
        labelState.label(copied.labels);
        const reference = source.project_id === t.project.id ? `#${source.iid}` : `${ref.path}#${source.iid}`;
        update(
          name,
          { name, reference },
          { ...labelInput(), ...(copied.milestoneId === null ? {} : { milestone_id: copied.milestoneId }) },
        );
        break;
      }
      default:
        // A merge request's command (reviewers, draft status): never extracted from an issue's text.
        skip(name);
    }
  }
  return { planned, skipped };
}
