import { isInt4Id } from '@meridian/domain';
import { DomainError } from '../../errors';
import {
  type EpicRow,
  epicUpdateParams,
  findEpic,
  reorderEpicTree,
  type TreeNode,
  updateEpic,
} from '../../modules/epics';
import { findGroup } from '../../modules/namespaces';
import { builder } from '../builder';
import { parseGid } from '../gid';
import { inputMutation, mutationInput, mutationPayload } from '../input-mutation';
import { type MutationPayload, objectPayload, payloadType } from '../mutation-errors';
import { parseArguments, withArgumentNames } from '../rest-shaped-input';
import './global-ids';
import { serviceContext } from '../../service-context';
import { describedEnum } from './described-enum';
import { fullPathArgument, pathInputField } from './path-args';
import { EpicRef } from './refs';
import { stateEventEnum } from './state-event-enum';
import { titledInputFields } from './titled-fields';

// ---------------------------------------------------------------------------------------------
// epicTreeReorder

const MoveType = describedEnum('MoveType', 'The position to which the adjacent object should be moved.', {
  before: 'Adjacent object is moved before the object that is being moved.',
  after: 'Adjacent object is moved after the object that is being moved.',
});

const EpicTreeNodeFieldsInputType = builder.inputType('EpicTreeNodeFieldsInputType', {
  description: 'A node of an epic tree.',
  fields: (t) => ({
    id: t.field({
      type: 'EpicTreeSortingID',
      required: true,
      description: 'ID of the epic issue or epic that is being moved.',
    }),
    adjacentReferenceId: t.field({
      type: 'EpicTreeSortingID',
      required: false,
      description: 'ID of the epic issue or issue the epic or issue is switched with.',
    }),
    relativePosition: t.field({
      type: MoveType,
      required: false,
      description: 'Type of switch. Valid values are `after` or `before`.',
    }),
    newParentId: t.field({
      type: 'EpicID',
      required: false,
      description: 'ID of the new parent epic.',
    }),
  }),
});

const EpicTreeReorderInput = mutationInput('EpicTreeReorder', (t) => ({
  baseEpicId: t.field({ type: 'EpicID', required: true, description: 'ID of the base epic of the tree.' }),
  moved: t.field({
    type: EpicTreeNodeFieldsInputType,
    required: true,
    description: 'Parameters for updating the tree positions.',
  }),
}));

const EpicTreeReorderPayload = payloadType<MutationPayload>('EpicTreeReorderPayload');

function treeNode(value: string): TreeNode {
  const epicId = parseGid(value, ['Epic']);
  if (epicId !== null) return { type: 'Epic', id: epicId };
  return { type: 'EpicIssue', id: parseGid(value, ['EpicIssue']) as number };
}

inputMutation('epicTreeReorder', {
  input: EpicTreeReorderInput,
  payload: EpicTreeReorderPayload,
  description:
    'Moves a child epic (or an epic issue) among its siblings in the tree of the base epic, optionally under a new parent.',
  resolve: (input, c) => {
    const moved = input.moved;
    return mutationPayload(input, {}, () =>
      reorderEpicTree(serviceContext(c.ctx, c.actor), {
        baseEpicId: parseGid(input.baseEpicId, ['Epic']) as number,
        moved: treeNode(moved.id),
        adjacent: moved.adjacentReferenceId ? treeNode(moved.adjacentReferenceId) : undefined,
        relativePosition: moved.relativePosition ?? undefined,
        newParentId: moved.newParentId ? (parseGid(moved.newParentId, ['Epic']) as number) : undefined,
      }),
    );
  },
});

// ---------------------------------------------------------------------------------------------
// updateEpic

const EpicStateEvent = stateEventEnum('EpicStateEvent', 'State event of an epic.', {
  reopen: 'Reopen the epic.',
  close: 'Close the epic.',
});

const UpdateEpicInput = mutationInput('UpdateEpic', (t) => ({
  groupPath: pathInputField(t, 'Group the epic to mutate is in.'),
  iid: t.id({ required: true, description: 'IID of the epic to mutate.' }),
  ...titledInputFields(t, 'the epic'),
  confidential: t.boolean({ required: false, description: 'Indicates if the epic is confidential.' }),
  color: t.string({ required: false, description: 'Color of the epic, e.g. "#1068bf".' }),
  startDateFixed: t.string({ required: false, description: 'Start date of the epic (YYYY-MM-DD; null clears it).' }),
  startDateIsFixed: t.boolean({
    required: false,
    description: 'Indicates start date should be sourced from start_date_fixed field not the issue milestones.',
  }),
  dueDateFixed: t.string({ required: false, description: 'End date of the epic (YYYY-MM-DD; null clears it).' }),
  dueDateIsFixed: t.boolean({
    required: false,
    description: 'Indicates end date should be sourced from due_date_fixed field not the issue milestones.',
  }),
  addLabels: t.stringList({ required: false, description: 'Array of label titles to be added to the epic.' }),
  removeLabels: t.stringList({ required: false, description: 'Array of label titles to be removed from the epic.' }),
  stateEvent: t.field({ type: EpicStateEvent, required: false, description: 'State event for the epic.' }),
}));

const UpdateEpicPayload = objectPayload(
  'UpdateEpicPayload',
  'epic',
  EpicRef,
  'The epic after mutation (unchanged when `errors` is not empty).',
);

/** UpdateEpicInput's arguments → the parameters of REST's `PUT /groups/:id/epics/:epic_iid`. */
const UPDATE_EPIC_ARGUMENTS = {
  title: 'title',
  description: 'description',
  confidential: 'confidential',
  color: 'color',
  startDateFixed: 'start_date_fixed',
  startDateIsFixed: 'start_date_is_fixed',
  dueDateFixed: 'due_date_fixed',
  dueDateIsFixed: 'due_date_is_fixed',
  addLabels: 'add_labels',
  removeLabels: 'remove_labels',
  stateEvent: 'state_event',
} as const;
const CLEARABLE = new Set(['description', 'start_date_fixed', 'due_date_fixed']);

inputMutation('updateEpic', {
  input: UpdateEpicInput,
  payload: UpdateEpicPayload,
  description:
    'Updates an epic through the same service as REST `PUT /groups/:id/epics/:epic_iid` (title, dates, state…).',
  resolve: async (input, c) => {
    const db = c.ctx.database.db;
    const groupPath = fullPathArgument(input.groupPath, 'groupPath');
    return mutationPayload(input, { epic: null as EpicRow | null }, async (out) => {
      const iid = Number(input.iid);
      if (!isInt4Id(iid)) throw new DomainError('not_found', 'Epic');
      const group = await findGroup(db, c.actor, { fullPath: groupPath });
      const found = await findEpic(db, c.actor, group.id, iid);
      out.epic = found;
      out.epic = await withArgumentNames(UPDATE_EPIC_ARGUMENTS, () =>
        updateEpic(
          serviceContext(c.ctx, c.actor),
          found,
          parseArguments(epicUpdateParams, input, UPDATE_EPIC_ARGUMENTS, CLEARABLE),
        ),
      );
    });
  },
});
