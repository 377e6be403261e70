import {
  confidentialityChangedNote,
  DESCRIPTION_CHANGED_NOTE,
  discussionLockNote,
  dueDateChangedNote,
  healthStatusChangedNote,
  type QuickActionTargetNoun,
  titleChangedNote,
  weightChangedNote,
} from '@meridian/domain';
import type { Executor } from '../../db/executor';
import { idChanges } from '../issuables/owner-links';

/** The fields of an issue or merge request whose change GitLab records as a system note. */
export interface NotedFields {
  title?: string;
  description?: string | null;
  confidential?: boolean;
  due_date?: string | null;
  weight?: number | null;
  health_status?: string | null;
  discussion_locked?: boolean;
}

/**
 * The system notes (domain `system-notes`) for the fields `changes` sets to a new value, against the
 * item `before`, in GitLab's order. `titleOf` compares titles as GitLab does for the kind (a merge
 * request's 'Draft: ' prefix is a draft note of its own, not a title change).
 */
export function fieldChangeNotes(
  before: NotedFields,
  changes: NotedFields,
  noun: QuickActionTargetNoun,
  titleOf: (title: string) => string = (title) => title,
): string[] {
  const notes: string[] = [];
  const changed = <K extends keyof NotedFields>(key: K) =>
    changes[key] !== undefined && (changes[key] ?? null) !== (before[key] ?? null);
  if (changed('title') && titleOf(changes.title as string) !== titleOf(before.title ?? '')) {
    notes.push(titleChangedNote(titleOf(before.title ?? ''), titleOf(changes.title as string)));
  }
  if (changed('description')) notes.push(DESCRIPTION_CHANGED_NOTE);
  if (changed('confidential')) notes.push(confidentialityChangedNote(changes.confidential as boolean));
  if (changed('due_date')) notes.push(dueDateChangedNote(changes.due_date ?? null));
  if (changed('weight')) notes.push(weightChangedNote(changes.weight ?? null));
  if (changed('health_status')) notes.push(healthStatusChangedNote(changes.health_status ?? null));
  if (changed('discussion_locked')) notes.push(discussionLockNote(changes.discussion_locked as boolean, noun));
  return notes;
}

/** 'assigned to @a and unassigned @b' for a change of user ids, or null: one statement for the names. */
export async function usersChangedNote(
  db: Executor,
  before: readonly number[],
  after: readonly number[],
  say: (added: string[], removed: string[]) => string | null,
): Promise<string | null> {
  const { added, removed } = idChanges(before, after);
  if (added.length + removed.length === 0) return null;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...added, ...removed])
    .execute();
  const name = new Map(rows.map((r) => [r.id, r.username]));
  const names = (ids: number[]) => ids.flatMap((id) => name.get(id) ?? []);
  return say(names(added), names(removed));
}
