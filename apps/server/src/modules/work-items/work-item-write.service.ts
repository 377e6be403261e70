import { type IssueBackedType, isIssueBackedType, mayBeChildOf, type WorkItemTypeInfo } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { canWorkItem } from '../../policy/work-item-abilities';
import { parseInput } from '../../rest/params';
import type { ServiceContext } from '../../service-context';
import {
  createEpic,
  deleteEpic,
  epicCreateParams,
  epicSubject,
  epicUpdateParams,
  findEpicById,
  updateEpic,
} from '../epics';
import {
  createIssue,
  deleteIssue,
  findIssue,
  type IssueRow,
  parseCreateIssue,
  parseUpdateIssue,
  updateIssue,
} from '../issues';
import { findProjectRow, type GroupRow, type ProjectRow } from '../namespaces';
import { assertIssueLinkAllowed, currentIssueParentId, hierarchyError } from './issue-parent-links';
import { baseTypeOf, requireReadableWorkItem, type WorkItem, workItemId } from './work-item';
import { NOT_ALLOWED_TYPE, setWorkItemParent } from './work-item-parent.service';

/** Where a new work item goes: a project (issue-backed types) or a group (epics). */
export type WorkItemNamespace = { kind: 'project'; row: ProjectRow } | { kind: 'group'; row: GroupRow };

export interface CreateWorkItemInput {
  namespace: WorkItemNamespace;
  type: WorkItemTypeInfo;
  /** The create fields, REST-shaped (`title`, `description`, `milestone_id`…): validated by the REST schema. */
  params: Record<string, unknown>;
  parent: WorkItem | null;
}

/** The project an issue row lives in. */
async function projectOf(db: Database, issue: IssueRow): Promise<ProjectRow> {
  const project = await findProjectRow(db, { id: issue.project_id });
  if (!project) throw notFound('Project');
  return project;
}

/**
 * createWorkItem (RF-11). Issue-backed types are created by the issue create service (validation,
 * iids, markdown, notifications, todos are the issue's); Epic by the epic create service. A parent
 * is checked in full before anything is written; the link then goes through setWorkItemParent
 * (and, if that still fails, the new item is removed again so no half-made child remains).
 */
export async function createWorkItem(ctx: ServiceContext, input: CreateWorkItemInput): Promise<WorkItem> {
  const { db, actor } = ctx;
  const { type, parent } = input;
  if (parent && !mayBeChildOf(baseTypeOf(parent), type.baseType)) throw hierarchyError(NOT_ALLOWED_TYPE);
  const confidentialDefault = parent?.row.confidential ?? false;
  const params = { confidential: confidentialDefault, ...input.params };
  if (!isIssueBackedType(type.baseType)) {
    if (input.namespace.kind !== 'group')
      throw badRequest(`${type.name} can only be created in a group`, 'namespacePath');
    const epicInput = parseInput(epicCreateParams, params);
    const parentEpic = parent?.kind === 'epic' ? parent.row : null;
    const row = await createEpic(ctx, input.namespace.row, { ...epicInput, parent_id: parentEpic?.id ?? null });
    return { kind: 'epic', row };
  }
  if (input.namespace.kind !== 'project') {
    throw badRequest(`${type.name} can only be created in a project`, 'namespacePath');
  }
  const project = input.namespace.row;
  const issueInput = { ...parseCreateIssue(params), issue_type: type.baseType as IssueBackedType };
  if (parent?.kind === 'issue') {
    const child = {
      row: null,
      type: type.baseType,
      confidential: issueInput.confidential ?? false,
      projectId: project.id,
    };
    await assertIssueLinkAllowed(db, actor, child, parent.row);
  }
  if (parent?.kind === 'epic' && !canWorkItem(actor, 'admin_parent_link', epicSubject(parent.row))) throw forbidden();
  const iid = await createIssue(ctx, project, issueInput);
  const created: WorkItem = { kind: 'issue', row: await findIssue(db, actor, project.id, iid) };
  if (parent) {
    try {
      await setWorkItemParent(ctx, created, parent);
    } catch (error) {
      await deleteIssue(db, null, project, iid).catch(() => undefined);
      throw error;
    }
  }
  return created;
}

/** deleteWorkItem (IE-44): the issue or epic delete service (destroy_issue / destroy_epic). */
export async function deleteWorkItem(db: Database, actorOrNull: Actor | null, id: number): Promise<void> {
  const actor = requireActor(actorOrNull);
  const item = await requireReadableWorkItem(db, actor, id);
  if (item.kind === 'epic') return deleteEpic(db, actor, item.row);
  await deleteIssue(db, actor, await projectOf(db, item.row), item.row.iid);
}

export interface UpdateWorkItemInput {
  /** REST-shaped fields (`title`, `description`, `state_event`, `add_label_ids`…), validated by the REST schemas. */
  params: Record<string, unknown>;
  /** The hierarchy widget: a new parent (null: none), and children to add. */
  parent?: WorkItem | null;
  children?: WorkItem[];
  /** Where the moved item goes among its siblings: the item itself, or the one child named. */
  placement?: { adjacent: WorkItem; relativePosition: 'before' | 'after' };
}

/** The current parent of an issue-backed item, as the actor may read it; null when it has none. */
async function currentParent(db: Database, actor: Actor, item: WorkItem): Promise<WorkItem | null> {
  if (item.kind === 'epic') return null;
  const parentId = await currentIssueParentId(db, item.row.id);
  return parentId === null ? null : requireReadableWorkItem(db, actor, parentId);
}

/** workItemUpdate: the field changes through the issue or epic update service, then the hierarchy changes. */
export async function updateWorkItem(ctx: ServiceContext, item: WorkItem, input: UpdateWorkItemInput): Promise<void> {
  const { db, actor } = ctx;
  if (Object.keys(input.params).length > 0) {
    if (item.kind === 'epic') {
      await updateEpic(ctx, item.row, parseInput(epicUpdateParams, input.params));
    } else {
      await updateIssue(ctx, await projectOf(db, item.row), item.row.iid, parseUpdateIssue(input.params));
    }
  }
  const reloaded = await reloadWorkItem(db, actor, item);
  const children = input.children ?? [];
  const placement = input.placement && {
    adjacentId: workItemId(input.placement.adjacent),
    relativePosition: input.placement.relativePosition,
  };
  if (placement && children.length > 1) {
    throw badRequest('childrenIds may hold only one id when adjacentWorkItemId is given', 'childrenIds');
  }
  if (input.parent !== undefined) await setWorkItemParent(ctx, reloaded, input.parent, placement);
  else if (placement && children.length === 0) {
    await setWorkItemParent(ctx, reloaded, await currentParent(db, actor, reloaded), placement);
  }
  for (const child of children) await setWorkItemParent(ctx, child, reloaded, placement);
}

/** The item as it is now (after a write); 404 when the actor may no longer read it. */
export async function reloadWorkItem(db: Database, actor: Actor | null, item: WorkItem): Promise<WorkItem> {
  if (item.kind === 'epic') return { kind: 'epic', row: await findEpicById(db, actor, item.row.id) };
  return requireReadableWorkItem(db, actor, item.row.id);
}
