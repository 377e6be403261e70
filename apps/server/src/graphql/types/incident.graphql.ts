import { ESCALATION_STATUSES, type EscalationStatus, SEVERITIES, type Severity } from '@meridian/domain';
import { builder } from '../builder';
import { issueMutationInput, issueUpdateMutation } from './issue-mutations.graphql';
import { issueFields } from './refs';

/*
 * GitLab's incident fields (IE §4): `severity` and `escalationStatus` on Issue (null for issues that
 * are not incidents) and the sidebar's mutations `issueSetSeverity` and `issueSetEscalationStatus`,
 * both `updateIssue` with one field, so they get the change pipeline's notes, events and webhooks.
 */

const upper = <T extends string>(values: readonly T[]) => values.map((v) => v.toUpperCase());

export const IssuableSeverity = builder.enumType('IssuableSeverity', {
  description: 'Incident severity',
  values: Object.fromEntries(
    upper(SEVERITIES).map((v) => [v, { description: `${v[0]}${v.slice(1).toLowerCase()} severity` }]),
  ),
});

export const IssueEscalationStatus = builder.enumType('IssueEscalationStatus', {
  description: 'Issue escalation status values',
  values: Object.fromEntries(
    upper(ESCALATION_STATUSES).map((v) => [v, { description: `${v[0]}${v.slice(1).toLowerCase()} status.` }]),
  ),
});

issueFields((t) => ({
  severity: t.field({
    type: IssuableSeverity,
    nullable: true,
    description: 'Severity level of the incident.',
    resolve: (i) => (i.issue_type === 'incident' ? i.severity.toUpperCase() : null),
  }),
  escalationStatus: t.field({
    type: IssueEscalationStatus,
    nullable: true,
    description: 'Escalation status of the issue.',
    resolve: (i) => (i.issue_type === 'incident' ? i.escalation_status.toUpperCase() : null),
  }),
}));

const IssueSetSeverityInput = issueMutationInput('IssueSetSeverity', (t) => ({
  severity: t.field({ type: IssuableSeverity, required: true, description: 'Set the incident severity level.' }),
}));

issueUpdateMutation('issueSetSeverity', {
  input: IssueSetSeverityInput,
  description: "Sets an incident's severity (incidents only).",
  fields: (input) => ({ severity: String(input.severity).toLowerCase() as Severity }),
});

const IssueSetEscalationStatusInput = issueMutationInput('IssueSetEscalationStatus', (t) => ({
  status: t.field({
    type: IssueEscalationStatus,
    required: true,
    description: 'Set the escalation status.',
  }),
}));

issueUpdateMutation('issueSetEscalationStatus', {
  input: IssueSetEscalationStatusInput,
  description: "Sets an incident's escalation status; RESOLVED closes the incident (incidents only).",
  fields: (input) => ({ escalation_status: String(input.status).toLowerCase() as EscalationStatus }),
});
