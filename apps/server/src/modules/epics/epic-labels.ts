import { badRequest } from '../../errors';
import { labelIdsOf } from '../issuables';
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
  if (change.set !== undefined) {
    const ids = await findOrCreateLabels(db, { groupId: group.id, groupIds: group.traversal_ids }, change.set);
    await db.deleteFrom('epic_labels').where('epic_id', '=', epicId).execute();
    if (ids.length)
      await db
        .insertInto('epic_labels')
        .values(ids.map((label_id) => ({ epic_id: epicId, label_id })))
        .execute();
  }
  if (change.add?.length) {
    const ids = await findOrCreateLabels(db, { groupId: group.id, groupIds: group.traversal_ids }, change.add);
    if (ids.length)
      await db
        .insertInto('epic_labels')
        .values(ids.map((label_id) => ({ epic_id: epicId, label_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  if (change.remove?.length) {
    const titles = cleanLabelTitles(change.remove);
    if (titles.length)
      await db
        .deleteFrom('epic_labels')
        .where('epic_id', '=', epicId)
        .where('label_id', 'in', (eb) => eb.selectFrom('labels').select('id').where('title', 'in', titles))
        .execute();
  }
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
