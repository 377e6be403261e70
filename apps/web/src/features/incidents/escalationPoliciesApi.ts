import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';

/*
 * A project's escalation policies (IE §4 "Escalation paging") through GitLab's GraphQL: the list,
 * create, update and destroy, and the policy an incident follows (`issueSetEscalationPolicy`).
 */

export type RuleStatus = 'ACKNOWLEDGED' | 'RESOLVED';

export interface EscalationRule {
  status: RuleStatus;
  elapsedTimeSeconds: number;
  username: string;
}

export interface EscalationPolicy {
  id: string;
  name: string;
  description: string;
  rules: EscalationRule[];
}

export const ESCALATION_POLICIES = graphql(`
  query escalationPolicies($fullPath: ID!) {
    project(fullPath: $fullPath) {
      id
      incidentManagementEscalationPolicies {
        nodes { id name description rules { status elapsedTimeSeconds user { username } } }
      }
    }
  }
`);

export const CREATE_ESCALATION_POLICY = graphql(`
  mutation escalationPolicyCreate($projectPath: ID!, $name: String!, $description: String, $rules: [EscalationRuleInput!]!) {
    escalationPolicyCreate(input: { projectPath: $projectPath, name: $name, description: $description, rules: $rules }) {
      escalationPolicy { id }
      errors
    }
  }
`);

export const UPDATE_ESCALATION_POLICY = graphql(`
  mutation escalationPolicyUpdate($id: IncidentManagementEscalationPolicyID!, $name: String, $description: String, $rules: [EscalationRuleInput!]) {
    escalationPolicyUpdate(input: { id: $id, name: $name, description: $description, rules: $rules }) {
      escalationPolicy { id }
      errors
    }
  }
`);

export const DESTROY_ESCALATION_POLICY = graphql(`
  mutation escalationPolicyDestroy($id: IncidentManagementEscalationPolicyID!) {
    escalationPolicyDestroy(input: { id: $id }) {
      escalationPolicy { id }
      errors
    }
  }
`);

export const INCIDENT_ESCALATION_POLICY = graphql(`
  query incidentEscalationPolicy($fullPath: ID!, $iid: String!) {
    project(fullPath: $fullPath) {
      id
      issue(iid: $iid) { id escalationPolicy { id name } }
    }
  }
`);

export const SET_INCIDENT_ESCALATION_POLICY = graphql(`
  mutation incidentSetEscalationPolicy($projectPath: ID!, $iid: String!, $policyId: IncidentManagementEscalationPolicyID) {
    issueSetEscalationPolicy(input: { projectPath: $projectPath, iid: $iid, escalationPolicyId: $policyId }) {
      issue { id escalationPolicy { id name } }
      errors
    }
  }
`);

const throwErrors = (errors: readonly string[] | null | undefined) => {
  const list = errors ?? ['No answer'];
  if (list.length > 0) throw new Error(list.join('; '));
};

export async function fetchEscalationPolicies(fullPath: string, signal?: AbortSignal): Promise<EscalationPolicy[]> {
  const data = await graphqlRequest(ESCALATION_POLICIES, { fullPath }, signal);
  return (data.project?.incidentManagementEscalationPolicies?.nodes ?? []).flatMap((p) =>
    p
      ? [
          {
            id: String(p.id),
            name: p.name ?? '',
            description: p.description ?? '',
            rules: (p.rules ?? []).map((r) => ({
              status: (r.status ?? 'ACKNOWLEDGED') as RuleStatus,
              elapsedTimeSeconds: r.elapsedTimeSeconds ?? 0,
              username: r.user?.username ?? '',
            })),
          },
        ]
      : [],
  );
}

export interface PolicyDraft {
  name: string;
  description: string;
  rules: EscalationRule[];
}

export async function saveEscalationPolicy(projectPath: string, id: string | null, draft: PolicyDraft): Promise<void> {
  const fields = {
    name: draft.name,
    description: draft.description,
    rules: draft.rules.map((r) => ({
      status: r.status,
      elapsedTimeSeconds: r.elapsedTimeSeconds,
      username: r.username,
    })),
  };
  if (id === null) {
    const data = await graphqlRequest(CREATE_ESCALATION_POLICY, { projectPath, ...fields });
    throwErrors(data.escalationPolicyCreate?.errors);
  } else {
    const data = await graphqlRequest(UPDATE_ESCALATION_POLICY, { id, ...fields });
    throwErrors(data.escalationPolicyUpdate?.errors);
  }
}

export async function destroyEscalationPolicy(id: string): Promise<void> {
  const data = await graphqlRequest(DESTROY_ESCALATION_POLICY, { id });
  throwErrors(data.escalationPolicyDestroy?.errors);
}

export async function fetchIncidentPolicy(
  fullPath: string,
  iid: number,
  signal?: AbortSignal,
): Promise<{ id: string; name: string } | null> {
  const data = await graphqlRequest(INCIDENT_ESCALATION_POLICY, { fullPath, iid: String(iid) }, signal);
  const policy = data.project?.issue?.escalationPolicy;
  return policy?.id ? { id: String(policy.id), name: policy.name ?? '' } : null;
}

export async function setIncidentPolicy(projectPath: string, iid: number, policyId: string | null): Promise<void> {
  const data = await graphqlRequest(SET_INCIDENT_ESCALATION_POLICY, { projectPath, iid: String(iid), policyId });
  throwErrors(data.issueSetEscalationPolicy?.errors);
}
