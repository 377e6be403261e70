import { badRequest } from '../../errors';
import { labelIdsOf, linkLabels, unlinkLabels } from '../issuables';
import { cleanLabelTitles, findOrCreateLabels } from '../labels';
import type { Executor } from './epic-query';

/**
 * Replaces (`set`) or edits (`add` / `remove`) the labels of an epic. Answers the label ids before
 * and after (two more statements), or null when the change names no labels.
 */
export async function writeEpicLabels(
  db: Executor,
  epicId: number,
  group: { id: number; traversal_ids: number[] },
  change: { set?: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): Promise<{ before: number[]; after: number[] } | null> {
  if (change.set === undefined && !change.add?.length && !change.remove?.length) return null;
  const before = await labelIdsOf(db, 'epic', epicId);
  await editEpicLabels(db, epicId, group, change);
  return { before, after: await labelIdsOf(db, 'epic', epicId) };
}

async function editEpicLabels(
  db: Executor,
  epicId: number,
  group: { id: number; traversal_ids: number[] },
  change: { set?: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): Promise<void> {
  const labelOwner = { groupId: group.id, groupIds: group.traversal_ids };
  if (change.set !== undefined) {
    const ids = await findOrCreateLabels(db, labelOwner, change.set);
    await unlinkLabels(db, 'epic', epicId);
    await linkLabels(db, 'epic', epicId, ids);
  }
  if (change.add?.length) await linkLabels(db, 'epic', epicId, await findOrCreateLabels(db, labelOwner, change.add));
  if (change.remove?.length) await unlinkLabels(db, 'epic', epicId, cleanLabelTitles(change.remove));
}

/**
 * The titles of `labelIds`, each a label of the epic's group or one of its ancestors (what the
 * epic may carry); 400 naming `field` when one is not.
 */
export async function epicLabelTitlesByIds(
  db: Executor,
  group: { traversal_ids: number[] },
  labelIds: readonly number[],
  field: string,
): Promise<string[]> {
  const ids = [...new Set(labelIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('labels')
    .select(['id', 'title'])
    .where('id', 'in', ids)
    .where('group_id', 'in', group.traversal_ids)
    .execute();
  if (rows.length !== ids.length) throw badRequest(`${field} is invalid: unknown label`, field);
  return rows.map((r) => r.title);
}
