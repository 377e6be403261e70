import {
  couldNotApplyMessage,
  extractQuickActions,
  type QuickActionCommand,
  quickActionMessage,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { findMergeRequest, type MergeRequestRow } from '../merge-requests/merge-requests.service';
import { MethodNotAllowedError, updateMergeRequest } from '../merge-requests/mr-write.service';
import type { ProjectRow } from '../namespaces/namespace-lookup.service';
import {
  isMergeRequestQuickAction,
  loadMergeRequestQuickActionTarget,
  planMergeRequestQuickActions,
} from './mr-quick-action-plan';
import { explainPersonalQuickActions, isPersonalQuickAction, runPersonalQuickActions } from './personal-quick-actions';
import { isExpected, type QuickActionsOutcome } from './quick-actions.service';

/**
 * Runs quick action commands on a merge request as one `updateMergeRequest` call, so its permission
 * rule (Developer+, project not archived) and its validation are the only ones. A command the actor
 * may not run, or naming nothing that resolves, gets GitLab's 'Could not apply …' message; when the
 * write refuses, every planned command does. The actor's own switches (`/todo`, `/subscribe`,
 * `/react` …) run beside it through their services (personal-quick-actions.ts).
 */
export async function executeMergeRequestQuickActions(
  db: Database,
  me: Actor,
  project: ProjectRow,
  mr: MergeRequestRow,
  commands: readonly QuickActionCommand[],
): Promise<QuickActionsOutcome> {
  const outcome: QuickActionsOutcome = { commandNames: commands.map((c) => c.name), messages: [], changes: {} };
  if (commands.length === 0) return outcome;
  const target = await loadMergeRequestQuickActionTarget(db, me, project, mr);
  const personal = commands.filter((c) => isPersonalQuickAction(c.name));
  const plan = await planMergeRequestQuickActions(
    db,
    target,
    commands.filter((c) => !isPersonalQuickAction(c.name)),
    'execute',
  );
  let applied = true;
  if (Object.keys(plan.input).length > 0) {
    try {
      await updateMergeRequest(db, me, project, mr.iid, plan.input);
      outcome.changes = plan.changes;
    } catch (error) {
      if (!isExpected(error) && !(error instanceof MethodNotAllowedError)) throw error;
      applied = false;
    }
  }
  for (const action of plan.planned) {
    outcome.messages.push(
      applied ? quickActionMessage(action, 'execution', 'merge request') : couldNotApplyMessage(action.name),
    );
  }
  if (personal.length) {
    const own = await runPersonalQuickActions(
      db,
      me,
      { type: 'MergeRequest', id: mr.id, noun: 'merge request' },
      personal,
    );
    outcome.messages.push(...own.messages);
    Object.assign(outcome.changes, own.changes);
  }
  outcome.messages.push(...plan.skipped);
  return outcome;
}

/** The commands of a merge request's text explained for the preview ('Assigns @bob as reviewer.'). */
export async function explainMergeRequestQuickActions(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  text: string,
): Promise<{ text: string; explanations: string[] }> {
  const me = requireActor(actor);
  const { commands, text: rest } = extractQuickActions(text, isMergeRequestQuickAction);
  if (commands.length === 0) return { text: rest, explanations: [] };
  const mr = await findMergeRequest(db, me, project.id, iid);
  const target = await loadMergeRequestQuickActionTarget(db, me, project, mr);
  const personal = commands.filter((c) => isPersonalQuickAction(c.name));
  const { planned } = await planMergeRequestQuickActions(
    db,
    target,
    commands.filter((c) => !isPersonalQuickAction(c.name)),
    'explain',
  );
  return {
    text: rest,
    explanations: [
      ...planned.map((a) => quickActionMessage(a, 'explanation', 'merge request')),
      ...explainPersonalQuickActions(personal, 'merge request'),
    ],
  };
}
