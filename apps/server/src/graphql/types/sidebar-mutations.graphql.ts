import { notFound } from '../../errors';
import { findEpic } from '../../modules/epics';
import { findMergeRequest, type MergeRequestRow, parseUpdateMergeRequest } from '../../modules/merge-requests';
import { findGroup, findProject } from '../../modules/namespaces';
import { noteableById } from '../../modules/notes';
import { updateMergeRequestWithQuickActions } from '../../modules/quick-actions';
import { setSubscription } from '../../modules/subscriptions';
import { findTodo, markForLater, markTodoDone } from '../../modules/todos';
import { workItemRowOf } from '../../modules/work-items';
import { requireActor } from '../../policy/require-actor';
import { serviceContext } from '../../service-context';
import { builder } from '../builder';
import { parseGid, parseTypedGid } from '../gid';
import { inputMutation, mutationInput, mutationPayload, objectMutation } from '../input-mutation';
import { type MutationPayload, objectPayload, payloadType } from '../mutation-errors';
import { argumentsToParams, withArgumentNames } from '../rest-shaped-input';
import './global-ids';
import { TodoRef } from './epic-sidebar.graphql';
import { MergeRequestRef } from './merge-request.graphql';
import { fullPathArgument, pathInputField, targetIid } from './path-args';
import { EpicRef } from './refs';

/*
 * The epic and merge request sidebars' switches and the to-do button, as GitLab's mutations:
 * `epicSetSubscription` (REST `POST /groups/:id/epics/:iid/subscribe`), `mergeRequestSetLocked`
 * (REST `PUT …/merge_requests/:iid` with `discussion_locked`), `todoCreate` (REST `POST …/todo`) and
 * `todoMarkDone` (REST `POST /todos/:id/mark_as_done`), each over the same service.
 */

// ---------------------------------------------------------------------------------------------
// epicSetSubscription

const EpicSetSubscriptionInput = mutationInput('EpicSetSubscription', (t) => ({
  groupPath: pathInputField(t, 'Group the epic to mutate belongs to.'),
  iid: t.id({ required: true, description: 'IID of the epic to mutate.', extensions: { maxLength: 11 } }),
  subscribedState: t.boolean({ required: true, description: 'Desired state of the subscription.' }),
}));

objectMutation('epicSetSubscription', {
  input: EpicSetSubscriptionInput,
  payload: { key: 'epic', type: EpicRef, description: 'Epic after mutation.' },
  description: 'Subscribes you to (or unsubscribes you from) notifications of an epic you can read.',
  change: async (input, c) => {
    const db = c.ctx.database.db;
    const groupPath = fullPathArgument(input.groupPath, 'groupPath');
    const iid = targetIid(input.iid, 'Epic');
    const me = requireActor(c.actor);
    const group = await findGroup(db, me, { fullPath: groupPath });
    const epic = await findEpic(db, me, group.id, iid);
    await setSubscription(db, me, { type: 'Epic', id: epic.id }, input.subscribedState);
    c.loaders.epicSubscribed.clear(epic.id);
    return epic;
  },
});

// ---------------------------------------------------------------------------------------------
// mergeRequestSetLocked (IE-46)

const MergeRequestSetLockedInput = mutationInput('MergeRequestSetLocked', (t) => ({
  projectPath: pathInputField(t, 'Project the merge request to mutate is in.'),
  iid: t.string({
    required: true,
    description: 'IID of the merge request to mutate.',
    extensions: { maxLength: 11 },
  }),
  locked: t.boolean({
    required: true,
    description: 'Whether or not to lock the merge request. Only project members may comment while it is locked.',
  }),
}));

const MergeRequestSetLockedPayload = objectPayload(
  'MergeRequestSetLockedPayload',
  'mergeRequest',
  MergeRequestRef,
  'Merge request after mutation.',
);

builder.objectFields(MergeRequestRef, (t) => ({
  discussionLocked: t.boolean({
    description: 'Indicates if comments on the merge request are locked to members only.',
    resolve: (mr) => mr.discussion_locked,
  }),
}));

const LOCKED_ARGUMENTS = { locked: 'discussion_locked' } as const;

inputMutation('mergeRequestSetLocked', {
  input: MergeRequestSetLockedInput,
  payload: MergeRequestSetLockedPayload,
  description:
    "Locks or unlocks a merge request's discussion, as REST `PUT …/merge_requests/:iid` `discussion_locked`.",
  resolve: (input, c) =>
    mutationPayload(input, { mergeRequest: null as MergeRequestRow | null }, async (out) => {
      const db = c.ctx.database.db;
      const fullPath = fullPathArgument(input.projectPath, 'projectPath');
      const iid = targetIid(input.iid, 'Merge request');
      const project = await findProject(db, c.actor, { fullPath });
      out.mergeRequest = await findMergeRequest(db, c.actor, project.id, iid);
      const params = argumentsToParams({ locked: input.locked }, LOCKED_ARGUMENTS);
      await withArgumentNames(LOCKED_ARGUMENTS, () =>
        updateMergeRequestWithQuickActions(
          serviceContext(c.ctx, c.actor),
          project,
          iid,
          parseUpdateMergeRequest(params),
        ),
      );
      out.mergeRequest = await findMergeRequest(db, c.actor, project.id, iid).catch(() => null);
    }),
});

// ---------------------------------------------------------------------------------------------
// todoCreate, todoMarkDone

type TodoShape = { id: number; state: string };

const TodoCreateInput = mutationInput('TodoCreate', (t) => ({
  targetId: t.field({
    type: 'TodoableID',
    required: true,
    description: "Global ID of the to-do item's parent. Issues, merge requests, and epics are supported.",
  }),
}));

/** The issue, epic or merge request a TodoableID names, as the actor may read it (404 otherwise). */
async function todoTarget(
  db: Parameters<typeof noteableById>[0],
  actor: Parameters<typeof noteableById>[1],
  id: string,
) {
  const parsed = parseTypedGid(id, ['Issue', 'MergeRequest', 'Epic', 'WorkItem']);
  if (!parsed) throw notFound('Todoable');
  if (parsed.type !== 'WorkItem') return noteableById(db, actor, parsed.type, parsed.id);
  const row = await workItemRowOf(db, parsed.id);
  if (!row) throw notFound('WorkItem');
  return noteableById(db, actor, row.kind === 'epic' ? 'Epic' : 'Issue', row.id);
}

objectMutation('todoCreate', {
  input: TodoCreateInput,
  payload: {
    key: 'todo',
    type: TodoRef,
    description: 'To-do item created, or your pending one on the target when you already had it (as GitLab).',
  },
  description: 'Adds a to-do item for you on an issue, merge request or epic you can read.',
  change: async (input, c) => {
    const db = c.ctx.database.db;
    const me = requireActor(c.actor);
    const target = await todoTarget(db, me, input.targetId);
    const { id } = await markForLater(db, me, { type: target.type, id: target.id });
    return findTodo(db, me, id);
  },
});

const TodoMarkDoneInput = mutationInput('TodoMarkDone', (t) => ({
  id: t.field({ type: 'TodoID', required: true, description: 'Global ID of the to-do item to mark as done.' }),
}));

const TodoMarkDonePayload = payloadType<MutationPayload & { todo: TodoShape | null }>('TodoMarkDonePayload', (t) => ({
  todo: t.field({
    type: TodoRef,
    // GitLab's is non-null: a to-do that is not yours, or whose target you may no longer read, is a top-level error.
    description: 'Requested to-do item.',
    resolve: (p) => p.todo as TodoShape,
  }),
}));

inputMutation('todoMarkDone', {
  input: TodoMarkDoneInput,
  payload: TodoMarkDonePayload,
  description: 'Marks one of your to-do items as done.',
  resolve: (input, c) =>
    mutationPayload(input, { todo: null as TodoShape | null }, async (out) => {
      const db = c.ctx.database.db;
      const id = parseGid(input.id, ['Todo']) as number;
      out.todo = await findTodo(db, c.actor, await markTodoDone(db, c.actor, id));
    }),
});
