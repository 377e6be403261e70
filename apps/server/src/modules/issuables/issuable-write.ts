import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest } from '../../errors';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import { findOrCreateLabels } from '../labels';
import type { ProjectRow } from '../namespaces';

/** What issue, merge request and epic writes share: label, milestone and assignee resolution in a project, and the edit stamp. */

/** What every edit of an issue or epic row stamps: who edited it, when, and its next lock version. */
export const editStamp = (actorId: number) => ({
  updated_by_id: actorId,
  updated_at: sql<Date>`now()`,
  lock_version: sql<number>`lock_version + 1`,
});

/**
 * What an edit of an issue's or epic's title or description stamps besides `editStamp`: GitLab's
 * `last_edited_at` / `last_edited_by` (the "Edited" line and the description widget), only when
 * the text actually changes.
 */
export function textEditStamp(
  current: { title: string; description: string },
  set: { title?: unknown; description?: unknown },
  actorId: number,
): { last_edited_at: Date; last_edited_by_id: number } | Record<string, never> {
  const titleChanged = set.title !== undefined && set.title !== current.title;
  const descriptionChanged = set.description !== undefined && set.description !== current.description;
  return titleChanged || descriptionChanged ? { last_edited_at: new Date(), last_edited_by_id: actorId } : {};
}

/** Label ids for titles on an issue or merge request of this project (see findOrCreateLabels). */
export function findOrCreateLabelIds(
  trx: Transaction<DB>,
  project: { id: number; namespace_traversal_ids: number[] },
  titles: readonly string[],
): Promise<number[]> {
  return findOrCreateLabels(trx, { projectId: project.id, groupIds: project.namespace_traversal_ids }, titles);
}

/**
 * Label ids the project's issues may carry: its own labels or its ancestor groups'. 400 naming
 * `field` when any id is not one of them (unknown or from elsewhere look the same).
 */
export async function validLabelIds(
  trx: Transaction<DB>,
  project: { id: number; namespace_traversal_ids: number[] },
  ids: readonly number[],
  field: string,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const groups = project.namespace_traversal_ids.length ? project.namespace_traversal_ids : [0];
  const found = await trx
    .selectFrom('labels')
    .select('id')
    .where('id', 'in', unique)
    .where((eb) => eb.or([eb('project_id', '=', project.id), eb('group_id', 'in', groups)]))
    .execute();
  const known = new Set(found.map((l) => l.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`${field} is invalid: no label ${unknown.join(', ')} in this project`, field);
  return unique;
}

/**
 * A milestone id the project's issues (and merge requests) may use: its own or its ancestor groups'.
 * undefined = leave unchanged (absent or not allowed, silently ignored as GitLab does); null = clear.
 */
export async function validMilestone(trx: Transaction<DB>, project: ProjectRow, id: number | null | undefined) {
  if (id === undefined || id === null || id === 0) return id === undefined ? undefined : null;
  const m = await trx
    .selectFrom('milestones')
    .select(['id', 'title'])
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('project_id', '=', project.id),
        eb('group_id', 'in', project.namespace_traversal_ids.length ? project.namespace_traversal_ids : [0]),
      ]),
    )
    .executeTakeFirst();
  return m ? m.id : undefined;
}

/**
 * An iteration id the project's issues may use: one of its ancestor groups' iterations.
 * undefined = absent; null = clear (null or 0); 400 naming `iteration_id` for any other id.
 */
export async function validIteration(trx: Transaction<DB>, project: ProjectRow, id: number | null | undefined) {
  if (id === undefined || id === null || id === 0) return id === undefined ? undefined : null;
  const groups = project.namespace_traversal_ids.length ? project.namespace_traversal_ids : [0];
  const found = await trx
    .selectFrom('iterations')
    .select('id')
    .where('id', '=', id)
    .where('group_id', 'in', groups)
    .executeTakeFirst();
  if (!found) throw badRequest("iteration_id is invalid: not an iteration of this project's groups", 'iteration_id');
  return found.id;
}

/**
 * Assignee (or reviewer) ids for an issue or merge request: each must be an active user (not
 * blocked, banned or deactivated) for whom `mayRead` holds — GitLab only lets users who can read
 * the issue or merge request be assigned. Otherwise 400 naming `field`. undefined when absent;
 * ids ≤ 0 are GitLab's "unassign" and are dropped.
 */
export async function validAssignees(
  trx: Transaction<DB>,
  ids: number[] | undefined,
  mayRead: (candidate: Actor) => boolean,
  field = 'assignee_ids',
): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return [];
  const candidates = await loadActiveActors(trx, unique);
  const refused = unique.filter((id) => {
    const candidate = candidates.get(id);
    return !candidate || !mayRead(candidate);
  });
  if (refused.length) {
    throw badRequest(
      `${field} is invalid: user ${refused.join(', ')} cannot be assigned (unknown, not active, or cannot read it)`,
      field,
    );
  }
  return unique;
}
