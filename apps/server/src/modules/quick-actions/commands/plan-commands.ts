import { couldNotApplyMessage, type QuickActionCommand, type QuickActionName } from '@meridian/domain';
import { LabelChanges, UserListChanges } from '../quick-action-changes';
import { quickActionEntry } from './command-table';
import type { CommandRefs, CommandTarget, PlannedQuickAction, UpdateDelta } from './command-types';

export interface QuickActionPlan {
  planned: PlannedQuickAction[];
  /** Commands skipped: not allowed, not available now, or naming nothing the actor can see. */
  skipped: { name: QuickActionName; message: string }[];
  /** The planned updates merged into one write (null: nothing to write). */
  update: UpdateDelta | null;
}

/**
 * Plans a text's commands on the target through the command table, in order: each command the
 * actor may run, whose condition holds and whose arguments resolve, is planned; the others get
 * GitLab's 'Could not apply …' message. Assignee, reviewer and label changes accumulate.
 */
export function planCommands(
  target: CommandTarget,
  refs: CommandRefs,
  commands: readonly QuickActionCommand[],
): QuickActionPlan {
  const state = {
    assignees: new UserListChanges(target.assignees),
    reviewers: new UserListChanges(target.reviewers),
    labels: new LabelChanges(),
    title: target.title,
  };
  const plan: QuickActionPlan = { planned: [], skipped: [], update: null };
  for (const { name, args } of commands) {
    const entry = quickActionEntry(name, target.kind);
    const available = entry && target.may[entry.ability] && (entry.condition?.(target) ?? true);
    const outcome = available ? entry.plan(args, target, refs, state) : null;
    if (!outcome) {
      plan.skipped.push({ name, message: couldNotApplyMessage(name) });
      continue;
    }
    plan.planned.push({ name, ...outcome });
    if (outcome.step.kind === 'update') plan.update = { ...plan.update, ...outcome.step.delta };
  }
  return plan;
}
