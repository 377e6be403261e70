import { type GraphqlHealthStatus, HEALTH_STATUS_OF_GRAPHQL } from '@meridian/domain';
import { badRequest, DomainError } from '../../errors';
import { findGroupRow, findProject, groupSubject } from '../../modules/namespaces';
import {
  createWorkItem,
  deleteWorkItem,
  findReadableWorkItemByGid,
  reloadWorkItem,
  updateWorkItem,
  type WorkItem,
  type WorkItemNamespace,
} from '../../modules/work-items';
import { canGroup } from '../../policy/abilities';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { type GidType, parseGid, parseTypedGid } from '../gid';
import { type InputFieldBuilder, inputMutation, mutationInput, mutationPayload } from '../input-mutation';
import { type MutationPayload, objectPayload, payloadType } from '../mutation-errors';
import { readable } from '../readable';
import { argumentsToParams, withArgumentNames } from '../rest-shaped-input';
import './global-ids';
import { serviceContext } from '../../service-context';
import { HealthStatus } from './issue-args';
import { fullPathArgument, pathArgExtensions } from './path-args';
import { WorkItemRef } from './refs';
import { stateEventEnum } from './state-event-enum';
import { HierarchyCreateInput, HierarchyUpdateInput } from './work-item-hierarchy-input.graphql';
import { typeOfGid } from './work-item-type.graphql';

/*
 * GitLab's work item mutations: workItemCreate (RF-11, the web app's createWorkItem),
 * workItemDelete (IE-44, deleteWorkItem) and workItemUpdate. Thin callers of
 * modules/work-items/work-item-write.service.ts; field values become the REST parameters of the
 * issue and epic routes and go through their zod schemas.
 */

builder.scalarType('WorkItemsTypeID', {
  description: 'A `WorkItemsTypeID` is a global ID. It is encoded as a string, e.g. "gid://gitlab/WorkItems::Type/5".',
  serialize: (v) => String(v),
  parseValue: (value) => {
    if (typeof value !== 'string' || !typeOfGid(value)) {
      throw new DomainError('bad_request', `${JSON.stringify(value)?.slice(0, 100)} is not a valid WorkItemsTypeID`);
    }
    return value;
  },
});

const WorkItemStateEvent = stateEventEnum('WorkItemStateEvent', 'Values for work item state events.', {
  reopen: 'Reopens a work item.',
  close: 'Closes a work item.',
});

const DescriptionInput = builder.inputType('WorkItemWidgetDescriptionInput', {
  fields: (t) => ({
    description: t.string({
      required: true,
      description: 'Description of the work item.',
      extensions: { maxLength: 1_048_576 },
    }),
  }),
});
const MilestoneInput = builder.inputType('WorkItemWidgetMilestoneInput', {
  fields: (t) => ({
    milestoneId: t.field({
      type: 'MilestoneID',
      required: false,
      description: 'Milestone to assign (null removes it).',
    }),
  }),
});
const IterationInput = builder.inputType('WorkItemWidgetIterationInput', {
  fields: (t) => ({
    iterationId: t.field({
      type: 'IterationID',
      required: false,
      description: 'Iteration to assign (null removes it).',
    }),
  }),
});
const AssigneesInput = builder.inputType('WorkItemWidgetAssigneesInput', {
  fields: (t) => ({
    assigneeIds: t.field({ type: ['UserID'], required: true, description: 'Global IDs of assignees.' }),
  }),
});
const LabelsCreateInput = builder.inputType('WorkItemWidgetLabelsCreateInput', {
  fields: (t) => ({
    labelIds: t.field({ type: ['LabelID'], required: true, description: 'IDs of labels to be set.' }),
  }),
});
const LabelsUpdateInput = builder.inputType('WorkItemWidgetLabelsUpdateInput', {
  fields: (t) => ({
    addLabelIds: t.field({ type: ['LabelID'], required: false, description: 'Global IDs of labels to be added.' }),
    removeLabelIds: t.field({ type: ['LabelID'], required: false, description: 'Global IDs of labels to be removed.' }),
  }),
});
const WeightInput = builder.inputType('WorkItemWidgetWeightInput', {
  fields: (t) => ({ weight: t.int({ required: false, description: 'Weight of the work item (null clears it).' }) }),
});
const DatesInput = builder.inputType('WorkItemWidgetStartAndDueDateUpdateInput', {
  fields: (t) => ({
    startDate: t.field({ type: 'Date', required: false, description: 'Start date (null clears it).' }),
    dueDate: t.field({ type: 'Date', required: false, description: 'Due date (null clears it).' }),
  }),
});
const HealthInput = builder.inputType('WorkItemWidgetHealthStatusInput', {
  fields: (t) => ({
    healthStatus: t.field({ type: HealthStatus, required: false, description: 'Health status (null clears it).' }),
  }),
});
const ProgressInput = builder.inputType('WorkItemWidgetProgressInput', {
  fields: (t) => ({ currentValue: t.int({ required: true, description: 'Current progress value (0 to 100).' }) }),
});

const sharedFields = (t: InputFieldBuilder) => ({
  title: t.string({ required: false, description: 'Title of the work item.', extensions: { maxLength: 1024 } }),
  confidential: t.boolean({ required: false, description: 'Sets the work item confidentiality.' }),
  descriptionWidget: t.field({ type: DescriptionInput, required: false, description: 'Input for description widget.' }),
  milestoneWidget: t.field({ type: MilestoneInput, required: false, description: 'Input for milestone widget.' }),
  iterationWidget: t.field({
    type: IterationInput,
    required: false,
    description: 'Iteration widget of the work item.',
  }),
  assigneesWidget: t.field({ type: AssigneesInput, required: false, description: 'Input for assignees widget.' }),
  weightWidget: t.field({ type: WeightInput, required: false, description: 'Input for weight widget.' }),
  startAndDueDateWidget: t.field({
    type: DatesInput,
    required: false,
    description: 'Input for start and due date widget.',
  }),
  healthStatusWidget: t.field({ type: HealthInput, required: false, description: 'Input for health status widget.' }),
});

const WorkItemCreateInput = mutationInput('WorkItemCreate', (t) => ({
  ...sharedFields(t),
  title: t.string({ required: true, description: 'Title of the work item.', extensions: { maxLength: 1024 } }),
  workItemTypeId: t.field({ type: 'WorkItemsTypeID', required: true, description: 'Global ID of a work item type.' }),
  namespacePath: t.id({
    required: false,
    description: 'Full path of the namespace (project or group) the work item is created in.',
    extensions: pathArgExtensions,
  }),
  projectPath: t.id({
    required: false,
    description: 'Full path of the project the work item is associated with.',
    extensions: pathArgExtensions,
  }),
  description: t.string({
    required: false,
    description: 'Description of the work item (prefer descriptionWidget).',
    extensions: { maxLength: 1_048_576 },
  }),
  hierarchyWidget: t.field({
    type: HierarchyCreateInput,
    required: false,
    description: 'Input for hierarchy widget.',
  }),
  labelsWidget: t.field({ type: LabelsCreateInput, required: false, description: 'Input for labels widget.' }),
}));

const WorkItemUpdateInput = mutationInput('WorkItemUpdate', (t) => ({
  ...sharedFields(t),
  id: t.field({ type: 'WorkItemID', required: true, description: 'Global ID of the work item.' }),
  stateEvent: t.field({ type: WorkItemStateEvent, required: false, description: 'Close or reopen a work item.' }),
  hierarchyWidget: t.field({
    type: HierarchyUpdateInput,
    required: false,
    description: 'Input for hierarchy widget.',
  }),
  labelsWidget: t.field({ type: LabelsUpdateInput, required: false, description: 'Input for labels widget.' }),
  progressWidget: t.field({ type: ProgressInput, required: false, description: 'Input for progress widget.' }),
}));

const WorkItemDeleteInput = mutationInput('WorkItemDelete', (t) => ({
  id: t.field({ type: 'WorkItemID', required: true, description: 'Global ID of the work item.' }),
}));

/** Widget input names → the REST parameters of the issue and epic routes. */
const WORK_ITEM_ARGUMENTS = {
  title: 'title',
  description: 'description',
  confidential: 'confidential',
  stateEvent: 'state_event',
  milestoneId: 'milestone_id',
  iterationId: 'iteration_id',
  assigneeIds: 'assignee_ids',
  labelIds: 'label_ids',
  addLabelIds: 'add_label_ids',
  removeLabelIds: 'remove_label_ids',
  weight: 'weight',
  startDate: 'start_date',
  dueDate: 'due_date',
  healthStatus: 'health_status',
  progress: 'progress',
} as const;
const CLEARABLE = new Set(['milestone_id', 'iteration_id', 'weight', 'start_date', 'due_date', 'health_status']);
const LABEL_GID_TYPES: readonly GidType[] = ['GroupLabel', 'ProjectLabel', 'Label'];
const idOf = (value: string, types: readonly GidType[]) => parseGid(value, types) as number;
/** Undefined when the widget or its field was not sent; null (clear) or the id otherwise. */
const optionalId = (value: string | null | undefined, types: readonly GidType[]) =>
  value === undefined ? undefined : value === null ? null : idOf(value, types);

/** The widget inputs of either mutation (create's labelIds, update's stateEvent…). */
interface SharedInput {
  title?: string | null;
  description?: string | null;
  confidential?: boolean | null;
  stateEvent?: 'close' | 'reopen' | null;
  descriptionWidget?: { description: string } | null;
  milestoneWidget?: { milestoneId?: string | null } | null;
  iterationWidget?: { iterationId?: string | null } | null;
  assigneesWidget?: { assigneeIds: string[] } | null;
  labelsWidget?: { labelIds?: string[] | null; addLabelIds?: string[] | null; removeLabelIds?: string[] | null } | null;
  weightWidget?: { weight?: number | null } | null;
  startAndDueDateWidget?: { startDate?: string | null; dueDate?: string | null } | null;
  healthStatusWidget?: { healthStatus?: GraphqlHealthStatus | null } | null;
  progressWidget?: { currentValue: number } | null;
}

/** The widget inputs flattened to REST parameters (validated by the issue or epic zod schema). */
function widgetParams(input: SharedInput): Record<string, unknown> {
  const flat = {
    title: input.title,
    description: input.descriptionWidget?.description ?? input.description,
    confidential: input.confidential,
    stateEvent: input.stateEvent,
    milestoneId: input.milestoneWidget ? optionalId(input.milestoneWidget.milestoneId, ['Milestone']) : undefined,
    iterationId: input.iterationWidget ? optionalId(input.iterationWidget.iterationId, ['Iteration']) : undefined,
    assigneeIds: input.assigneesWidget?.assigneeIds.map((id) => idOf(id, ['User'])),
    labelIds: input.labelsWidget?.labelIds?.map((id) => idOf(id, LABEL_GID_TYPES)),
    addLabelIds: input.labelsWidget?.addLabelIds?.map((id) => idOf(id, LABEL_GID_TYPES)),
    removeLabelIds: input.labelsWidget?.removeLabelIds?.map((id) => idOf(id, LABEL_GID_TYPES)),
    weight: input.weightWidget ? input.weightWidget.weight : undefined,
    startDate: input.startAndDueDateWidget ? input.startAndDueDateWidget.startDate : undefined,
    dueDate: input.startAndDueDateWidget ? input.startAndDueDateWidget.dueDate : undefined,
    healthStatus: input.healthStatusWidget
      ? input.healthStatusWidget.healthStatus
        ? HEALTH_STATUS_OF_GRAPHQL[input.healthStatusWidget.healthStatus]
        : null
      : undefined,
    progress: input.progressWidget?.currentValue,
  };
  return argumentsToParams(flat, WORK_ITEM_ARGUMENTS, CLEARABLE);
}

/** A work item a mutation names (parent, children): 404 when missing or hidden. */
async function namedWorkItem(c: GraphQLContext, id: string): Promise<WorkItem> {
  const ref = parseTypedGid(id, ['WorkItem', 'Issue', 'Epic']);
  const item = ref ? await findReadableWorkItemByGid(c.ctx.database.db, c.actor, ref) : undefined;
  if (!item) throw new DomainError('not_found', '404 Work Item Not Found');
  return item;
}

/** adjacentWorkItemId and relativePosition, both or neither (400 naming the missing one). */
async function hierarchyPlacement(
  c: GraphQLContext,
  hierarchy: { adjacentWorkItemId?: string | null; relativePosition?: 'before' | 'after' | null } | null | undefined,
) {
  const adjacentId = hierarchy?.adjacentWorkItemId ?? null;
  const relativePosition = hierarchy?.relativePosition ?? null;
  if (adjacentId === null && relativePosition === null) return undefined;
  if (adjacentId === null)
    throw badRequest('adjacentWorkItemId is required with relativePosition', 'adjacentWorkItemId');
  if (relativePosition === null)
    throw badRequest('relativePosition is required with adjacentWorkItemId', 'relativePosition');
  return { adjacent: await namedWorkItem(c, adjacentId), relativePosition };
}

/** The project or group of `namespacePath` (or `projectPath`): 404 when missing or hidden. */
async function targetNamespace(
  c: GraphQLContext,
  input: typeof WorkItemCreateInput.$inferInput,
): Promise<WorkItemNamespace> {
  const raw = input.namespacePath ?? input.projectPath;
  if (raw == null) throw badRequest('namespacePath or projectPath is required', 'namespacePath');
  const fullPath = fullPathArgument(raw, 'namespacePath');
  const db = c.ctx.database.db;
  if (input.namespacePath != null) {
    const group = await findGroupRow(db, { fullPath });
    if (group) {
      const row = readable(group, (g) => canGroup(c.actor, 'read_group', groupSubject(g)));
      if (!row) throw new DomainError('not_found', '404 Group Not Found');
      return { kind: 'group', row };
    }
  }
  return { kind: 'project', row: await findProject(db, c.actor, { fullPath }) };
}

type Payload = MutationPayload & { workItem: WorkItem | null };
const workItemPayload = (name: string) => objectPayload(name, 'workItem', WorkItemRef, 'Work item after mutation.');
const CreatePayload = workItemPayload('WorkItemCreatePayload');
const UpdatePayload = workItemPayload('WorkItemUpdatePayload');
const DeletePayload = payloadType<MutationPayload>('WorkItemDeletePayload');

const resolveCreate = (input: typeof WorkItemCreateInput.$inferInput, c: GraphQLContext): Promise<Payload> =>
  mutationPayload(input, { workItem: null as WorkItem | null }, async (out) => {
    const type = typeOfGid(input.workItemTypeId);
    if (!type) throw badRequest('workItemTypeId is invalid', 'workItemTypeId');
    const namespace = await targetNamespace(c, input);
    const parent = input.hierarchyWidget?.parentId ? await namedWorkItem(c, input.hierarchyWidget.parentId) : null;
    const params = widgetParams(input);
    out.workItem = await withArgumentNames(WORK_ITEM_ARGUMENTS, () =>
      createWorkItem(serviceContext(c.ctx, c.actor), { namespace, type, params, parent }),
    );
  });

const resolveDelete = (input: typeof WorkItemDeleteInput.$inferInput, c: GraphQLContext): Promise<MutationPayload> =>
  mutationPayload(input, {}, async () => {
    const item = await namedWorkItem(c, input.id);
    const id = item.kind === 'epic' ? item.row.work_item_id : item.row.id;
    await deleteWorkItem(c.ctx.database.db, c.actor, id);
  });

inputMutation('workItemCreate', {
  input: WorkItemCreateInput,
  payload: CreatePayload,
  description: 'Creates a work item (an issue-backed type in a project, or an epic in a group).',
  resolve: resolveCreate,
});
inputMutation('createWorkItem', {
  input: WorkItemCreateInput,
  payload: CreatePayload,
  description: "Alias of `workItemCreate`, named as the web app's createWorkItem operation (RF-11).",
  resolve: resolveCreate,
});

inputMutation('workItemDelete', {
  input: WorkItemDeleteInput,
  payload: DeletePayload,
  description: 'Deletes a work item (the issue or epic delete service: destroy_issue / destroy_epic).',
  resolve: resolveDelete,
});
inputMutation('deleteWorkItem', {
  input: WorkItemDeleteInput,
  payload: DeletePayload,
  description: "Alias of `workItemDelete`, named as the web app's deleteWorkItem operation (IE-44).",
  resolve: resolveDelete,
});

inputMutation('workItemUpdate', {
  input: WorkItemUpdateInput,
  payload: UpdatePayload,
  description: 'Updates a work item: its fields through the issue or epic update service, then its hierarchy.',
  resolve: (input, c) =>
    mutationPayload(input, { workItem: null as WorkItem | null }, async (out) => {
      const item = await namedWorkItem(c, input.id);
      out.workItem = item;
      const hierarchy = input.hierarchyWidget;
      const childIds = hierarchy?.childrenIds ?? [];
      if (childIds.length > 100) throw badRequest('childrenIds may hold at most 100 ids', 'childrenIds');
      const parent =
        hierarchy && hierarchy.parentId !== undefined
          ? hierarchy.parentId === null
            ? null
            : await namedWorkItem(c, hierarchy.parentId)
          : undefined;
      const children = await Promise.all(childIds.map((id) => namedWorkItem(c, id)));
      const placement = await hierarchyPlacement(c, hierarchy);
      await withArgumentNames(WORK_ITEM_ARGUMENTS, () =>
        updateWorkItem(serviceContext(c.ctx, c.actor), item, {
          params: widgetParams(input),
          parent,
          children,
          placement,
        }),
      );
      out.workItem = await reloadWorkItem(c.ctx.database.db, c.actor, item).catch(() => null);
    }),
});
