import { changeOf, type FieldChange, type SetField } from '@meridian/domain';
import type { Executor } from '../../db/executor';
import type { NoteLookups } from './change-system-notes';

/**
 * The label and user hashes a webhook's `changes` show for label, assignee and reviewer ids
 * (GitLab's `hook_attrs`): the users the notes already loaded, and one statement for the labels
 * when the label set changed.
 */
export async function hookObjects(
  db: Executor,
  changes: readonly FieldChange[],
  users: NoteLookups['users'],
): Promise<(field: SetField, ids: number[]) => object[]> {
  const labels = changeOf(changes, 'labelIds');
  const labelRows = labels
    ? await db
        .selectFrom('labels')
        .select(['id', 'title', 'color', 'description', 'project_id', 'group_id', 'created_at', 'updated_at'])
        .where('id', 'in', [...labels.previous, ...labels.current, 0])
        .execute()
    : [];
  const labelById = new Map(labelRows.map((l) => [l.id, { ...l, type: l.group_id ? 'GroupLabel' : 'ProjectLabel' }]));
  return (field, ids) =>
    ids.flatMap((id) => (field === 'labelIds' ? (labelById.get(id) ?? []) : (users.get(id) ?? [])));
}
