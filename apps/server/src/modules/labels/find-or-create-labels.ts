import { textColorFor } from '@meridian/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { badRequest } from '../../errors';

/** GitLab's colour for labels created implicitly by `labels=` on an issue, merge request or epic. */
export const DEFAULT_LABEL_COLOR = '#6699cc';

/**
 * Where a label title is looked up and, when missing, created: a project (its own labels, then
 * those of its ancestor groups) or a group (its labels and its ancestors'). `groupIds` is the
 * traversal ids of the project's namespace or of the group, top-most first.
 */
export type LabelOwner = { projectId: number; groupIds: number[] } | { groupId: number; groupIds: number[] };

/** Trimmed, de-duplicated titles in order; 400 when one is longer than a label title may be. */
export function cleanLabelTitles(titles: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of titles) {
    const title = raw.trim();
    if (!title) continue;
    if (title.length > 255) throw badRequest('labels is invalid: a label title is too long', 'labels');
    if (!out.includes(title)) out.push(title);
  }
  return out;
}

/**
 * Label ids for `titles`, as GitLab resolves them when an issuable is labelled by title: the
 * project's own label wins, then the closest group's; a missing title becomes a new label of the
 * owner with the default colour (a concurrent creation of the same title is found, not duplicated).
 */
export async function findOrCreateLabels(
  db: Executor,
  owner: LabelOwner,
  titles: readonly string[],
): Promise<number[]> {
  const wanted = cleanLabelTitles(titles);
  if (wanted.length === 0) return [];
  const projectId = 'projectId' in owner ? owner.projectId : null;
  const existing = await db
    .selectFrom('labels')
    .select(['id', 'title', 'project_id', 'group_id'])
    .where('title', 'in', wanted)
    .where((eb) =>
      eb.or([
        projectId !== null ? eb('project_id', '=', projectId) : eb.val(false),
        owner.groupIds.length ? eb('group_id', 'in', owner.groupIds) : eb.val(false),
      ]),
    )
    .execute();
  const closeness = (label: { project_id: number | null; group_id: number | null }) =>
    label.project_id !== null ? Number.MAX_SAFE_INTEGER : owner.groupIds.indexOf(label.group_id ?? -1);
  const byTitle = new Map<string, { id: number; rank: number }>();
  for (const label of existing) {
    const rank = closeness(label);
    const current = byTitle.get(label.title);
    if (!current || rank > current.rank) byTitle.set(label.title, { id: label.id, rank });
  }
  const missing = wanted.filter((t) => !byTitle.has(t));
  if (missing.length) {
    const column = projectId !== null ? 'project_id' : 'group_id';
    const ownerId = projectId ?? ('groupId' in owner ? owner.groupId : 0);
    const created = await db
      .insertInto('labels')
      .values(
        missing.map((title) => ({
          [column]: ownerId,
          title,
          color: DEFAULT_LABEL_COLOR,
          text_color: textColorFor(DEFAULT_LABEL_COLOR),
        })),
      )
      .onConflict((oc) => oc.columns([column, 'title']).where(column, 'is not', null).doNothing())
      .returning(['id', 'title'])
      .execute();
    for (const label of created) byTitle.set(label.title, { id: label.id, rank: 0 });
    const raced = missing.filter((t) => !byTitle.has(t));
    if (raced.length) {
      const found = await db
        .selectFrom('labels')
        .select(['id', 'title'])
        .where(sql.ref(column), '=', ownerId)
        .where('title', 'in', raced)
        .execute();
      for (const label of found) byTitle.set(label.title, { id: label.id, rank: 0 });
    }
  }
  return wanted.map((t) => byTitle.get(t)?.id as number);
}
