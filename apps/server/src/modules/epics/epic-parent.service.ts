import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { forbidden } from '../../errors';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { InTransaction } from '../../service-context';
import { epicChangeTarget, epicSnapshot, recordChange } from '../changes';
import { recomputeEpicDates } from './epic-dates.service';
import { assertValidParent } from './epic-hierarchy';
import type { EpicRow } from './epic-query';
import { positionAfterChildren } from './epic-sibling-positions';
import { epicSubject, findEpicById } from './epics.service';

/** How a caller words a refusal: the field its request names, and its answer when a rule denies the move. */
export interface ReparentOptions {
  field?: string;
  denied?: () => Error;
}

const mayAdminRelation = (actor: Actor, epic: EpicRow) => canEpic(actor, 'admin_epic_relation', epicSubject(epic));

/**
 * The rules of moving `child` under `parent` (null: top-level), checked at both ends: the actor
 * administers the relations of the parent it leaves and of the one it joins, and the new parent
 * may hold it (assertValidParent). Answers the parent it leaves.
 */
export async function assertMayReparentEpic(
  trx: Transaction<DB>,
  actor: Actor,
  child: Pick<EpicRow, 'id' | 'parent_id' | 'group_traversal_ids' | 'confidential'>,
  parent: EpicRow | null,
  options: ReparentOptions = {},
): Promise<EpicRow | null> {
  const denied = options.denied ?? (() => forbidden());
  if (parent && !mayAdminRelation(actor, parent)) throw denied();
  const leaving = child.parent_id === null ? null : await findEpicById(trx, actor, child.parent_id).catch(() => null);
  if (child.parent_id !== null && (!leaving || !mayAdminRelation(actor, leaving))) throw denied();
  if (parent) await assertValidParent(trx, child, parent, options.field);
  return leaving;
}

/** Writes the new parent (the child goes last among its new siblings) and refreshes both parents' dates. */
export async function writeEpicParent(
  trx: Transaction<DB>,
  child: { id: number; parent_id: number | null },
  parentId: number | null,
  position?: number | null,
): Promise<void> {
  const relative_position = position ?? (parentId === null ? null : await positionAfterChildren(trx, parentId));
  await trx.updateTable('epics').set({ parent_id: parentId, relative_position }).where('id', '=', child.id).execute();
  await recomputeEpicDates(trx, child.parent_id);
  await recomputeEpicDates(trx, parentId);
}

/**
 * The one way an existing epic changes parent outside an epic update (the child-epics API, the
 * hierarchy widget, epicTreeReorder): checks both ends, writes the link, and records the change —
 * "added &2 as child epic" on the parent, "added &1 as parent epic" on the child, and the
 * "removed" pair on the parent it leaves. `position` places it (default: last child).
 */
export async function reparentEpic(
  ctx: InTransaction,
  child: EpicRow,
  parent: EpicRow | null,
  options: ReparentOptions & { position?: number | null } = {},
): Promise<void> {
  const { db: trx, actor } = ctx;
  await assertMayReparentEpic(trx, actor, child, parent, options);
  await writeEpicParent(trx, child, parent?.id ?? null, options.position);
  const target = epicChangeTarget(trx, child, epicSubject(child));
  const before = epicSnapshot(child);
  await recordChange(ctx, target, before, { ...before, parent_id: parent?.id ?? null });
}
