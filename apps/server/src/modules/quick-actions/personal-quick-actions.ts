import {
  couldNotApplyMessage,
  PERSONAL_QUICK_ACTIONS,
  parseEmojiArg,
  type QuickActionCommand,
  type QuickActionName,
  type QuickActionTargetNoun,
  quickActionMessage,
  type ResolvedQuickAction,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { toggleAward } from '../award-emoji';
import { setSubscription } from '../subscriptions';
import { markForLater, markTargetTodosDone } from '../todos';

/**
 * The actor's own switches as quick actions — `/todo`, `/done`, `/subscribe`, `/unsubscribe`,
 * `/react` (`/award`) — on an issue or merge request the caller has shown they can read (a comment
 * or a write on it), through the to-do, subscription and award emoji services. Nothing of the
 * issue or merge request itself changes, so no write permission is asked, as GitLab.
 */

export const isPersonalQuickAction = (name: QuickActionName) => PERSONAL_QUICK_ACTIONS.has(name);

export interface PersonalTarget {
  type: 'Issue' | 'MergeRequest';
  id: number;
  noun: QuickActionTargetNoun;
}

/** What the personal commands would do, for the preview (their state is not read: explained as asked). */
export function explainPersonalQuickActions(commands: readonly QuickActionCommand[], noun: QuickActionTargetNoun) {
  return commands.flatMap((c) => {
    const action = resolved(c);
    return action ? [quickActionMessage(action, 'explanation', noun)] : [];
  });
}

function resolved({ name, args }: QuickActionCommand): ResolvedQuickAction | null {
  if (name === 'award') {
    const emoji = parseEmojiArg(args);
    return emoji ? { name, emoji } : null;
  }
  if (name === 'todo' || name === 'done' || name === 'subscribe' || name === 'unsubscribe') return { name };
  return null;
}

/**
 * Runs the personal commands in order. One that changes nothing (a second `/todo`, `/done` without
 * a pending to-do, `/subscribe` when subscribed) gets GitLab's 'Could not apply …'.
 */
export async function runPersonalQuickActions(
  db: Database,
  me: Actor,
  target: PersonalTarget,
  commands: readonly QuickActionCommand[],
): Promise<{ messages: string[]; changes: Record<string, unknown> }> {
  const messages: string[] = [];
  const changes: Record<string, unknown> = {};
  const subject = { type: target.type, id: target.id };
  for (const command of commands) {
    const action = resolved(command);
    let applied = false;
    if (action?.name === 'todo') applied = (await markForLater(db, me, subject)).created;
    if (action?.name === 'done') applied = (await markTargetTodosDone(db, me, subject)) > 0;
    if (action?.name === 'subscribe' || action?.name === 'unsubscribe') {
      applied = await setSubscription(db, me, subject, action.name === 'subscribe');
    }
    if (action?.name === 'award') {
      await toggleAward(db, me, subject, action.emoji);
      applied = true;
    }
    if (!action || !applied) {
      messages.push(couldNotApplyMessage(command.name));
      continue;
    }
    if (action.name === 'todo' || action.name === 'done') changes.todo_event = action.name === 'todo' ? 'add' : 'done';
    if (action.name === 'subscribe' || action.name === 'unsubscribe') changes.subscription_event = action.name;
    if (action.name === 'award') changes.emoji_award = action.emoji;
    messages.push(quickActionMessage(action, 'execution', target.noun));
  }
  return { messages, changes };
}
