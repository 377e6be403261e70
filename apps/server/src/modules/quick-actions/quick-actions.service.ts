import {
  couldNotApplyMessage,
  extractQuickActions,
  formatDuration,
  isIssueQuickAction,
  type QuickActionCommand,
  type QuickActionName,
  quickActionMessage,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import { DomainError } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { createIssueLink } from '../issue-links/issue-links.service';
import { issueTargetsFromReferences } from '../issue-links/issue-references';
import { promoteIssueToEpic } from '../issues/issue-promotion.service';
import { type IssueInput, updateIssue } from '../issues/issue-write.service';
import type { ProjectRow } from '../namespaces/namespace-lookup.service';
import { addSpentTime, resetSpentTime, setTimeEstimate } from '../time-tracking/time-tracking.service';
import { explainPersonalQuickActions, isPersonalQuickAction, runPersonalQuickActions } from './personal-quick-actions';
import { type PlannedQuickAction, planQuickActions, type QuickActionStep } from './quick-action-plan';
import { loadQuickActionTarget, newIssueQuickActionTarget } from './quick-action-target';

/** What running a text's quick actions did. */
export interface QuickActionsOutcome {
  /** The commands found, in order (GitLab's `command_names`). */
  commandNames: QuickActionName[];
  /** GitLab's past-tense messages, then a 'Could not apply …' message for each skipped command. */
  messages: string[];
  /** What changed, by GitLab's update parameter names (`commands_changes`). */
  changes: Record<string, unknown>;
}

/** A text's explanations for the preview ('Adds ~bug label.'), for issue `iid` or a new issue (null). */
export async function explainQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number | null,
  text: string,
): Promise<{ text: string; explanations: string[] }> {
  const me = requireActor(actor);
  const { commands, text: rest } = extractQuickActions(text, isIssueQuickAction);
  if (commands.length === 0) return { text: rest, explanations: [] };
  const target =
    iid === null ? newIssueQuickActionTarget(me, project) : await loadQuickActionTarget(db, me, project, iid);
  const { planned } = await planQuickActions(
    db,
    target,
    commands.filter((c) => !isPersonalQuickAction(c.name)),
    'explain',
  );
  const personal = iid === null ? [] : commands.filter((c) => isPersonalQuickAction(c.name));
  return {
    text: rest,
    explanations: [
      ...planned.map((p) => quickActionMessage(p.action, 'explanation')),
      ...explainPersonalQuickActions(personal, 'issue'),
    ],
  };
}

/** A refusal or validation error of the service a command went through: that command is skipped. */
export function isExpected(error: unknown): error is DomainError {
  return error instanceof DomainError && error.code !== 'unauthorized' && error.code !== 'rate_limited';
}

/** Merges the update steps into one issue write, as GitLab's one UpdateService call. */
function mergedUpdate(planned: PlannedQuickAction[]): IssueInput | null {
  const inputs = planned.flatMap((p) => (p.step.kind === 'update' ? [p.step.input] : []));
  return inputs.length ? Object.assign({}, ...inputs) : null;
}

/** Runs the non-update steps through their services; returns whether the step did something. */
async function runStep(
  db: Database,
  me: Actor,
  project: ProjectRow,
  iid: number,
  step: Exclude<QuickActionStep, { kind: 'update' }>,
  changes: Record<string, unknown>,
): Promise<string[] | boolean> {
  switch (step.kind) {
    case 'estimate':
      await setTimeEstimate(db, me, project, iid, step.seconds === 0 ? null : formatDuration(step.seconds));
      changes.time_estimate = step.seconds;
      return true;
    case 'spend':
      await addSpentTime(db, me, project, iid, {
        duration: formatDuration(step.seconds) as string,
        ...(step.date ? { spentAt: step.date } : {}),
      });
      changes.spend_time = { duration: step.seconds, user_id: me.id, ...(step.date ? { spent_at: step.date } : {}) };
      return true;
    case 'reset_spent':
      await resetSpentTime(db, me, project, iid);
      changes.spend_time = { duration: 'reset', user_id: me.id };
      return true;
    case 'link': {
      // Each reference on its own: one the actor cannot see or may not link is left out, and its
      // failure reads the same whether it exists or not.
      const linked: string[] = [];
      for (const reference of step.references) {
        try {
          const [target] = issueTargetsFromReferences([reference], project.full_path);
          if (target) {
            await createIssueLink(db, me, project, iid, { ...target, link_type: step.linkType });
            linked.push(reference);
          }
        } catch (error) {
          if (!isExpected(error)) throw error;
        }
      }
      if (linked.length) changes[`${step.linkType}_links`] = linked;
      return linked;
    }
    case 'promote':
      await promoteIssueToEpic(db, me, project, iid);
      changes.promote_to_epic = true;
      return true;
  }
}

/**
 * Runs quick action commands on issue `iid` through the services that own each change (issue
 * update, time tracking, issue links, promotion), so every permission rule is theirs. A command
 * the actor may not run, or whose references do not resolve or are hidden, is skipped with a
 * 'Could not apply …' message; nothing here answers 500 or tells a hidden thing exists.
 */
export async function executeQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  commands: readonly QuickActionCommand[],
): Promise<QuickActionsOutcome> {
  const me = requireActor(actor);
  const outcome: QuickActionsOutcome = { commandNames: commands.map((c) => c.name), messages: [], changes: {} };
  if (commands.length === 0) return outcome;
  const target = await loadQuickActionTarget(db, me, project, iid);
  const personal = commands.filter((c) => isPersonalQuickAction(c.name));
  const { planned, skipped } = await planQuickActions(
    db,
    target,
    commands.filter((c) => !isPersonalQuickAction(c.name)),
    'execute',
  );
  const done = new Map<PlannedQuickAction, string>();
  const update = mergedUpdate(planned);
  if (update) {
    try {
      await updateIssue(db, me, project, iid, update);
      Object.assign(outcome.changes, update);
      for (const p of planned) if (p.step.kind === 'update') done.set(p, quickActionMessage(p.action, 'execution'));
    } catch (error) {
      if (!isExpected(error)) throw error;
    }
  }
  for (const p of planned) {
    if (p.step.kind === 'update') continue;
    try {
      const result = await runStep(db, me, project, iid, p.step, outcome.changes);
      if (Array.isArray(result) && result.length && 'references' in p.action) {
        done.set(p, quickActionMessage({ ...p.action, references: result }, 'execution'));
      } else if (result === true) done.set(p, quickActionMessage(p.action, 'execution'));
    } catch (error) {
      if (!isExpected(error)) throw error;
    }
  }
  for (const p of planned) outcome.messages.push(done.get(p) ?? couldNotApplyMessage(p.name));
  if (personal.length && target.issue) {
    const own = await runPersonalQuickActions(db, me, { type: 'Issue', id: target.issue.id, noun: 'issue' }, personal);
    outcome.messages.push(...own.messages);
    Object.assign(outcome.changes, own.changes);
  }
  for (const s of skipped) outcome.messages.push(s.message);
  return outcome;
}

/** Extracts a text's commands and runs them on issue `iid`; returns the text without them. */
export async function runTextQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  text: string,
): Promise<{ text: string; outcome: QuickActionsOutcome }> {
  const { commands, text: rest } = extractQuickActions(text, isIssueQuickAction);
  return { text: rest, outcome: await executeQuickActions(db, actor, project, iid, commands) };
}
