import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

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
