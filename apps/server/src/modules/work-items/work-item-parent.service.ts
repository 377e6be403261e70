import { mayBeChildOf } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import type { IssueSubject } from '../../policy/subjects';
import { canWorkItem } from '../../policy/work-item-abilities';
import { publishChange } from '../../realtime/change-channel';
import type { ServiceContext } from '../../service-context';
import { issueRowChangeTarget, issueSnapshot, recordChange } from '../changes';
import type { EpicRow } from '../epics';
import { assignChildEpic, findEpicById, setIssueEpic, unassignChildEpic } from '../epics';
import { findReadableIssueById, type IssueRow, issueSubject } from '../issues';
import {
  assertIssueLinkAllowed,
  type ChildPlacement,
  currentIssueParentId,
  hierarchyError,
  placeIssueChild,
  writeIssueParentLink,
} from './issue-parent-links';
import { baseTypeOf, type WorkItem } from './work-item';

export const NOT_ALLOWED_TYPE = 'it is not allowed to add this type of parent item';
const EPIC_REORDER =
  'The children of an epic are reordered with epicTreeReorder; adjacentWorkItemId places a child of an issue, incident or objective';

async function assertMayAdminChildLink(db: Database, actor: Actor, issue: IssueRow): Promise<IssueSubject> {
  const subject = await issueSubject(db, issue);
  if (!canWorkItem(actor, 'admin_parent_link', subject)) throw forbidden();
  return subject;
}

/**
 * The one entry point of the hierarchy widget: puts `child` under `parent` (moving it from any
 * parent it had) or, with `parent` null, makes it top-level. Each kind of link goes through the
 * service that owns it: epic ⊃ epic through epic-children.service, epic ⊃ issue through
 * setIssueEpic, the rest through the parent-link table with the same two-ended checks. With
 * `placement` the child then goes before or after one of its new (or current) siblings.
 */
export async function setWorkItemParent(
  ctx: ServiceContext,
  child: WorkItem,
  parent: WorkItem | null,
  placement?: ChildPlacement,
): Promise<void> {
  const { db, actor } = ctx;
  const childType = baseTypeOf(child);
  if (parent && !mayBeChildOf(baseTypeOf(parent), childType)) throw hierarchyError(NOT_ALLOWED_TYPE);
  if (placement && !parent) throw badRequest('A work item without a parent cannot be reordered', 'adjacentWorkItemId');
  if (placement && (child.kind === 'epic' || childType === 'issue'))
    throw badRequest(EPIC_REORDER, 'adjacentWorkItemId');
  if (child.kind === 'epic') {
    if (parent) {
      await assignChildEpic(ctx, parent.row as EpicRow, child.row.id);
    } else if (child.row.parent_id !== null) {
      const current = await findEpicById(db, actor, child.row.parent_id);
      await unassignChildEpic(ctx, current, child.row.id);
    }
    return;
  }
  const childRow = child.row;
  const subject = await assertMayAdminChildLink(db, actor, childRow);
  if (childType === 'issue') {
    const target = parent ? (parent.row as EpicRow) : null;
    await db
      .transaction()
      .execute((trx) => setIssueEpic(trx, actor, childRow, target, { field: 'epic_id', sameEpic: 'ignore' }));
    return;
  }
  const parentRow = parent ? (parent.row as IssueRow) : null;
  if (parentRow) {
    const facts = {
      row: childRow,
      type: childType,
      confidential: childRow.confidential,
      projectId: childRow.project_id,
    };
    await assertIssueLinkAllowed(db, actor, facts, parentRow);
  }
  const currentId = await currentIssueParentId(db, childRow.id);
  if (currentId === (parentRow?.id ?? null)) {
    if (placement && parentRow) {
      await db.transaction().execute(async (trx) => {
        await placeIssueChild(trx, parentRow.id, childRow.id, placement);
        await publishChange(trx, 'Issue', parentRow.id, 'updated');
      });
    }
    return;
  }
  if (currentId !== null) {
    // The parent the child leaves must be one the actor may read and administer too.
    const current = await findReadableIssueById(db, actor, currentId);
    if (!current) throw notFound('Work Item');
    await assertMayAdminChildLink(db, actor, current);
  }
  await db.transaction().execute(async (trx) => {
    await writeIssueParentLink(trx, childRow.id, parentRow?.id ?? null);
    if (placement && parentRow) await placeIssueChild(trx, parentRow.id, childRow.id, placement);
    const before = issueSnapshot(childRow);
    const target = issueRowChangeTarget(trx, childRow, subject);
    await recordChange(
      { ...ctx, db: trx },
      target,
      { ...before, work_item_parent_id: currentId },
      { ...before, work_item_parent_id: parentRow?.id ?? null },
    );
  });
}
