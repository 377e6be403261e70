import {
  type EscalationRuleStatus,
  isEscalationStatus,
  pagedViaEscalationNote,
  ruleStillPages,
} from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { type OutboxPoller, startOutboxPoller } from '../../db/outbox-poller';
import { withTransaction } from '../../db/with-transaction';
import { issueQuery, issueSubject } from '../issues';
import { type MailSettings, noteableNotifyTarget, notifyPaged } from '../notifications';
import { addSystemNote } from '../system-notes';

/** A claim older than this is taken again: the process that made it died mid-page. */
const LEASE_SECONDS = 60;
const BATCH = 20;

interface DueEscalation {
  id: number;
}

/** Claims due pending escalations for this process (FOR UPDATE SKIP LOCKED, with a lease). */
async function claimDue(db: Database): Promise<DueEscalation[]> {
  const { rows } = await sql<DueEscalation>`
    UPDATE incident_management_pending_issue_escalations
    SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id IN (
      SELECT id FROM incident_management_pending_issue_escalations
      WHERE process_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY process_at, id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

async function release(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('incident_management_pending_issue_escalations')
    .set({ locked_until: null })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Pages one due escalation, in one transaction with its removal: when the incident is still open
 * and has not reached the rule's status, GitLab's system note "notified @user of this incident via
 * escalation policy **name**" (by whoever started the escalation) and an email to the user when they
 * may read the incident and SMTP is configured. An escalation no longer paging is only removed.
 */
async function page(db: Database, mail: MailSettings | null, id: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom('incident_management_pending_issue_escalations as p')
      .innerJoin('incident_management_escalation_rules as r', 'r.id', 'p.rule_id')
      .innerJoin('incident_management_escalation_policies as pol', 'pol.id', 'r.policy_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['p.issue_id', 'p.created_by_id', 'r.user_id', 'r.status', 'pol.name as policy_name', 'u.username'])
      .where('p.id', '=', id)
      .forUpdate('p')
      .executeTakeFirst();
    if (!due) return; // stopped meanwhile
    await trx.deleteFrom('incident_management_pending_issue_escalations').where('id', '=', id).execute();
    const issue = await issueQuery(trx).where('i.id', '=', due.issue_id).executeTakeFirstOrThrow();
    const status = isEscalationStatus(issue.escalation_status) ? issue.escalation_status : 'triggered';
    const pages =
      issue.issue_type === 'incident' &&
      issue.state === 'opened' &&
      ruleStillPages(status, due.status as EscalationRuleStatus);
    if (!pages) return;
    const author = due.created_by_id ?? issue.author_id;
    const note = pagedViaEscalationNote([due.username], due.policy_name);
    await addSystemNote(trx, { type: 'Issue', id: issue.id, projectId: issue.project_id }, author, note);
    if (!mail) return;
    const notifyTarget = await noteableNotifyTarget(trx, {
      kind: 'issue',
      id: issue.id,
      iid: issue.iid,
      projectId: issue.project_id,
      row: issue,
      subject: await issueSubject(trx, issue),
    });
    await notifyPaged(trx, mail, notifyTarget, [due.user_id], due.policy_name);
  });
}

export interface EscalationPagingOptions {
  pollIntervalMs: number;
  mail: MailSettings | null;
  onError?: (error: unknown) => void;
}

/** The paging worker of one process (every server process runs one, as for emails and webhooks). */
export function startEscalationPaging(db: Database, options: EscalationPagingOptions): OutboxPoller {
  return startOutboxPoller({
    pollIntervalMs: options.pollIntervalMs,
    claim: () => claimDue(db),
    handle: (row) => page(db, options.mail, row.id),
    release: (ids) => release(db, ids),
    // Paged rows are deleted as they go: nothing accumulates.
    prune: async () => undefined,
    pruneEvery: Number.MAX_SAFE_INTEGER,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
