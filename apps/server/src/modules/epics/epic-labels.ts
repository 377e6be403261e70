import { cleanLabelTitles, findOrCreateLabels } from '../labels/find-or-create-labels';
import type { Executor } from './epic-query';

/** Replaces (`set`) or edits (`add` / `remove`) the labels of an epic. */
export async function writeEpicLabels(
  db: Executor,
  epicId: number,
  group: { id: number; traversal_ids: number[] },
  change: { set?: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): Promise<boolean> {
  let changed = false;
  if (change.set !== undefined) {
    const ids = await findOrCreateLabels(db, { groupId: group.id, groupIds: group.traversal_ids }, change.set);
    await db.deleteFrom('epic_labels').where('epic_id', '=', epicId).execute();
    if (ids.length)
      await db
        .insertInto('epic_labels')
        .values(ids.map((label_id) => ({ epic_id: epicId, label_id })))
        .execute();
    changed = true;
  }
  if (change.add?.length) {
    const ids = await findOrCreateLabels(db, { groupId: group.id, groupIds: group.traversal_ids }, change.add);
    if (ids.length)
      await db
        .insertInto('epic_labels')
        .values(ids.map((label_id) => ({ epic_id: epicId, label_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    changed = true;
  }
  if (change.remove?.length) {
    const titles = cleanLabelTitles(change.remove);
    if (titles.length)
      await db
        .deleteFrom('epic_labels')
        .where('epic_id', '=', epicId)
        .where('label_id', 'in', (eb) => eb.selectFrom('labels').select('id').where('title', 'in', titles))
        .execute();
    changed = true;
  }
  return changed;
}
