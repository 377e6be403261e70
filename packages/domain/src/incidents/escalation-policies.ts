import type { EscalationStatus } from './incident-fields';

/**
 * GitLab's escalation policies (IncidentManagement::EscalationPolicy, IE §4 "Escalation paging"):
 * a project's policy holds rules "if the incident is not <status> after <elapsed time>, page
 * <user>". Setting a policy on an incident starts its pending escalations; acknowledging or
 * resolving the incident stops the ones whose status it has reached.
 */

/** What a rule waits for (GitLab's EscalationRuleStatus). */
export const ESCALATION_RULE_STATUSES = ['acknowledged', 'resolved'] as const;
export type EscalationRuleStatus = (typeof ESCALATION_RULE_STATUSES)[number];

/** GitLab's limits: 10 rules a policy, 24 hours at most, and the column widths of its table. */
export const MAX_ESCALATION_RULES = 10;
export const MAX_ELAPSED_TIME_SECONDS = 24 * 60 * 60;
export const ESCALATION_POLICY_NAME_MAX = 72;
export const ESCALATION_POLICY_DESCRIPTION_MAX = 160;

/** GitLab's service messages (IncidentManagement::EscalationPolicies::BaseService and CreateService). */
export const ESCALATION_POLICY_ERRORS = {
  noRules: 'Escalation policies must have at least one rule',
  tooManyRules: `Escalation policies may not have more than ${MAX_ESCALATION_RULES} rules`,
  badSchedules: 'Schedule-based escalation rules must have a schedule in the same project as the policy',
  badUsers: 'User-based escalation rules must have a user with access to the project',
  noTarget: 'Rules must have either an on-call schedule or user',
  onePerProject: 'Project can only have one escalation policy',
  noPermission: 'You have insufficient permissions to configure escalation policies for this project',
  duplicateRules: 'Rules must have a unique user, status, and elapsed time',
  elapsedTime: `Rules elapsed time seconds must be between 0 and ${MAX_ELAPSED_TIME_SECONDS}`,
} as const;

export interface EscalationRuleDraft {
  status: EscalationRuleStatus;
  elapsedTimeSeconds: number;
  /** The user paged: Meridian has no on-call schedules, so a rule names a user. */
  username?: string | null;
  oncallScheduleIid?: string | null;
}

/** The first thing wrong with a policy's rules (GitLab's checks, in its order), or null. */
export function escalationRulesError(rules: readonly EscalationRuleDraft[]): string | null {
  if (rules.length === 0) return ESCALATION_POLICY_ERRORS.noRules;
  if (rules.length > MAX_ESCALATION_RULES) return ESCALATION_POLICY_ERRORS.tooManyRules;
  if (rules.some((r) => r.oncallScheduleIid == null && !r.username)) return ESCALATION_POLICY_ERRORS.noTarget;
  // No on-call schedules here: a rule paging a schedule names one that is not in the project.
  if (rules.some((r) => r.oncallScheduleIid != null)) return ESCALATION_POLICY_ERRORS.badSchedules;
  const outOfRange = (s: number) => !Number.isInteger(s) || s < 0 || s > MAX_ELAPSED_TIME_SECONDS;
  if (rules.some((r) => outOfRange(r.elapsedTimeSeconds))) return ESCALATION_POLICY_ERRORS.elapsedTime;
  const keys = new Set(rules.map((r) => `${r.status}/${r.elapsedTimeSeconds}/${r.username?.toLowerCase()}`));
  return keys.size === rules.length ? null : ESCALATION_POLICY_ERRORS.duplicateRules;
}

/** How far an incident's response has come: ignored counts as past resolved (nothing pages it). */
const PROGRESS: Readonly<Record<EscalationStatus, number>> = { triggered: 0, acknowledged: 1, resolved: 2, ignored: 3 };

/**
 * Whether a rule still pages an incident in `status`: only until the incident reaches the rule's
 * status ("Setting the status to Acknowledged or Resolved stops paging").
 */
export function ruleStillPages(status: EscalationStatus, ruleStatus: EscalationRuleStatus): boolean {
  return PROGRESS[status] < PROGRESS[ruleStatus];
}

/** The rules still paging an incident whose status is now `status` (the others stop). */
export function rulesStillPaging<T extends { status: EscalationRuleStatus }>(
  status: EscalationStatus,
  rules: readonly T[],
): T[] {
  return rules.filter((rule) => ruleStillPages(status, rule.status));
}

/** When a rule pages: the escalation's start plus the rule's elapsed time. */
export const escalationDueAt = (startedAt: Date, elapsedTimeSeconds: number) =>
  new Date(startedAt.getTime() + elapsedTimeSeconds * 1000);

/** "a, b and c", as Ruby's Array#to_sentence. */
function toSentence(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** GitLab's system note when a rule pages (SystemNotes::EscalationsService#notify_via_escalation). */
export const pagedViaEscalationNote = (usernames: readonly string[], policyName: string) =>
  `notified ${toSentence(usernames.map((u) => `@${u}`))} of this incident via escalation policy **${policyName}**`;

/** The sidebar's texts (GitLab's i18nPolicyText, i18nStatusText and i18nHelpText). */
export const ESCALATION_TEXTS = {
  title: 'Escalation policy',
  paged: 'Paged',
  statusDropdownHeader: 'Assign paging status',
  statusDropdownInfo:
    'Setting the status to Acknowledged or Resolved stops paging when escalation policies are selected for the incident.',
  helpTitle: 'Page your team with escalation policies',
  helpDetail: 'Use escalation policies to automatically page your team when incidents are created.',
} as const;
