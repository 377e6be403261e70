import {
  couldNotApplyMessage,
  EPIC_QUICK_ACTIONS,
  parseLabelArgs,
  type QuickActionCommand,
  quickActionMessage,
  type ResolvedQuickAction,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import { DomainError } from '../../errors';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { type EpicInput, updateEpic } from '../epics/epic-write.service';
import { type EpicRow, epicSubject } from '../epics/epics.service';
import type { QuickActionsOutcome } from './quick-actions.service';

/** Whether a command applies to epics (the others stay text in an epic's comment). */
export const isEpicQuickAction = (name: QuickActionCommand['name']) => EPIC_QUICK_ACTIONS.has(name);

/**
 * The epic commands (`/close`, `/reopen`, `/confidential`, `/label`, `/unlabel`, `/relabel`) as one
 * `updateEpic` call, with its permission rule; labels are existing labels of the epic's groups.
 */
export async function executeEpicQuickActions(
  db: Database,
  me: Actor,
  epic: EpicRow,
  commands: readonly QuickActionCommand[],
): Promise<QuickActionsOutcome> {
  const outcome: QuickActionsOutcome = { commandNames: commands.map((c) => c.name), messages: [], changes: {} };
  const mayUpdate = canEpic(me, 'update_epic', epicSubject(epic));
  const [current, known] = await Promise.all([
    db
      .selectFrom('epic_labels as el')
      .innerJoin('labels as l', 'l.id', 'el.label_id')
      .select('l.title')
      .where('el.epic_id', '=', epic.id)
      .execute(),
    db
      .selectFrom('labels')
      .select('title')
      .where('group_id', 'in', epic.group_traversal_ids.length ? epic.group_traversal_ids : [0])
      .where('title', 'in', [...commands.flatMap((c) => parseLabelArgs(c.args)), ''])
      .execute(),
  ]);
  const existing = new Set(known.map((l) => l.title));
  const hasLabels = current.length > 0;
  const input: EpicInput = {};
  const planned: ResolvedQuickAction[] = [];
  const skipped: string[] = [];
  for (const { name, args } of commands) {
    const titles = parseLabelArgs(args).filter((title) => existing.has(title));
    const ok =
      mayUpdate &&
      ((name === 'close' && epic.state === 'opened') ||
        (name === 'reopen' && epic.state === 'closed') ||
        (name === 'confidential' && !epic.confidential) ||
        (name === 'label' && titles.length > 0) ||
        (name === 'relabel' && titles.length > 0 && hasLabels) ||
        (name === 'unlabel' && hasLabels && (titles.length > 0 || args.trim() === '')));
    if (!ok) {
      skipped.push(couldNotApplyMessage(name));
      continue;
    }
    if (name === 'close' || name === 'reopen') input.state_event = name;
    if (name === 'confidential') input.confidential = true;
    if (name === 'label') input.add_labels = [...(input.add_labels ?? []), ...titles];
    if (name === 'relabel') input.labels = titles;
    if (name === 'unlabel') {
      if (titles.length) input.remove_labels = [...(input.remove_labels ?? []), ...titles];
      else input.labels = [];
    }
    const action: ResolvedQuickAction =
      name === 'label' || name === 'relabel' || name === 'unlabel'
        ? { name, labels: titles }
        : { name: name as 'close' | 'reopen' | 'confidential' };
    planned.push(action);
  }
  if (planned.length) {
    try {
      await updateEpic(db, me, epic, input);
      outcome.changes = { ...input };
      outcome.messages.push(...planned.map((a) => quickActionMessage(a, 'execution', 'epic')));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.messages.push(...planned.map((a) => couldNotApplyMessage(a.name)));
    }
  }
  outcome.messages.push(...skipped);
  return outcome;
}
