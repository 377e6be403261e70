import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import type { StatusCheckResponsesTable } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import type { Actor } from '../../policy/actor';
import type { ServiceContext } from '../../service-context';
import type { ProjectRow } from '../namespaces';
import { authorizeStatusChecks } from './status-check-access';
import type { StatusCheckResponseInput } from './status-check-params';
import { queueStatusCheckRetry } from './status-check-queue';
import { StatusCheckRefusal } from './status-check-refusal';
import { findStatusCheck, listStatusChecks, type StatusCheckRow } from './status-checks.service';

export type StatusCheckResponseRow = Selectable<StatusCheckResponsesTable>;

/** A merge request the caller already reads (found through the merge requests' visibility rules). */
type ReadableMergeRequest = { id: number };

/** Git's null SHA: the answer recorded when a request could not be delivered (Meridian keeps no commits). */
const BLANK_SHA = '0'.repeat(40);

/**
 * The newest answer per check on a merge request: its status. GitLab keys answers by the head SHA
 * too; Meridian's merge requests have no commits, so the newest answer counts, whatever its SHA.
 */
async function latestResponses(db: Executor, mergeRequestId: number): Promise<Map<number, StatusCheckResponseRow>> {
  const rows = await db
    .selectFrom('status_check_responses')
    .selectAll()
    .distinctOn('external_status_check_id')
    .where('merge_request_id', '=', mergeRequestId)
    .orderBy('external_status_check_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.external_status_check_id, r]));
}

/** The project's checks with their status on the merge request (`pending` until a service answers). Developer and up. */
export async function mergeRequestStatusChecks(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  mr: ReadableMergeRequest,
  page: { page: number; per_page: number },
): Promise<{ rows: Array<{ check: StatusCheckRow; status: string }>; total: number }> {
  const [checks, latest] = await Promise.all([
    listStatusChecks(db, actor, project, page, 'use'),
    latestResponses(db, mr.id),
  ]);
  return {
    rows: checks.rows.map((check) => ({ check, status: latest.get(check.id)?.status ?? 'pending' })),
    total: checks.total,
  };
}

/** An external service's answer for the merge request: becomes the check's status. Developer and up. */
export async function respondToStatusCheck(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  mr: ReadableMergeRequest,
  input: StatusCheckResponseInput,
): Promise<{ response: StatusCheckResponseRow; check: StatusCheckRow }> {
  authorizeStatusChecks(actor, project, 'use');
  const check = await findStatusCheck(db, project, input.external_status_check_id);
  const response = await db
    .insertInto('status_check_responses')
    .values({ merge_request_id: mr.id, external_status_check_id: check.id, sha: input.sha, status: input.status })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { response, check };
}

/**
 * Retries a failed check (IE-83), as GitLab's ExternalStatusChecks::RetryService: its newest answer
 * goes back to pending (retried now) and the merge request is sent to it again, in one transaction;
 * any other status is GitLab's 422. Developer and up.
 */
export async function retryStatusCheck(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: ReadableMergeRequest,
  checkId: number,
): Promise<void> {
  authorizeStatusChecks(ctx.actor, project, 'use');
  const check = await findStatusCheck(ctx.db, project, checkId);
  await withTransaction(ctx.db, async (trx) => {
    // The row lock makes two concurrent retries one retry and one 422.
    const last = await trx
      .selectFrom('status_check_responses')
      .select(['id', 'status'])
      .where('merge_request_id', '=', mr.id)
      .where('external_status_check_id', '=', check.id)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (last?.status !== 'failed') {
      throw new StatusCheckRefusal(422, { message: 'External status check must be failed' });
    }
    await trx
      .updateTable('status_check_responses')
      .set({ status: 'pending', retried_at: sql<Date>`now()` })
      .where('id', '=', last.id)
      .execute();
    await queueStatusCheckRetry({ db: trx, config: ctx.config }, check, mr.id, ctx.actor.id);
  });
}

/**
 * A request given up (refused by the SSRF guard, or unanswered after every attempt) fails the check
 * on the merge request while it waits for an answer (none yet, or pending), as GitLab fails a check
 * the service never answers, so it can be retried. An answer the service already gave stands.
 */
export async function recordDeliveryFailure(db: Database, mergeRequestId: number, checkId: number): Promise<void> {
  const last = await db
    .selectFrom('status_check_responses')
    .select(['sha', 'status'])
    .where('merge_request_id', '=', mergeRequestId)
    .where('external_status_check_id', '=', checkId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && last.status !== 'pending') return;
  await db
    .insertInto('status_check_responses')
    .values({
      merge_request_id: mergeRequestId,
      external_status_check_id: checkId,
      sha: last?.sha ?? BLANK_SHA,
      status: 'failed',
    })
    .execute();
}
