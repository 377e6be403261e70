import { HEALTH_STATUS_OF_GRAPHQL } from '@meridian/domain';
import type { InputFieldMap } from '@pothos/core';
import type { EpicRow } from '../../modules/epics';
import {
  findIssue,
  type IssueInput,
  type IssueRow,
  parseUpdateIssue,
  promoteIssueToEpic,
  setIssueDiscussionLock,
  updateIssue,
} from '../../modules/issues';
import { findProject, type ProjectRow } from '../../modules/namespaces';
import { updateIssueWithQuickActions } from '../../modules/quick-actions';
import type { GraphQLContext } from '../context';
import { type GidType, parseGid } from '../gid';
import {
  type InputFieldBuilder,
  inputMutation,
  type MutationInputRef,
  mutationInput,
  mutationPayload,
} from '../input-mutation';
import { type MutationPayload, objectPayload, payloadType } from '../mutation-errors';
import { argumentsToParams, withArgumentNames } from '../rest-shaped-input';
import './global-ids';
import { serviceContext } from '../../service-context';
import { idOf as issuableIdOf } from './issuable-args';
import { HealthStatus, IssueType } from './issue-args';
import { fullPathArgument, pathInputField, targetIid } from './path-args';
import { EpicRef, IssueRef } from './refs';
import { stateEventEnum } from './state-event-enum';
import { titledInputFields } from './titled-fields';

/*
 * GitLab's issue mutations (IE-42, IE-43, IE-46), each a thin caller of the service behind REST
 * `PUT /projects/:id/issues/:iid`: the arguments become that route's parameters and go through its
 * one input schema (issue-input.ts), so both transports accept and refuse the same input.
 */

/** The issue a mutation targets: found through the same lookups as REST (404 when hidden). */
export async function targetIssue(c: GraphQLContext, projectPath: string, iid: string) {
  const fullPath = fullPathArgument(projectPath, 'projectPath');
  const number = targetIid(iid, 'Issue');
  const project = await findProject(c.ctx.database.db, c.actor, { fullPath });
  return { project, iid: number };
}

type IssueTarget = { projectPath: string; iid: string; clientMutationId?: string | null };

/**
 * A mutation that changes one issue and answers with it (`<Name>Payload.issue`) as it is afterwards
 * (as it was when the change was refused; null when the change hid it from the caller).
 */
export function issueChangeMutation<Input extends IssueTarget>(
  name: string,
  options: {
    input: MutationInputRef<Input>;
    description: string;
    change: (input: Input, c: GraphQLContext, project: ProjectRow, iid: number) => Promise<unknown>;
  },
): void {
  inputMutation(name, {
    input: options.input,
    payload: issuePayload(`${name[0]?.toUpperCase()}${name.slice(1)}Payload`),
    description: options.description,
    resolve: (input, c) => {
      const db = c.ctx.database.db;
      return mutationPayload(input, { issue: null as IssueRow | null }, async (out) => {
        const { project, iid } = await targetIssue(c, input.projectPath, input.iid);
        out.issue = await findIssue(db, c.actor, project.id, iid);
        await options.change(input, c, project, iid);
        out.issue = await findIssue(db, c.actor, project.id, iid).catch(() => null);
      });
    },
  });
}

/** An issue mutation that is `updateIssue` with the fields `fields` reads from its input. */
export function issueUpdateMutation<Input extends IssueTarget>(
  name: string,
  options: { input: MutationInputRef<Input>; description: string; fields: (input: Input) => IssueInput },
): void {
  issueChangeMutation(name, {
    input: options.input,
    description: options.description,
    change: (input, c, project, iid) =>
      updateIssue(serviceContext(c.ctx, c.actor), project, iid, options.fields(input)),
  });
}

/** The input fields naming the issue a mutation changes, as GitLab's issue mutations take them. */
const issueTargetFields = (t: InputFieldBuilder) => ({
  projectPath: pathInputField(t, 'Project the issue to mutate is in.'),
  iid: t.string({ required: true, description: 'IID of the issue to mutate.', extensions: { maxLength: 11 } }),
});

/** GitLab's `<Name>Input` of a mutation on one issue: the issue it targets, then `fields`. */
export function issueMutationInput<Fields extends InputFieldMap>(
  name: string,
  fields: (t: InputFieldBuilder) => Fields,
) {
  return mutationInput(name, (t) => ({ ...issueTargetFields(t), ...fields(t) }));
}

/** The payload of a mutation that answers with the issue. */
export const issuePayload = (name: string) => objectPayload(name, 'issue', IssueRef, 'Issue after mutation.');

// ---------------------------------------------------------------------------------------------
// updateIssue (IE-42)

const IssueStateEvent = stateEventEnum('IssueStateEvent', 'Values for issue state events.', {
  reopen: 'Reopens the issue.',
  close: 'Closes the issue.',
});

const UpdateIssueInput = issueMutationInput('UpdateIssue', (t) => ({
  ...titledInputFields(t, 'the issue'),
  confidential: t.boolean({ required: false, description: 'Indicates the issue is confidential.' }),
  locked: t.boolean({ required: false, description: 'Indicates discussion is locked on the issue.' }),
  type: t.field({ type: IssueType, required: false, description: 'Type of the issue.' }),
  dueDate: t.string({ required: false, description: 'Due date of the issue (YYYY-MM-DD; null clears it).' }),
  weight: t.int({ required: false, description: 'Weight of the issue (null clears it).' }),
  healthStatus: t.field({ type: HealthStatus, required: false, description: 'Desired health status.' }),
  // `ID` as GitLab's: its sidebar sends the milestone's numeric id (`$attributeId: ID`); a
  // `gid://gitlab/Milestone/<id>` is read too.
  milestoneId: t.id({
    required: false,
    description: 'ID of the milestone to assign to the issue. On update milestone will be removed if set to null.',
  }),
  iterationId: t.field({
    type: 'IterationID',
    required: false,
    description: 'Global iteration ID (null removes it).',
  }),
  epicId: t.field({ type: 'EpicID', required: false, description: 'ID of the parent epic (null removes it).' }),
  assigneeIds: t.field({
    type: ['UserID'],
    required: false,
    description: 'Users to assign to the issue, replacing the current assignees.',
  }),
  labelIds: t.field({ type: ['LabelID'], required: false, description: 'IDs of labels to be set.' }),
  addLabelIds: t.field({ type: ['LabelID'], required: false, description: 'IDs of labels to be added.' }),
  removeLabelIds: t.field({ type: ['LabelID'], required: false, description: 'IDs of labels to be removed.' }),
  stateEvent: t.field({ type: IssueStateEvent, required: false, description: 'Close or reopen an issue.' }),
}));

/** UpdateIssueInput's arguments → the parameters of REST's `PUT /projects/:id/issues/:iid`. */
const UPDATE_ISSUE_ARGUMENTS = {
  title: 'title',
  description: 'description',
  confidential: 'confidential',
  locked: 'discussion_locked',
  type: 'issue_type',
  dueDate: 'due_date',
  weight: 'weight',
  healthStatus: 'health_status',
  milestoneId: 'milestone_id',
  iterationId: 'iteration_id',
  epicId: 'epic_id',
  assigneeIds: 'assignee_ids',
  labelIds: 'label_ids',
  addLabelIds: 'add_label_ids',
  removeLabelIds: 'remove_label_ids',
  stateEvent: 'state_event',
} as const;

/** Arguments an explicit null clears (GitLab: "removed if set to null"); others: null = unchanged. */
const CLEARABLE = new Set([
  'description',
  'due_date',
  'weight',
  'health_status',
  'milestone_id',
  'iteration_id',
  'epic_id',
]);

export const idOf = (value: string, types: readonly GidType[]) => parseGid(value, types) as number;
const LABEL_GID_TYPES: readonly GidType[] = ['GroupLabel', 'ProjectLabel', 'Label'];

/** Turns typed GraphQL values (global ids, enums) into the REST parameter values. */
function updateIssueParams(input: typeof UpdateIssueInput.$inferInput): Record<string, unknown> {
  const converted: Record<string, unknown> = {
    ...input,
    type: input.type ? input.type.toLowerCase() : input.type,
    healthStatus: input.healthStatus ? HEALTH_STATUS_OF_GRAPHQL[input.healthStatus] : input.healthStatus,
    milestoneId: input.milestoneId ? issuableIdOf(input.milestoneId, 'Milestone', 'milestoneId') : input.milestoneId,
    iterationId: input.iterationId ? idOf(input.iterationId, ['Iteration']) : input.iterationId,
    epicId: input.epicId ? idOf(input.epicId, ['Epic']) : input.epicId,
    assigneeIds: input.assigneeIds?.map((id) => idOf(id, ['User'])),
    labelIds: input.labelIds?.map((id) => idOf(id, LABEL_GID_TYPES)),
    addLabelIds: input.addLabelIds?.map((id) => idOf(id, LABEL_GID_TYPES)),
    removeLabelIds: input.removeLabelIds?.map((id) => idOf(id, LABEL_GID_TYPES)),
  };
  return argumentsToParams(converted, UPDATE_ISSUE_ARGUMENTS, CLEARABLE);
}

issueChangeMutation('updateIssue', {
  input: UpdateIssueInput,
  description: 'Updates an issue through the same service as REST `PUT /projects/:id/issues/:iid`.',
  change: (input, c, project, iid) =>
    withArgumentNames(UPDATE_ISSUE_ARGUMENTS, () =>
      updateIssueWithQuickActions(
        serviceContext(c.ctx, c.actor),
        project,
        iid,
        parseUpdateIssue(updateIssueParams(input)),
      ),
    ),
});

// ---------------------------------------------------------------------------------------------
// issueSetLocked (IE-46)

const IssueSetLockedInput = issueMutationInput('IssueSetLocked', (t) => ({
  locked: t.boolean({ required: true, description: 'Whether or not to lock discussion on the issue.' }),
}));

issueChangeMutation('issueSetLocked', {
  input: IssueSetLockedInput,
  description: "Locks or unlocks an issue's discussion (only project members may comment while locked).",
  change: (input, c, project, iid) =>
    setIssueDiscussionLock(serviceContext(c.ctx, c.actor), project, iid, input.locked),
});

// ---------------------------------------------------------------------------------------------
// promoteToEpic (IE-43)

const PromoteToEpicInput = issueMutationInput('PromoteToEpic', () => ({}));

const PromoteToEpicPayload = payloadType<MutationPayload & { issue: IssueRow | null; epic: EpicRow | null }>(
  'PromoteToEpicPayload',
  (t) => ({
    epic: t.field({
      type: EpicRef,
      nullable: true,
      description: 'Epic after issue promotion.',
      resolve: (p) => p.epic,
    }),
    issue: t.field({ type: IssueRef, nullable: true, description: 'Issue after mutation.', resolve: (p) => p.issue }),
  }),
);

inputMutation('promoteToEpic', {
  input: PromoteToEpicInput,
  payload: PromoteToEpicPayload,
  description:
    "Promotes an issue to an epic in its project's group: the epic takes its title, description, confidentiality and labels; the issue is closed.",
  resolve: (input, c) => {
    const objects = { epic: null as EpicRow | null, issue: null as IssueRow | null };
    return mutationPayload(input, objects, async (out) => {
      const { project, iid } = await targetIssue(c, input.projectPath, input.iid);
      out.epic = await promoteIssueToEpic(serviceContext(c.ctx, c.actor), project, iid);
      out.issue = await findIssue(c.ctx.database.db, c.actor, project.id, iid);
    });
  },
});
