import { MAX_INT4 } from '@meridian/domain';
import { z } from 'zod';

/** The id fields issue and merge request writes accept, parsed as GitLab does. */
const id = z.coerce.number().int().min(0).max(MAX_INT4);
/** null, '' and 0 clear the value, as GitLab accepts. */
export const nullableId = z.preprocess((v) => (v === '' || v === null ? null : v), id.nullable());
/** `1,2`, `[1, 2]` or one id. */
export const idList = z.preprocess(
  (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).split(',').filter(Boolean) : v),
  z.array(id).max(100),
);

/**
 * GitLab's single `assignee_id` folded into `assignee_ids` (0 or null unassigns everyone);
 * `assignee_ids` wins when both are given.
 */
export function foldAssigneeId<Q extends { assignee_ids?: number[]; assignee_id?: number | null }>(
  q: Q,
): Omit<Q, 'assignee_id'> & { assignee_ids?: number[] } {
  const assignees = q.assignee_ids ?? (q.assignee_id === undefined ? undefined : q.assignee_id ? [q.assignee_id] : []);
  const { assignee_id: _ignored, ...rest } = q;
  return { ...rest, assignee_ids: assignees };
}
