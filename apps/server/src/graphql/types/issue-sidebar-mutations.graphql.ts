import type { InputFieldMap } from '@pothos/core';
import { badRequest } from '../../errors';
import { findIssue, parseUpdateIssue } from '../../modules/issues';
import { updateIssueWithQuickActions } from '../../modules/quick-actions';
import { setSubscription } from '../../modules/subscriptions';
import { userIdsByUsernames } from '../../modules/users';
import { requireActor } from '../../policy/require-actor';
import { serviceContext } from '../../service-context';
import type { GraphQLContext } from '../context';
import type { InputFieldBuilder, MutationInputRef } from '../input-mutation';
import { type ArgumentNames, withArgumentNames } from '../rest-shaped-input';
import './global-ids';
import { describedEnum } from './described-enum';
import { idOf, issueChangeMutation, issueMutationInput } from './issue-mutations.graphql';

/*
 * The per-widget mutations GitLab's issue sidebar mounts (`issueSetConfidential`, `issueSetDueDate`,
 * `issueSetWeight`, `issueSetIteration`, `issueSetEpic`, `issueSetAssignees`, `issueSetSubscription`):
 * each is `updateIssue` with one argument, so each goes through REST `PUT /projects/:id/issues/:iid`'s
 * input schema and service; the subscription is REST's `…/subscribe` / `…/unsubscribe`.
 */

type Input = { projectPath: string; iid: string; clientMutationId?: string | null };

/** One sidebar mutation: its input (the issue target plus `fields`), its payload, one REST update. */
function sidebarMutation<Fields extends InputFieldMap>(
  name: string,
  description: string,
  fields: (t: InputFieldBuilder) => Fields,
  names: ArgumentNames,
  toParams: (
    input: Record<string, unknown>,
    c: GraphQLContext,
    issueId: () => Promise<number>,
  ) => Promise<Record<string, unknown>>,
) {
  const capitalized = name[0]?.toUpperCase() + name.slice(1);
  const InputRef = issueMutationInput(capitalized, fields);
  issueChangeMutation(name, {
    input: InputRef as unknown as MutationInputRef<Input & Record<string, unknown>>,
    description,
    change: async (input, c, project, iid) => {
      const issueId = async () => (await findIssue(c.ctx.database.db, c.actor, project.id, iid)).id;
      const params = await toParams(input, c, issueId);
      await withArgumentNames(names, () =>
        updateIssueWithQuickActions(serviceContext(c.ctx, c.actor), project, iid, parseUpdateIssue(params)),
      );
      // The payload's issue is read again: not from assignees this request loaded before the change.
      c.loaders.issueAssignees.clear(await issueId());
    },
  });
}

/** An argument GitLab requires to be present, null allowed (`required: :nullable`): null clears it. */
const nullable = <T>(value: T | null | undefined): T | null => value ?? null;

sidebarMutation(
  'issueSetConfidential',
  'Sets (or removes) the confidentiality of an issue.',
  (t) => ({
    confidential: t.boolean({ required: true, description: 'Whether or not to set the issue as a confidential.' }),
  }),
  { confidential: 'confidential' },
  async (i) => ({ confidential: i.confidential }),
);

sidebarMutation(
  'issueSetDueDate',
  'Sets (or removes, with null) the due date of an issue.',
  (t) => ({
    dueDate: t.field({
      type: 'Time',
      required: false,
      description: 'Desired due date for the issue. Due date is removed if null.',
    }),
  }),
  { dueDate: 'due_date' },
  async (i) => ({ due_date: typeof i.dueDate === 'string' ? i.dueDate.slice(0, 10) : null }),
);

sidebarMutation(
  'issueSetWeight',
  'Sets (or removes, with null) the weight of an issue.',
  (t) => ({
    weight: t.int({
      required: false,
      description: 'The desired weight for the issue. If set to null, weight is removed.',
    }),
  }),
  { weight: 'weight' },
  async (i) => ({ weight: nullable(i.weight) }),
);

sidebarMutation(
  'issueSetIteration',
  'Sets (or removes, with null) the iteration of an issue.',
  (t) => ({
    iterationId: t.field({
      type: 'IterationID',
      required: false,
      description: 'Iteration to assign to the issue.',
    }),
  }),
  { iterationId: 'iteration_id' },
  async (i) => ({ iteration_id: i.iterationId ? idOf(i.iterationId as string, ['Iteration']) : null }),
);

sidebarMutation(
  'issueSetEpic',
  'Sets (or removes, with null) the parent epic of an issue.',
  (t) => ({
    epicId: t.field({
      type: 'EpicID',
      required: false,
      description: 'Global ID of the epic to be assigned to the issue, epic will be removed if absent or set to null',
    }),
  }),
  { epicId: 'epic_id' },
  async (i) => ({ epic_id: i.epicId ? idOf(i.epicId as string, ['Epic']) : null }),
);

const MutationOperationMode = describedEnum(
  'MutationOperationMode',
  'Different toggles for changing mutator behavior',
  {
    REPLACE: 'Performs a replace operation.',
    APPEND: 'Performs an append operation.',
    REMOVE: 'Performs a removal operation.',
  },
);

/** At most this many usernames in one call (an issue takes at most 200 assignees in GitLab's limits). */
const MAX_ASSIGNEE_USERNAMES = 100;

sidebarMutation(
  'issueSetAssignees',
  'Assigns users to an issue (replacing, adding to or removing from its assignees); unknown usernames are ignored.',
  (t) => ({
    assigneeUsernames: t.stringList({
      required: true,
      description: 'Usernames to assign to the resource. Replaces existing assignees by default.',
    }),
    operationMode: t.field({
      type: MutationOperationMode,
      required: false,
      defaultValue: 'REPLACE',
      description: 'Operation to perform. Defaults to REPLACE.',
    }),
  }),
  { assigneeUsernames: 'assignee_ids' },
  async (i, c, issueId) => {
    const names = i.assigneeUsernames as string[];
    if (names.length > MAX_ASSIGNEE_USERNAMES) {
      throw badRequest(
        `assigneeUsernames is too long (maximum is ${MAX_ASSIGNEE_USERNAMES} entries)`,
        'assigneeUsernames',
      );
    }
    const wanted = await userIdsByUsernames(c.ctx.database.db, names);
    const mode = (i.operationMode as string | null) ?? 'REPLACE';
    if (mode === 'REPLACE') return { assignee_ids: wanted };
    const id = await issueId();
    const current = (await c.loaders.issueAssignees.load(id)).map((u) => u.id);
    const ids = mode === 'APPEND' ? [...new Set([...current, ...wanted])] : current.filter((u) => !wanted.includes(u));
    return { assignee_ids: ids };
  },
);

// ---------------------------------------------------------------------------------------------
// issueSetSubscription: REST `POST /projects/:id/issues/:iid/subscribe` / `…/unsubscribe`

const IssueSetSubscriptionInput = issueMutationInput('IssueSetSubscription', (t) => ({
  subscribedState: t.boolean({ required: true, description: 'Desired state of the subscription.' }),
}));

issueChangeMutation('issueSetSubscription', {
  input: IssueSetSubscriptionInput,
  description: 'Subscribes you to (or unsubscribes you from) notifications of an issue you can read.',
  change: async (input, c, project, iid) => {
    const me = requireActor(c.actor);
    const issue = await findIssue(c.ctx.database.db, me, project.id, iid);
    await setSubscription(c.ctx.database.db, me, { type: 'Issue', id: issue.id }, input.subscribedState);
    c.loaders.issueSubscribed.clear(issue.id);
  },
});
