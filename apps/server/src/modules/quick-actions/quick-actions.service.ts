import {
  couldNotApplyMessage,
  extractQuickActions,
  type QuickActionCommand,
  type QuickActionName,
  quickActionMessage,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ServiceContext } from '../../service-context';
import { findMergeRequest } from '../merge-requests';
import type { ProjectRow } from '../namespaces';
import { acceptsQuickAction } from './commands/command-table';
import type { QuickActionTargetAdapter } from './commands/command-target-adapter';
import type { PlannedQuickAction } from './commands/command-types';
import { planCommands } from './commands/plan-commands';
import { resolveCommandRefs } from './commands/resolve-command-refs';
import { issueQuickActionTarget, newIssueQuickActionTarget } from './issue-command-target';
import { mergeRequestQuickActionTarget } from './mr-command-target';
import { explainPersonalQuickActions, isPersonalQuickAction, runPersonalQuickActions } from './personal-quick-actions';
import { isExpected } from './quick-action-errors';

/** What running a text's quick actions did. */
export interface QuickActionsOutcome {
  /** The commands found, in order (GitLab's `command_names`). */
  commandNames: QuickActionName[];
  /** GitLab's past-tense messages, then a 'Could not apply …' message for each skipped command. */
  messages: string[];
  /** Those of `messages` that say a command was not applied (GraphQL's `errorMessages`). */
  errorMessages: string[];
  /** What changed, by GitLab's update parameter names (`commands_changes`). */
  changes: Record<string, unknown>;
}

/**
 * Runs quick action commands on an issue, merge request or epic: the command table plans them, the
 * merged change goes through the target's one write service, an issue's time tracking, links and
 * promotion through theirs, and the actor's own switches through personal-quick-actions.ts; so
 * every permission rule is those services'. A command the actor may not run, or whose references do
 * not resolve or are hidden, gets a 'Could not apply …' message, and so does every command of a
 * write that refuses; nothing here answers 500 or tells a hidden thing exists.
 */
export async function runQuickActions(
  ctx: ServiceContext,
  adapter: QuickActionTargetAdapter,
  commands: readonly QuickActionCommand[],
): Promise<QuickActionsOutcome> {
  const { db } = ctx;
  const outcome: QuickActionsOutcome = {
    commandNames: commands.map((c) => c.name),
    messages: [],
    errorMessages: [],
    changes: {},
  };
  if (commands.length === 0) return outcome;
  const personal = adapter.personal ? commands.filter((c) => isPersonalQuickAction(c.name)) : [];
  const own = commands.filter((c) => !isPersonalQuickAction(c.name));
  const refs = await resolveCommandRefs(db, adapter.scope, adapter.target, own, 'execute');
  const { planned, skipped, update } = planCommands(adapter.target, refs, own);
  const done = new Map<PlannedQuickAction, string>();
  const said = (p: PlannedQuickAction) => quickActionMessage(p.action, 'execution', adapter.noun);
  let updated = true;
  if (update && Object.keys(update).length > 0) {
    try {
      Object.assign(outcome.changes, await adapter.update(ctx, update));
    } catch (error) {
      if (!isExpected(error)) throw error;
      updated = false;
    }
  }
  for (const p of planned) {
    if (p.step.kind === 'update') {
      if (updated) done.set(p, said(p));
      continue;
    }
    if (!adapter.runStep) continue;
    try {
      const result = await adapter.runStep(ctx, p.step, outcome.changes);
      if (Array.isArray(result) && result.length && 'references' in p.action) {
        done.set(p, quickActionMessage({ ...p.action, references: result }, 'execution', adapter.noun));
      } else if (result === true) done.set(p, said(p));
    } catch (error) {
      if (!isExpected(error)) throw error;
    }
  }
  for (const p of planned) {
    const message = done.get(p) ?? couldNotApplyMessage(p.name);
    if (!done.has(p)) outcome.errorMessages.push(message);
    outcome.messages.push(message);
  }
  if (personal.length && adapter.personal) {
    const ran = await runPersonalQuickActions(db, adapter.scope.me, adapter.personal, personal);
    outcome.messages.push(...ran.messages);
    Object.assign(outcome.changes, ran.changes);
  }
  for (const s of skipped) {
    outcome.messages.push(s.message);
    outcome.errorMessages.push(s.message);
  }
  return outcome;
}

/** A text's explanations for the preview ('Adds ~bug label.'): what would run, in GitLab's words. */
async function explainOn(db: Database, adapter: QuickActionTargetAdapter, commands: readonly QuickActionCommand[]) {
  const own = commands.filter((c) => !isPersonalQuickAction(c.name));
  const refs = await resolveCommandRefs(db, adapter.scope, adapter.target, own, 'explain');
  const { planned } = planCommands(adapter.target, refs, own);
  const personal = adapter.target.persisted ? commands.filter((c) => isPersonalQuickAction(c.name)) : [];
  return [
    ...planned.map((p) => quickActionMessage(p.action, 'explanation', adapter.noun)),
    ...explainPersonalQuickActions(personal, adapter.noun),
  ];
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
  const { commands, text: rest } = extractQuickActions(text, acceptsQuickAction('issue'));
  if (commands.length === 0) return { text: rest, explanations: [] };
  const adapter =
    iid === null ? newIssueQuickActionTarget(me, project) : await issueQuickActionTarget(db, me, project, iid);
  return { text: rest, explanations: await explainOn(db, adapter, commands) };
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
  const { commands, text: rest } = extractQuickActions(text, acceptsQuickAction('merge_request'));
  if (commands.length === 0) return { text: rest, explanations: [] };
  const mr = await findMergeRequest(db, me, project.id, iid);
  const adapter = await mergeRequestQuickActionTarget(db, me, project, mr);
  return { text: rest, explanations: await explainOn(db, adapter, commands) };
}
