/**
 * GitLab's incident fields (IE §4): severity (IssuableSeverity) and escalation status
 * (IncidentManagement::IssuableEscalationStatus). Stored and sent over REST input in lower case;
 * GraphQL's `IssuableSeverity` and `IssueEscalationStatus` enums and the REST issue JSON spell them
 * in upper case; people read GitLab's labels.
 */

/** The stored spellings, most severe first (GitLab's dropdown order), unknown last. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const DEFAULT_SEVERITY: Severity = 'unknown';

/** GitLab's IssuableSeverity::SEVERITY_LABELS. */
export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  critical: 'Critical - S1',
  high: 'High - S2',
  medium: 'Medium - S3',
  low: 'Low - S4',
  unknown: 'Unknown',
};

/** The stored escalation statuses, in GitLab's order. */
export const ESCALATION_STATUSES = ['triggered', 'acknowledged', 'resolved', 'ignored'] as const;
export type EscalationStatus = (typeof ESCALATION_STATUSES)[number];
export const DEFAULT_ESCALATION_STATUS: EscalationStatus = 'triggered';

/** GitLab's status names as its sidebar and notes show them (status_name.titleize). */
export const ESCALATION_STATUS_LABELS: Readonly<Record<EscalationStatus, string>> = {
  triggered: 'Triggered',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  ignored: 'Ignored',
};

export function isSeverity(value: unknown): value is Severity {
  return typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
}

export function isEscalationStatus(value: unknown): value is EscalationStatus {
  return typeof value === 'string' && (ESCALATION_STATUSES as readonly string[]).includes(value);
}

/** GitLab's IssuableSeverity::SEVERITY_QUICK_ACTION_PARAMS: each severity's words, any case. */
const QUICK_ACTION_WORDS: Readonly<Record<Severity, readonly string[]>> = {
  unknown: ['unknown', '0'],
  low: ['low', 's4', '4'],
  medium: ['medium', 's3', '3'],
  high: ['high', 's2', '2'],
  critical: ['critical', 's1', '1'],
};

/** The severity `/severity <arg>` names (`1`–`4`, `s1`–`s4`, `critical`…`unknown`, any case); null otherwise. */
export function parseSeverityArg(args: string): Severity | null {
  const word = args.trim().toLowerCase();
  for (const severity of SEVERITIES) if (QUICK_ACTION_WORDS[severity].includes(word)) return severity;
  return null;
}

/**
 * GitLab's system note for a severity change (SystemNotes::IncidentService#change_incident_severity).
 */
export const severityChangedNote = (severity: string) =>
  `changed the severity to **${isSeverity(severity) ? SEVERITY_LABELS[severity] : severity}**`;

/**
 * GitLab's system note for an escalation status change (#change_incident_status), with the reason
 * GitLab appends when closing the incident changed it (' by closing the incident').
 */
export const incidentStatusChangedNote = (status: string, reason = '') =>
  `changed the incident status to **${isEscalationStatus(status) ? ESCALATION_STATUS_LABELS[status] : status}**${reason}`;
