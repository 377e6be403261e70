import { datesInOrder } from '@meridian/domain';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, conflict, forbidden } from '../../errors';
import { renderMarkdown } from '../../markdown/render-markdown';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { publishChange } from '../../realtime/change-channel';
import type { InTransaction, ServiceContext } from '../../service-context';
import { epicChangeTarget, epicSnapshot, recordChange } from '../changes';
import { nextIid } from '../internal-ids';
import { editStamp, idChanges, textEditStamp } from '../issuables';
import { type GroupRow, groupSubject } from '../namespaces';
import { applySecretPolicy, titleAndDescription } from '../secret-detection';
import { deleteNoteableRecords } from '../system-notes';
import { recomputeEpicDates } from './epic-dates.service';
import { assertValidParent } from './epic-hierarchy';
import { writeEpicLabels } from './epic-labels';
import { assertMayReparentEpic, writeEpicParent } from './epic-parent.service';
import type { EpicRow, Executor } from './epic-query';
import { positionAfterChildren } from './epic-sibling-positions';
import { epicSubject, findEpic, findEpicById } from './epics.service';

/** Fields of POST / PUT /groups/:id/epics (already validated by the transport). */
export interface EpicInput {
  title?: string;
  description?: string | null;
  labels?: string[];
  add_labels?: string[];
  remove_labels?: string[];
  confidential?: boolean;
  color?: string;
  parent_id?: number | null;
  start_date_is_fixed?: boolean;
  start_date_fixed?: string | null;
  due_date_is_fixed?: boolean;
  due_date_fixed?: string | null;
  created_at?: Date;
  state_event?: 'close' | 'reopen';
  lock_version?: number;
}

/** 400 when a fixed start date falls after a fixed due date (unchanged sides come from `current`). */
function assertDateOrder(
  input: EpicInput,
  current?: { start_date_fixed: string | null; due_date_fixed: string | null },
) {
  const start = input.start_date_fixed !== undefined ? input.start_date_fixed : current?.start_date_fixed;
  const due = input.due_date_fixed !== undefined ? input.due_date_fixed : current?.due_date_fixed;
  if (!datesInOrder(start, due))
    throw badRequest('due_date_fixed is invalid: must be on or after start_date_fixed', 'due_date_fixed');
}

/** The parent for `parent_id`: 400 when unknown or unreadable, 403 when the actor may not add children to it. */
async function loadParent(db: Executor, actor: Actor, parentId: number): Promise<EpicRow> {
  const parent = await findEpicById(db, actor, parentId).catch(() => {
    throw badRequest('parent_id is invalid: epic not found', 'parent_id');
  });
  if (!canEpic(actor, 'admin_epic_relation', epicSubject(parent))) throw forbidden();
  return parent;
}

/** POST /groups/:id/epics. 401 anonymous, 403 below Planner. */
export async function createEpic(
  ctx: ServiceContext,
  group: GroupRow,
  input: EpicInput & { title: string },
): Promise<EpicRow> {
  const { db, actor } = ctx;
  assertMayCreateEpic(actor, group, input);
  await applySecretPolicy(db, titleAndDescription(input));
  return db.transaction().execute((trx) => insertEpic({ ...ctx, db: trx }, group, input));
}

/** 403 when the actor may not create this epic in the group; 400 for a blank title or dates out of order. */
export function assertMayCreateEpic(actor: Actor, group: GroupRow, input: EpicInput & { title: string }): void {
  // create_epic on a confidential subject needs Reporter+: a 403 up front, never a rolled-back 404.
  const confidential = input.confidential ?? false;
  const subject = { kind: 'epic' as const, group: groupSubject(group), confidential, authorId: actor.id };
  if (!canEpic(actor, 'create_epic', subject)) throw forbidden();
  if (!input.title.trim()) throw badRequest('title is empty', 'title');
  assertDateOrder(input);
}

/** Inserts an epic `assertMayCreateEpic` allowed, inside the caller's transaction. */
export async function insertEpic(
  ctx: InTransaction,
  group: GroupRow,
  input: EpicInput & { title: string },
): Promise<EpicRow> {
  const { db: trx, actor } = ctx;
  const confidential = input.confidential ?? false;
  let parent: EpicRow | null = null;
  if (input.parent_id != null) {
    parent = await loadParent(trx, actor, input.parent_id);
    await assertValidParent(trx, { id: null, group_traversal_ids: group.traversal_ids, confidential }, parent);
  }
  const iid = await nextIid(trx, 'epics', group.id);
  const description = input.description ?? '';
  const inserted = await trx
    .insertInto('epics')
    .values({
      group_id: group.id,
      iid,
      parent_id: parent?.id ?? null,
      title: input.title.trim(),
      description,
      description_html: renderMarkdown(description, { groupPath: group.full_path }),
      author_id: actor.id,
      confidential,
      ...(input.color ? { color: input.color } : {}),
      start_date_is_fixed: input.start_date_is_fixed ?? false,
      start_date_fixed: input.start_date_fixed ?? null,
      due_date_is_fixed: input.due_date_is_fixed ?? false,
      due_date_fixed: input.due_date_fixed ?? null,
      start_date: input.start_date_is_fixed ? (input.start_date_fixed ?? null) : null,
      due_date: input.due_date_is_fixed ? (input.due_date_fixed ?? null) : null,
      relative_position: parent ? await positionAfterChildren(trx, parent.id) : null,
      ...(input.created_at && actor.admin ? { created_at: input.created_at, updated_at: input.created_at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const labels = [...(input.labels ?? []), ...(input.add_labels ?? [])];
  const labelIds = labels.length
    ? ((await writeEpicLabels(trx, inserted.id, group, { set: labels }))?.after ?? [])
    : [];
  await recomputeEpicDates(trx, inserted.id);
  if (parent) await recomputeEpicDates(trx, parent.id);
  const subject = { kind: 'epic' as const, group: groupSubject(group), confidential, authorId: actor.id };
  const target = epicChangeTarget(trx, { ...inserted, group_id: group.id }, subject);
  await recordChange(ctx, target, null, epicSnapshot(inserted, { labelIds }));
  return findEpic(trx, actor, group.id, iid);
}

async function assertConfidentialityChange(db: Executor, epic: EpicRow, confidential: boolean): Promise<void> {
  if (confidential === epic.confidential) return;
  if (confidential) {
    const open = await db
      .selectFrom('epics')
      .select('id')
      .where('parent_id', '=', epic.id)
      .where('confidential', '=', false)
      .union(
        db
          .selectFrom('epic_issues as ei')
          .innerJoin('issues as i', 'i.id', 'ei.issue_id')
          .select('i.id')
          .where('ei.epic_id', '=', epic.id)
          .where('i.confidential', '=', false),
      )
      .limit(1)
      .executeTakeFirst();
    if (open)
      throw badRequest(
        'confidential is invalid: cannot make the epic confidential while it contains non-confidential issues or child epics',
        'confidential',
      );
  } else if (epic.parent_id !== null) {
    const parent = await db
      .selectFrom('epics')
      .select('confidential')
      .where('id', '=', epic.parent_id)
      .executeTakeFirst();
    if (parent?.confidential)
      throw badRequest('confidential is invalid: the parent epic is confidential', 'confidential');
  }
}

/** PUT /groups/:id/epics/:epic_iid. 403 when the actor may read but not update; 409 on a stale lock_version. */
export async function updateEpic(ctx: ServiceContext, epic: EpicRow, input: EpicInput): Promise<EpicRow> {
  const { db, actor } = ctx;
  if (!canEpic(actor, 'update_epic', epicSubject(epic))) throw forbidden();
  if (input.lock_version !== undefined && input.lock_version !== epic.lock_version)
    throw conflict('Epic has been modified by someone else (stale lock_version)');
  await applySecretPolicy(db, titleAndDescription(input));
  return withTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('epics')
      .selectAll()
      .where('id', '=', epic.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (input.lock_version !== undefined && input.lock_version !== current.lock_version)
      throw conflict('Epic has been modified by someone else (stale lock_version)');
    const set: Record<string, unknown> = {};
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw badRequest('title is empty', 'title');
      set.title = title;
    }
    assertDateOrder(input, current);
    if (input.description !== undefined) {
      set.description = input.description ?? '';
      set.description_html = renderMarkdown(input.description ?? '', { groupPath: epic.group_full_path });
    }
    const confidential = input.confidential ?? epic.confidential;
    if (input.confidential !== undefined) {
      await assertConfidentialityChange(trx, epic, input.confidential);
      set.confidential = input.confidential;
    }
    if (input.color !== undefined) set.color = input.color;
    for (const key of ['start_date_is_fixed', 'start_date_fixed', 'due_date_is_fixed', 'due_date_fixed'] as const) {
      if (input[key] !== undefined) set[key] = input[key];
    }
    const reparent = input.parent_id !== undefined && input.parent_id !== current.parent_id;
    if (reparent) {
      const parent = input.parent_id == null ? null : await loadParent(trx, actor, input.parent_id);
      const child = { ...epic, parent_id: current.parent_id, confidential };
      await assertMayReparentEpic(trx, actor, child, parent);
      await writeEpicParent(trx, child, parent?.id ?? null);
    }
    if (input.state_event === 'close' && current.state !== 'closed') {
      Object.assign(set, { state: 'closed', closed_at: new Date(), closed_by_id: actor.id });
    } else if (input.state_event === 'reopen' && current.state !== 'opened') {
      Object.assign(set, { state: 'opened', closed_at: null, closed_by_id: null });
    }
    const labels = await writeEpicLabels(
      trx,
      epic.id,
      { id: epic.group_id, traversal_ids: epic.group_traversal_ids },
      { set: input.labels, add: input.add_labels, remove: input.remove_labels },
    );
    const labelDiff = labels && idChanges(labels.before, labels.after);
    const labelsChanged = labelDiff ? labelDiff.added.length + labelDiff.removed.length > 0 : false;
    const updated =
      Object.keys(set).length > 0 || labelsChanged || reparent
        ? await trx
            .updateTable('epics')
            .set({ ...set, ...editStamp(actor.id), ...textEditStamp(current, set, actor.id) })
            .where('id', '=', epic.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : current;
    await recomputeEpicDates(trx, epic.id);
    const target = epicChangeTarget(trx, updated, epicSubject({ ...epic, confidential }));
    const sets = (which: 'before' | 'after') => (labels ? { labelIds: labels[which] } : {});
    const before = epicSnapshot(current, sets('before'));
    await recordChange({ ...ctx, db: trx }, target, before, epicSnapshot(updated, sets('after')));
    return findEpic(trx, actor, epic.group_id, epic.iid);
  });
}

/** DELETE /groups/:id/epics/:epic_iid: child epics become top-level, issues are unlinked. */
/** 401 for anonymous callers, 403 for those who may see the epic but not delete it. */
export function authorizeEpicDestroy(actorOrNull: Actor | null, epic: EpicRow): Actor {
  const actor = requireActor(actorOrNull);
  if (!canEpic(actor, 'destroy_epic', epicSubject(epic))) throw forbidden();
  return actor;
}

export async function deleteEpic(db: Executor, actorOrNull: Actor | null, epic: EpicRow): Promise<void> {
  authorizeEpicDestroy(actorOrNull, epic);
  await db.transaction().execute(async (trx) => {
    await deleteNoteableRecords(trx, 'Epic', epic.id);
    await trx.deleteFrom('epics').where('id', '=', epic.id).execute();
    await publishChange(trx, 'Epic', epic.id, 'deleted');
    await recomputeEpicDates(trx, epic.parent_id);
  });
}
