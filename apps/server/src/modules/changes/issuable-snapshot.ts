import type { IssuableSnapshot } from '@meridian/domain';

type SetField = 'labelIds' | 'assigneeIds' | 'reviewerIds';
type RowField = Exclude<keyof IssuableSnapshot, SetField | 'title' | 'description' | 'state'>;

/** A row holding what every snapshot compares and the `F` fields of its kind. */
export type SnapshotRow<F extends RowField> = { title: string; description: string | null; state: string } & Pick<
  Required<IssuableSnapshot>,
  F
>;

/** The row's title, description (none reads as ''), state and its kind's `fields`, with the sets loaded. */
export function snapshotOf<F extends RowField>(
  row: SnapshotRow<F>,
  fields: readonly F[],
  sets: Pick<IssuableSnapshot, SetField>,
): IssuableSnapshot {
  const snapshot: IssuableSnapshot = { title: row.title, description: row.description ?? '', state: row.state };
  for (const field of fields) Object.assign(snapshot, { [field]: row[field] });
  return { ...snapshot, ...sets };
}
