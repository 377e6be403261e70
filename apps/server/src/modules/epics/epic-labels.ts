import { textColorFor } from '@meridian/domain/labels/color';
import { badRequest } from '../../errors';
import type { Executor } from './epic-query';

/** GitLab's default colour for labels created on the fly. */
const DEFAULT_LABEL_COLOR = '#6699cc';

function cleanTitles(titles: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of titles) {
    const t = raw.trim();
    if (!t) continue;
    if (t.length > 255) throw badRequest('labels is invalid: a label title is too long', 'labels');
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * Label ids for these titles among the group labels of the epic's group and its ancestors
 * (`groupTraversalIds`); missing titles are created in the epic's group with the default colour.
 */
export async function resolveEpicLabelIds(
  db: Executor,
  group: { id: number; traversal_ids: number[] },
  titles: readonly string[],
): Promise<number[]> {
  const wanted = cleanTitles(titles);
  if (wanted.length === 0) return [];
  const existing = await db
    .selectFrom('labels')
    .select(['id', 'title', 'group_id'])
    .where('group_id', 'in', group.traversal_ids)
    .where('title', 'in', wanted)
    .execute();
  const ids: number[] = [];
  for (const title of wanted) {
    // Prefer the closest group's label when an ancestor has the same title.
    const matches = existing.filter((l) => l.title === title);
    matches.sort(
      (a, b) => group.traversal_ids.indexOf(b.group_id ?? -1) - group.traversal_ids.indexOf(a.group_id ?? -1),
    );
    const found = matches[0];
    if (found) {
      ids.push(found.id);
      continue;
    }
    const created = await db
      .insertInto('labels')
      .values({ group_id: group.id, title, color: DEFAULT_LABEL_COLOR, text_color: textColorFor(DEFAULT_LABEL_COLOR) })
      .onConflict((oc) => oc.columns(['group_id', 'title']).where('group_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      created?.id ??
      (
        await db
          .selectFrom('labels')
          .select('id')
          .where('group_id', '=', group.id)
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).id;
    ids.push(id);
  }
  return ids;
}

/** Replaces (`set`) or edits (`add` / `remove`) the labels of an epic. */
export async function writeEpicLabels(
  db: Executor,
  epicId: number,
  group: { id: number; traversal_ids: number[] },
  change: { set?: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): Promise<boolean> {
  let changed = false;
  if (change.set !== undefined) {
    const ids = await resolveEpicLabelIds(db, group, change.set);
    await db.deleteFrom('epic_labels').where('epic_id', '=', epicId).execute();
    if (ids.length)
      await db
        .insertInto('epic_labels')
        .values(ids.map((label_id) => ({ epic_id: epicId, label_id })))
        .execute();
    changed = true;
  }
  if (change.add?.length) {
    const ids = await resolveEpicLabelIds(db, group, change.add);
    if (ids.length)
      await db
        .insertInto('epic_labels')
        .values(ids.map((label_id) => ({ epic_id: epicId, label_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    changed = true;
  }
  if (change.remove?.length) {
    const titles = cleanTitles(change.remove);
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
