import type { ESCALATION_RULE_STATUSES } from '@meridian/domain';
import {
  createEscalationPolicy,
  destroyEscalationPolicy,
  type EscalationPolicyWithRules,
  type EscalationRuleRow,
  findEscalationPolicy,
  listEscalationPolicies,
  parseEscalationPolicyCreate,
  parseEscalationPolicyUpdate,
  updateEscalationPolicy,
} from '../../modules/incidents';
import { findProject } from '../../modules/namespaces';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import { gid, gidArgument } from '../gid';
import { type InputFieldBuilder, mutationInput, objectMutation } from '../input-mutation';
import './global-ids';
import { issueMutationInput, issueUpdateMutation } from './issue-mutations.graphql';
import { fullPathArgument, pathInputField } from './path-args';
import { issueFields, ProjectRef } from './refs';
import { userByIdField } from './user-field';

/*
 * GitLab's escalation policies (IE §4 "Escalation paging"): `Project.incidentManagementEscalationPolicies`
 * and `…EscalationPolicy(id:)`, `Issue.escalationPolicy`, the mutations `escalationPolicyCreate`,
 * `escalationPolicyUpdate`, `escalationPolicyDestroy` and `issueSetEscalationPolicy` (through
 * `updateIssue`, so the change pipeline starts and stops the incident's paging).
 */

const POLICY_GID = 'IncidentManagement::EscalationPolicy' as const;
const RULE_GID = 'IncidentManagement::EscalationRule' as const;

const EscalationRuleStatus = builder.enumType('EscalationRuleStatus', {
  description: 'Escalation rule statuses',
  values: {
    ACKNOWLEDGED: { description: '.' },
    RESOLVED: { description: '.' },
  },
});

const EscalationRuleRef = builder.objectRef<EscalationRuleRow>('EscalationRuleType').implement({
  description: 'Represents an escalation rule for an escalation policy',
  fields: (t) => ({
    id: t.id({ nullable: true, description: 'ID of the escalation policy rule.', resolve: (r) => gid(RULE_GID, r.id) }),
    elapsedTimeSeconds: t.int({
      nullable: true,
      description: 'Time in seconds before the rule is activated.',
      resolve: (r) => r.elapsed_time_seconds,
    }),
    status: t.field({
      type: EscalationRuleStatus,
      nullable: true,
      description: 'Status required to prevent the rule from activating.',
      resolve: (r) => r.status.toUpperCase() as 'ACKNOWLEDGED' | 'RESOLVED',
    }),
    user: userByIdField(t, 'User to escalate to for this rule.', (r) => r.user_id),
  }),
});

export const EscalationPolicyRef = builder.objectRef<EscalationPolicyWithRules>('EscalationPolicyType').implement({
  description: 'Represents an escalation policy',
  fields: (t) => ({
    id: t.field({
      type: 'IncidentManagementEscalationPolicyID',
      nullable: true,
      description: 'ID of the escalation policy.',
      resolve: (p) => gid(POLICY_GID, p.id),
    }),
    name: t.exposeString('name', { nullable: true, description: 'Name of the escalation policy.' }),
    description: t.exposeString('description', {
      nullable: true,
      description: 'Description of the escalation policy.',
    }),
    rules: t.field({
      type: [EscalationRuleRef],
      nullable: true,
      description: 'Steps of the escalation policy.',
      resolve: (p) => p.rules,
    }),
  }),
});

const EscalationPolicyConnection = defineConnection('EscalationPolicyType', EscalationPolicyRef);

const policyIdOf = (value: unknown) => gidArgument(String(value), [POLICY_GID], 'id');

builder.objectFields(ProjectRef, (t) => ({
  incidentManagementEscalationPolicies: t.field({
    type: EscalationPolicyConnection,
    nullable: true,
    description: 'Incident Management escalation policies of the project.',
    args: {
      ...pageArgs,
      name: t.arg.string({ description: 'Fuzzy search by escalation policy name.', extensions: { maxLength: 255 } }),
    },
    resolve: async (project, args, c) =>
      paginateArray(args, await listEscalationPolicies(c.ctx.database.db, c.actor, project, args.name)),
  }),
  incidentManagementEscalationPolicy: t.field({
    type: EscalationPolicyRef,
    nullable: true,
    description: 'Incident Management escalation policy of the project.',
    args: {
      id: t.arg({
        type: 'IncidentManagementEscalationPolicyID',
        required: true,
        description: 'ID of the escalation policy.',
      }),
    },
    resolve: async (project, args, c) => {
      const found = await findEscalationPolicy(c.ctx.database.db, c.actor, policyIdOf(args.id));
      return found && found.project.id === project.id ? found.policy : null;
    },
  }),
}));

issueFields((t) => ({
  escalationPolicy: t.field({
    type: EscalationPolicyRef,
    nullable: true,
    description: 'Escalation policy associated with the issue. Available for issues which support escalation.',
    resolve: async (issue, _args, c) => {
      if (issue.issue_type !== 'incident' || issue.escalation_policy_id === null) return null;
      const found = await findEscalationPolicy(c.ctx.database.db, c.actor, issue.escalation_policy_id);
      return found?.policy ?? null;
    },
  }),
}));

const RuleInput = builder.inputType('EscalationRuleInput', {
  description: 'Represents an escalation rule',
  fields: (t) => ({
    oncallScheduleIid: t.id({
      required: false,
      description: 'On-call schedule to notify.',
      extensions: { maxLength: 64 },
    }),
    username: t.string({
      required: false,
      description: 'Username of the user to notify.',
      extensions: { maxLength: 255 },
    }),
    elapsedTimeSeconds: t.int({ required: true, description: 'Time in seconds before the rule is activated.' }),
    status: t.field({
      type: EscalationRuleStatus,
      required: true,
      description: 'Status required to prevent the rule from activating.',
    }),
  }),
});

type RuleArg = {
  oncallScheduleIid?: string | number | null;
  username?: string | null;
  elapsedTimeSeconds: number;
  status: string;
};
const rulesOf = (rules: readonly RuleArg[] | null | undefined) =>
  rules?.map((r) => ({
    status: r.status.toLowerCase() as (typeof ESCALATION_RULE_STATUSES)[number],
    elapsedTimeSeconds: r.elapsedTimeSeconds,
    username: r.username ?? null,
    oncallScheduleIid: r.oncallScheduleIid == null ? null : String(r.oncallScheduleIid),
  }));

const payload = { key: 'escalationPolicy', type: EscalationPolicyRef, description: 'Escalation policy.' } as const;

/** A policy's own fields: name and rules are required to create one, optional to update it. */
const policyFields = <Required extends boolean>(t: InputFieldBuilder, required: Required) => ({
  name: t.string({ required, description: 'Name of the escalation policy.', extensions: { maxLength: 255 } }),
  description: t.string({
    required: false,
    description: 'Description of the escalation policy.',
    extensions: { maxLength: 1000 },
  }),
  rules: t.field({ type: [RuleInput], required, description: 'Steps of the escalation policy.' }),
});

const CreateInput = mutationInput('EscalationPolicyCreate', (t) => ({
  projectPath: pathInputField(t, 'Project to create the escalation policy for.'),
  ...policyFields(t, true),
}));

objectMutation('escalationPolicyCreate', {
  input: CreateInput,
  payload,
  description: 'Creates an escalation policy for a project (one per project).',
  change: async (input, c) => {
    const fullPath = fullPathArgument(input.projectPath, 'projectPath');
    const project = await findProject(c.ctx.database.db, c.actor, { fullPath });
    const parsed = parseEscalationPolicyCreate({
      name: input.name,
      description: input.description,
      rules: rulesOf(input.rules as RuleArg[]),
    });
    return createEscalationPolicy(c.ctx.database.db, c.actor, project, parsed);
  },
});

const UpdateInput = mutationInput('EscalationPolicyUpdate', (t) => ({
  id: t.field({
    type: 'IncidentManagementEscalationPolicyID',
    required: true,
    description: 'ID of the on-call schedule to create the on-call rotation in.',
  }),
  ...policyFields(t, false),
}));

objectMutation('escalationPolicyUpdate', {
  input: UpdateInput,
  payload,
  description: 'Updates an escalation policy: its name, description, and rules when given.',
  change: (input, c) => {
    const parsed = parseEscalationPolicyUpdate({
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      rules: rulesOf(input.rules as RuleArg[] | null | undefined),
    });
    return updateEscalationPolicy(c.ctx.database.db, c.actor, policyIdOf(input.id), parsed);
  },
});

const DestroyInput = mutationInput('EscalationPolicyDestroy', (t) => ({
  id: t.field({
    type: 'IncidentManagementEscalationPolicyID',
    required: true,
    description: 'Escalation policy internal ID to remove.',
  }),
}));

objectMutation('escalationPolicyDestroy', {
  input: DestroyInput,
  payload,
  description: 'Removes an escalation policy; its incidents page no more.',
  change: (input, c) => destroyEscalationPolicy(c.ctx.database.db, c.actor, policyIdOf(input.id)),
});

const SetPolicyInput = issueMutationInput('IssueSetEscalationPolicy', (t) => ({
  escalationPolicyId: t.field({
    type: 'IncidentManagementEscalationPolicyID',
    required: false,
    description:
      'Global ID of the escalation policy to assign to the issue. Policy will be removed if absent or set to null.',
  }),
}));

issueUpdateMutation('issueSetEscalationPolicy', {
  input: SetPolicyInput,
  description: "Sets an incident's escalation policy (incidents only); acknowledging or resolving it stops the paging.",
  fields: (input) => ({
    escalation_policy_id: input.escalationPolicyId == null ? null : policyIdOf(input.escalationPolicyId),
  }),
});
