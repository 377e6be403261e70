import {
  couldNotApplyMessage,
  MERGE_REQUEST_QUICK_ACTIONS,
  parseLabelArgs,
  parseMilestoneArg,
  parseUserArgs,
  type QuickActionCommand,
  type QuickActionName,
  type ResolvedQuickAction,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { labelsByOwner, usersByOwner } from '../issuables/owner-links';
import type { MergeRequestRow } from '../merge-requests/merge-requests.service';
import { draftTitle, type MergeRequestInput, readyTitle } from '../merge-requests/mr-input';
import { mayBeAssignedToMergeRequest, mayEditMergeRequests } from '../merge-requests/mr-write.service';
import type { ProjectRow } from '../namespaces/namespace-lookup.service';
import { LabelChanges, type NamedLabel, type NamedUser, UserListChanges } from './quick-action-changes';
import { assignableUsers, projectLabels, projectMilestones, type QuickActionPurpose } from './quick-action-references';

/** Whether a command applies to merge requests (the others stay text in a merge request's comment). */
export const isMergeRequestQuickAction = (name: QuickActionName) => MERGE_REQUEST_QUICK_ACTIONS.has(name);

/** The merge request quick actions apply to, what they read of it, and whether the actor may edit it. */
export interface MergeRequestQuickActionTarget {
  me: Actor;
  project: ProjectRow;
  mr: MergeRequestRow;
  assignees: NamedUser[];
  reviewers: NamedUser[];
  labels: NamedLabel[];
  milestoneTitle: string | null;
  /** `updateMergeRequest`'s own rule (Developer+, project not archived). */
  mayUpdate: boolean;
}

/** The merge request `mr` (already read through the policy) as a quick action target: four statements at most. */
export async function loadMergeRequestQuickActionTarget(
  db: Database,
  me: Actor,
  project: ProjectRow,
  mr: MergeRequestRow,
): Promise<MergeRequestQuickActionTarget> {
  const [assignees, reviewers, labels] = await Promise.all([
    usersByOwner(db, 'mergeRequestAssignees', [mr.id]),
    usersByOwner(db, 'mergeRequestReviewers', [mr.id]),
    labelsByOwner(db, 'mergeRequest', [mr.id]),
  ]);
  const milestone =
    mr.milestone_id === null
      ? undefined
      : await db.selectFrom('milestones').select('title').where('id', '=', mr.milestone_id).executeTakeFirst();
  return {
    me,
    project,
    mr,
    assignees,
    reviewers,
    labels,
    milestoneTitle: milestone?.title ?? null,
    mayUpdate: mayEditMergeRequests(me, project),
  };
}

export interface MergeRequestQuickActionPlan {
  /** The commands that will run, in order, with what they do. */
  planned: ResolvedQuickAction[];
  /** 'Could not apply …' for each command not allowed or naming nothing that resolves. */
  skipped: string[];
  /** All planned changes as one `updateMergeRequest` call (empty: nothing to write). */
  input: MergeRequestInput;
  /** GitLab's `commands_changes` (its update parameter names: `wip_event` for draft status). */
  changes: Record<string, unknown>;
}

/** Every user, label and milestone the commands name, resolved with one statement per kind. */
async function resolveAll(
  db: Database,
  t: MergeRequestQuickActionTarget,
  commands: readonly QuickActionCommand[],
  purpose: QuickActionPurpose,
) {
  const of = (...names: QuickActionName[]) => commands.filter((c) => names.includes(c.name));
  const usernames = of('assign', 'unassign', 'assign_reviewer', 'unassign_reviewer').flatMap((c) =>
    parseUserArgs(c.args),
  );
  const labelTitles = of('label', 'unlabel', 'relabel').flatMap((c) => parseLabelArgs(c.args));
  const milestoneTitles = of('milestone').flatMap((c) => parseMilestoneArg(c.args) ?? []);
  if (!t.mayUpdate) return { users: new Map(), labels: new Map(), milestones: new Map() };
  const [users, labels, milestones] = await Promise.all([
    assignableUsers(db, t, usernames, purpose, mayBeAssignedToMergeRequest(t.project)),
    projectLabels(db, t, labelTitles),
    projectMilestones(db, t, milestoneTitles),
  ]);
  return { users, labels, milestones };
}

const MAX_TITLE = 255;

/**
 * Turns a merge request's command lines into one `updateMergeRequest` input, in order, with
 * GitLab's conditions (`/close` only when open, `/unassign_reviewer` only with reviewers …);
 * assignee, reviewer and label changes accumulate as GitLab's `@updates` do. Labels are existing
 * labels of the project or its groups, by title (the merge request write takes titles).
 */
export async function planMergeRequestQuickActions(
  db: Database,
  t: MergeRequestQuickActionTarget,
  commands: readonly QuickActionCommand[],
  purpose: QuickActionPurpose,
): Promise<MergeRequestQuickActionPlan> {
  const refs = await resolveAll(db, t, commands, purpose);
  const plan: MergeRequestQuickActionPlan = { planned: [], skipped: [], input: {}, changes: {} };
  const { input, changes } = plan;
  const assignees = new UserListChanges(t.assignees);
  const reviewers = new UserListChanges(t.reviewers);
  const labelChanges = new LabelChanges();
  const usersOf = (args: string) => parseUserArgs(args).flatMap((u) => refs.users.get(u.toLowerCase()) ?? []);
  const labelsOf = (args: string) => parseLabelArgs(args).flatMap((title) => refs.labels.get(title) ?? []);
  const titles = (labels: NamedLabel[]) => labels.map((l) => l.title);
  const setLabels = () => {
    if (labelChanges.replace) input.labels = titles(labelChanges.replace);
    else delete input.labels;
    input.add_labels = titles(labelChanges.add);
    input.remove_labels = titles(labelChanges.remove);
  };
  let title = t.mr.title;
  const skip = (name: QuickActionName) => plan.skipped.push(couldNotApplyMessage(name));
  const done = (action: ResolvedQuickAction) => plan.planned.push(action);

  for (const { name, args } of commands) {
    if (!t.mayUpdate || !isMergeRequestQuickAction(name)) {
      skip(name);
      continue;
    }
    switch (name) {
      case 'assign':
      case 'unassign':
      case 'assign_reviewer':
      case 'unassign_reviewer': {
        const list = name === 'assign' || name === 'unassign' ? assignees : reviewers;
        const adding = name === 'assign' || name === 'assign_reviewer';
        const named = parseUserArgs(args).length ? usersOf(args) : null;
        const changed = adding ? list.add(usersOf(args)) : list.remove(named);
        if (!changed) {
          skip(name);
          break;
        }
        if (list === assignees) input.assignee_ids = changes.assignee_ids = list.current;
        else input.reviewer_ids = changes.reviewer_ids = list.current;
        done({ name, usernames: changed.map((u) => u.username) });
        break;
      }
      case 'label':
      case 'relabel': {
        const labels = labelsOf(args);
        if (labels.length === 0 || (name === 'relabel' && t.labels.length === 0)) {
          skip(name);
          break;
        }
        if (name === 'relabel') labelChanges.relabel(labels);
        else labelChanges.label(labels);
        setLabels();
        done({ name, labels: titles(labels) });
        break;
      }
      case 'unlabel': {
        const labels = labelsOf(args);
        const all = parseLabelArgs(args).length === 0;
        if (t.labels.length === 0 || (!all && labels.length === 0)) {
          skip(name);
          break;
        }
        if (all) labelChanges.unlabelAll();
        else labelChanges.unlabel(labels);
        setLabels();
        done({ name, labels: titles(labels) });
        break;
      }
      case 'milestone': {
        const wanted = parseMilestoneArg(args);
        const milestone = wanted === null ? undefined : refs.milestones.get(wanted);
        if (!milestone) {
          skip(name);
          break;
        }
        input.milestone_id = changes.milestone_id = milestone.id;
        done({ name, milestone: milestone.title });
        break;
      }
      case 'remove_milestone':
        if (t.milestoneTitle === null) skip(name);
        else {
          input.milestone_id = changes.milestone_id = null;
          done({ name, milestone: t.milestoneTitle });
        }
        break;
      case 'title': {
        const wanted = args.trim();
        if (wanted === '' || wanted.length > MAX_TITLE) skip(name);
        else {
          title = input.title = changes.title = wanted;
          done({ name, title: wanted });
        }
        break;
      }
      case 'draft':
      case 'ready': {
        // As GitLab: whether it changes anything is read from the stored status; the prefix goes on
        // (or comes off) the title being written, a /title of the same text included.
        const change = name === 'draft' ? !t.mr.draft : t.mr.draft;
        const next = name === 'draft' ? draftTitle(title) : readyTitle(title);
        if (change && (next === '' || next.length > MAX_TITLE)) {
          skip(name);
          break;
        }
        if (change) {
          title = input.title = next;
          changes.wip_event = name;
        }
        done({ name, change });
        break;
      }
      case 'close':
      case 'reopen':
        if (t.mr.state !== (name === 'close' ? 'opened' : 'closed')) skip(name);
        else {
          input.state_event = changes.state_event = name;
          done({ name });
        }
        break;
      case 'lock':
      case 'unlock':
        if (t.mr.discussion_locked === (name === 'lock')) skip(name);
        else {
          input.discussion_locked = changes.discussion_locked = name === 'lock';
          done({ name });
        }
        break;
      default:
        skip(name);
    }
  }
  if (input.add_labels || input.remove_labels || input.labels) {
    Object.assign(changes, { add_labels: input.add_labels, remove_labels: input.remove_labels });
    if (input.labels) changes.labels = input.labels;
  }
  return plan;
}
