import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { findOrCreateLabelIds, labelIdsOf, linkLabels, unlinkLabels, validLabelIds } from '../issuables';
import type { ProjectRow } from '../namespaces';

/** The label changes an issue write may carry: by title (REST) or by id (GraphQL's label ids). */
export interface IssueLabelChanges {
  labels?: string[];
  add_labels?: string[];
  remove_labels?: string[];
  label_ids?: number[];
  add_label_ids?: number[];
  remove_label_ids?: number[];
}

const LABEL_CHANGE_FIELDS = ['labels', 'add_labels', 'remove_labels', 'label_ids', 'add_label_ids', 'remove_label_ids'];

/**
 * Applies an update's label changes in GitLab's order: replace the set, then add, then remove.
 * Titles are found or created in the project; ids must be labels the project may use (400 otherwise).
 * Answers the label ids before and after (two more statements), or null when the write names no labels.
 */
export async function applyIssueLabelChanges(
  trx: Transaction<DB>,
  project: ProjectRow,
  issueId: number,
  changes: IssueLabelChanges,
): Promise<{ before: number[]; after: number[] } | null> {
  if (!LABEL_CHANGE_FIELDS.some((field) => changes[field as keyof IssueLabelChanges] !== undefined)) return null;
  const before = await labelIdsOf(trx, 'issue', issueId);
  await writeIssueLabelChanges(trx, project, issueId, changes);
  return { before, after: await labelIdsOf(trx, 'issue', issueId) };
}

async function writeIssueLabelChanges(
  trx: Transaction<DB>,
  project: ProjectRow,
  issueId: number,
  changes: IssueLabelChanges,
): Promise<void> {
  if (changes.labels !== undefined) {
    await setIssueLabels(trx, issueId, await findOrCreateLabelIds(trx, project, changes.labels));
  }
  if (changes.label_ids !== undefined) {
    await setIssueLabels(trx, issueId, await validLabelIds(trx, project, changes.label_ids, 'label_ids'));
  }
  if (changes.add_labels?.length) {
    await addIssueLabels(trx, issueId, await findOrCreateLabelIds(trx, project, changes.add_labels));
  }
  if (changes.add_label_ids?.length) {
    await addIssueLabels(trx, issueId, await validLabelIds(trx, project, changes.add_label_ids, 'add_label_ids'));
  }
  if (changes.remove_labels?.length) await removeIssueLabelsByTitle(trx, issueId, changes.remove_labels);
  if (changes.remove_label_ids?.length) {
    await trx
      .deleteFrom('issue_labels')
      .where('issue_id', '=', issueId)
      .where('label_id', 'in', changes.remove_label_ids)
      .execute();
  }
}

/** Replaces or edits the label set of an issue. */
export async function setIssueLabels(trx: Transaction<DB>, issueId: number, labelIds: number[]): Promise<void> {
  await unlinkLabels(trx, 'issue', issueId);
  await linkLabels(trx, 'issue', issueId, labelIds);
}

export const addIssueLabels = (trx: Transaction<DB>, issueId: number, labelIds: number[]): Promise<void> =>
  linkLabels(trx, 'issue', issueId, labelIds);

export const removeIssueLabelsByTitle = (trx: Transaction<DB>, issueId: number, titles: string[]): Promise<void> =>
  unlinkLabels(trx, 'issue', issueId, titles);
