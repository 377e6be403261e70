import { conflict, forbidden, notFound } from '../../errors';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ServiceContext } from '../../service-context';
import type { GroupRow } from '../namespaces';
import { reparentEpic } from './epic-parent.service';
import type { EpicRow, Executor } from './epic-query';
import { moveAmongChildren } from './epic-sibling-positions';
import { createEpic } from './epic-write.service';
import { epicSubject, findEpicById, listChildEpics } from './epics.service';

function assertCanAdminRelation(actor: Actor, parent: EpicRow): void {
  if (!canEpic(actor, 'admin_epic_relation', epicSubject(parent))) throw forbidden();
}

/** POST /groups/:id/epics/:epic_iid/epics: a new epic in the parent's group, as its last child. */
export async function createChildEpic(
  ctx: ServiceContext,
  group: GroupRow,
  parent: EpicRow,
  input: { title: string; confidential?: boolean },
): Promise<EpicRow> {
  assertCanAdminRelation(ctx.actor, parent);
  return createEpic(ctx, group, {
    ...input,
    confidential: input.confidential ?? parent.confidential,
    parent_id: parent.id,
  });
}

/** The child `childId` of `parent` readable by the actor, or 404. */
async function findChild(db: Executor, actor: Actor | null, parent: EpicRow, childId: number): Promise<EpicRow> {
  const child = await findEpicById(db, actor, childId);
  if (child.parent_id !== parent.id) throw notFound('Epic');
  return child;
}

/** POST /groups/:id/epics/:epic_iid/epics/:child_epic_id: makes an existing epic a child (moves it). */
export async function assignChildEpic(ctx: ServiceContext, parent: EpicRow, childId: number): Promise<EpicRow> {
  const { db, actor } = ctx;
  assertCanAdminRelation(actor, parent);
  return db.transaction().execute(async (trx) => {
    const child = await findEpicById(trx, actor, childId);
    if (!canEpic(actor, 'update_epic', epicSubject(child))) throw forbidden();
    if (child.parent_id === parent.id) throw conflict('Epic(s) already assigned');
    // The parent the epic leaves may sit in a group where the actor has no rights (as L6 for issues).
    await reparentEpic({ ...ctx, db: trx }, child, parent, { field: 'child_epic_id' });
    return findEpicById(trx, actor, child.id);
  });
}

/** DELETE /groups/:id/epics/:epic_iid/epics/:child_epic_id: the child becomes top-level. */
export async function unassignChildEpic(ctx: ServiceContext, parent: EpicRow, childId: number): Promise<EpicRow> {
  const { db, actor } = ctx;
  const child = await findChild(db, actor, parent, childId);
  assertCanAdminRelation(actor, parent);
  return db.transaction().execute(async (trx) => {
    await reparentEpic({ ...ctx, db: trx }, child, null);
    return findEpicById(trx, actor, child.id);
  });
}

/** PUT /groups/:id/epics/:epic_iid/epics/:child_epic_id: reorder among siblings; returns the children. */
export async function reorderChildEpic(
  db: Executor,
  actorOrNull: Actor | null,
  parent: EpicRow,
  childId: number,
  move: { move_before_id?: number; move_after_id?: number },
): Promise<EpicRow[]> {
  const actor = requireActor(actorOrNull);
  await findChild(db, actor, parent, childId);
  assertCanAdminRelation(actor, parent);
  return db.transaction().execute(async (trx) => {
    await moveAmongChildren(trx, 'epics', parent.id, childId, move);
    return listChildEpics(trx, actor, parent.id);
  });
}
