import { textColorFor } from '@meridian/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** GitLab's colour for labels created implicitly by `labels=` on an issue. */
export const DEFAULT_LABEL_COLOR = '#6699cc';

/**
 * Label ids for titles on an issue of this project: project labels and labels of its ancestor
 * groups (project label wins on a title clash); missing titles become new project labels with the
 * default colour, as GitLab does.
 */
export async function findOrCreateLabelIds(
  trx: Transaction<DB>,
  project: { id: number; namespace_traversal_ids: number[] },
  titles: string[],
): Promise<number[]> {
  const wanted = [...new Set(titles.map((t) => t.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const existing = await trx
    .selectFrom('labels')
    .select(['id', 'title', 'project_id'])
    .where('title', 'in', wanted)
    .where((eb) =>
      eb.or([
        eb('project_id', '=', project.id),
        project.namespace_traversal_ids.length ? eb('group_id', 'in', project.namespace_traversal_ids) : eb.val(false),
      ]),
    )
    .execute();
  const byTitle = new Map<string, number>();
  for (const l of existing) if (!byTitle.has(l.title) || l.project_id !== null) byTitle.set(l.title, l.id);
  const missing = wanted.filter((t) => !byTitle.has(t));
  if (missing.length) {
    const created = await trx
      .insertInto('labels')
      .values(
        missing.map((title) => ({
          project_id: project.id,
          title,
          color: DEFAULT_LABEL_COLOR,
          text_color: textColorFor(DEFAULT_LABEL_COLOR),
        })),
      )
      .returning(['id', 'title'])
      .execute();
    for (const l of created) byTitle.set(l.title, l.id);
  }
  return wanted.map((t) => byTitle.get(t) as number);
}

/** Replaces or edits the label set of an issue. */
export async function setIssueLabels(trx: Transaction<DB>, issueId: number, labelIds: number[]): Promise<void> {
  await trx.deleteFrom('issue_labels').where('issue_id', '=', issueId).execute();
  await addIssueLabels(trx, issueId, labelIds);
}

export async function addIssueLabels(trx: Transaction<DB>, issueId: number, labelIds: number[]): Promise<void> {
  if (labelIds.length === 0) return;
  await trx
    .insertInto('issue_labels')
    .values(labelIds.map((label_id) => ({ issue_id: issueId, label_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeIssueLabelsByTitle(trx: Transaction<DB>, issueId: number, titles: string[]): Promise<void> {
  if (titles.length === 0) return;
  await trx
    .deleteFrom('issue_labels')
    .where('issue_id', '=', issueId)
    .where('label_id', 'in', (eb) => eb.selectFrom('labels').select('id').where('title', 'in', titles))
    .execute();
}
