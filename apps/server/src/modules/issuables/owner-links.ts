import { directReads, type ReadRows } from '../../db/combined-reads';
import type { Executor } from '../../db/executor';
import type { LabelRow, UserRow } from './issuable-details';

/** The link tables from an issue, merge request or epic to its labels, and the owner's column. */
const LABEL_LINKS = {
  issue: ['issue_labels', 'issue_id'],
  mergeRequest: ['merge_request_labels', 'merge_request_id'],
  epic: ['epic_labels', 'epic_id'],
} as const;

/** The link tables from an issue or merge request to users, and the owner's column. */
const USER_LINKS = {
  issueAssignees: ['issue_assignees', 'issue_id'],
  mergeRequestAssignees: ['merge_request_assignees', 'merge_request_id'],
  mergeRequestReviewers: ['merge_request_reviewers', 'merge_request_id'],
  mergeRequestApprovers: ['approvals', 'merge_request_id'],
} as const;

// One query serves every link table; Kysely cannot type a table chosen at run time, so the queries
// below are typed against issue_labels and labels (the link tables share their shape).

/** Labels of each owner by title, with the owner's id as `owner_id` (one query). */
export function labelsByOwner(
  db: Executor,
  owner: keyof typeof LABEL_LINKS,
  ids: readonly number[],
  read: ReadRows = directReads(db),
): Promise<Array<LabelRow & { owner_id: number }>> {
  return linkedRowsByOwner(db, LABEL_LINKS[owner], { table: 'labels', key: 'label_id', orderBy: 'title' }, ids, read);
}

/** The owner's label ids, ascending: read before and after a write to tell what it changed. */
export async function labelIdsOf(db: Executor, owner: keyof typeof LABEL_LINKS, id: number): Promise<number[]> {
  const labels = await labelsByOwner(db, owner, [id]);
  return labels.map((l) => l.id).sort((a, b) => a - b);
}

/** The ids `after` has and `before` lacks, and the reverse. */
export function idChanges(before: readonly number[], after: readonly number[]) {
  return {
    added: after.filter((id) => !before.includes(id)),
    removed: before.filter((id) => !after.includes(id)),
  };
}

/** Users linked to each owner (assignees, reviewers) by id, with the owner's id as `owner_id` (one query). */
export function usersByOwner(
  db: Executor,
  link: keyof typeof USER_LINKS,
  ids: readonly number[],
  read: ReadRows = directReads(db),
): Promise<Array<UserRow & { owner_id: number }>> {
  return linkedRowsByOwner(db, USER_LINKS[link], { table: 'users', key: 'user_id', orderBy: 'id' }, ids, read);
}

/** The rows of `target` linked to each owner through the link table `[table, column]`, with `owner_id`. */
function linkedRowsByOwner<Row>(
  db: Executor,
  [table, column]: readonly [string, string],
  target: { table: 'labels' | 'users'; key: 'label_id' | 'user_id'; orderBy: 'title' | 'id' },
  ids: readonly number[],
  read: ReadRows,
): Promise<Array<Row & { owner_id: number }>> {
  const ownerId = `link.${column}` as 'link.issue_id';
  const query = db
    .selectFrom(`${table} as link` as 'issue_labels as link')
    .innerJoin(`${target.table} as t` as 'labels as t', 't.id', `link.${target.key}` as 'link.label_id')
    .selectAll('t')
    .select(`${ownerId} as owner_id` as 'link.issue_id as owner_id')
    .where(ownerId, 'in', ids)
    .orderBy(`t.${target.orderBy}` as 't.title');
  return read(query);
}

/** Each issue's assignees as a list shows them (by username), the few columns a user reference needs, with `issue_id`. */
export function issueAssigneesByUsername(
  db: Executor,
  ids: readonly number[],
  read: ReadRows,
): Promise<Array<Pick<UserRow, 'id' | 'username' | 'name' | 'avatar_url' | 'state'> & { issue_id: number }>> {
  return read(
    db
      .selectFrom('issue_assignees as ia')
      .innerJoin('users as u', 'u.id', 'ia.user_id')
      .select(['u.id', 'u.username', 'u.name', 'u.avatar_url', 'u.state', 'ia.issue_id'])
      .where('ia.issue_id', 'in', ids)
      .orderBy('u.username'),
  );
}

/** Links the labels `labelIds` to the owner; those already linked stay. */
export async function linkLabels(
  db: Executor,
  owner: keyof typeof LABEL_LINKS,
  ownerId: number,
  labelIds: readonly number[],
): Promise<void> {
  if (labelIds.length === 0) return;
  const [table, column] = LABEL_LINKS[owner];
  await db
    .insertInto(table as 'issue_labels')
    .values(labelIds.map((label_id) => ({ [column as 'issue_id']: ownerId, label_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Unlinks the owner's labels titled `titles`, or every label of the owner when `titles` is omitted. */
export async function unlinkLabels(
  db: Executor,
  owner: keyof typeof LABEL_LINKS,
  ownerId: number,
  titles?: readonly string[],
): Promise<void> {
  if (titles?.length === 0) return;
  const [table, column] = LABEL_LINKS[owner];
  let query = db.deleteFrom(table as 'issue_labels').where(column as 'issue_id', '=', ownerId);
  if (titles)
    query = query.where('label_id', 'in', (eb) => eb.selectFrom('labels').select('id').where('title', 'in', titles));
  await query.execute();
}
