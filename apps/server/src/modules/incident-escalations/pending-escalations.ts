import {
  ESCALATION_RULE_STATUSES,
  type EscalationStatus,
  escalationDueAt,
  type IssuableSnapshot,
  isEscalationStatus,
  ruleStillPages,
} from '@meridian/domain';
import type { Executor } from '../../db/executor';

type EscalationFields = Pick<IssuableSnapshot, 'issue_type' | 'state' | 'escalation_status' | 'escalation_policy_id'>;

const statusOf = (snapshot: EscalationFields): EscalationStatus =>
  isEscalationStatus(snapshot.escalation_status) ? snapshot.escalation_status : 'triggered';

/** An open incident with a policy: what pages. */
const escalating = (s: EscalationFields | null) =>
  s !== null && s.issue_type === 'incident' && s.state === 'opened' && typeof s.escalation_policy_id === 'number';

/**
 * Keeps an incident's pending escalations in step with one change of it (see README.md): a new
 * policy or a return to Triggered starts them again; a status reached stops the rules it answers;
 * an incident closed, retyped or left without a policy pages no more. Inside the change's transaction.
 */
export async function syncIncidentEscalations(
  db: Executor,
  issueId: number,
  actorId: number,
  before: EscalationFields | null,
  after: EscalationFields,
): Promise<void> {
  if (!escalating(before) && !escalating(after)) return;
  const status = statusOf(after);
  const restarted =
    !escalating(before) ||
    before?.escalation_policy_id !== after.escalation_policy_id ||
    (status === 'triggered' && statusOf(before as EscalationFields) !== 'triggered');
  if (!escalating(after) || restarted) {
    await db.deleteFrom('incident_management_pending_issue_escalations').where('issue_id', '=', issueId).execute();
    const startedAt = escalating(after) ? new Date() : null;
    await db.updateTable('issues').set({ escalations_started_at: startedAt }).where('id', '=', issueId).execute();
    if (startedAt)
      await startEscalations(db, issueId, after.escalation_policy_id as number, status, actorId, startedAt);
    return;
  }
  if (statusOf(before as EscalationFields) === status) return;
  const stopped = ESCALATION_RULE_STATUSES.filter((ruleStatus) => !ruleStillPages(status, ruleStatus));
  if (stopped.length === 0) return;
  await db
    .deleteFrom('incident_management_pending_issue_escalations')
    .where('issue_id', '=', issueId)
    .where('rule_id', 'in', (q) =>
      q.selectFrom('incident_management_escalation_rules').select('id').where('status', 'in', stopped),
    )
    .execute();
}

/** One pending escalation per rule of the policy that still pages an incident at `status`. */
async function startEscalations(
  db: Executor,
  issueId: number,
  policyId: number,
  status: EscalationStatus,
  actorId: number,
  startedAt: Date,
): Promise<void> {
  const rules = await db
    .selectFrom('incident_management_escalation_rules')
    .select(['id', 'status', 'elapsed_time_seconds'])
    .where('policy_id', '=', policyId)
    .execute();
  const paging = rules.filter((rule) =>
    ruleStillPages(status, rule.status as (typeof ESCALATION_RULE_STATUSES)[number]),
  );
  if (paging.length === 0) return;
  await db
    .insertInto('incident_management_pending_issue_escalations')
    .values(
      paging.map((rule) => ({
        rule_id: rule.id,
        issue_id: issueId,
        process_at: escalationDueAt(startedAt, rule.elapsed_time_seconds),
        created_by_id: actorId,
      })),
    )
    .execute();
}
