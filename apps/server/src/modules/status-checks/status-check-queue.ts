import type { Executor } from '../../db/executor';
import { buildMergeRequestHookData, type HookChanges } from '../webhooks';

/** A merge request write the project's checks hear about, as the change recorder tells it. */
export interface StatusCheckEvent {
  mergeRequestId: number;
  actorId: number;
  /** The merge request hook's action; GitLab sends status checks on open, update and reopen only. */
  action: string;
  changes: HookChanges;
}

const SENT_ON = new Set(['open', 'update', 'reopen']);

type QueueContext = { db: Executor; config: { externalUrl: string } };
type CheckRef = { id: number; name: string; external_url: string };

/**
 * Writes one outbox row per check: the merge request hook payload plus `external_approval_rule`,
 * as GitLab's ExternalStatusCheck#async_execute builds it, fixed at the write (the worker signs and
 * sends it after the transaction commits).
 */
async function queueFor(
  ctx: QueueContext,
  checks: readonly CheckRef[],
  mergeRequestId: number,
  data: Record<string, unknown>,
): Promise<number> {
  if (checks.length === 0) return 0;
  await ctx.db
    .insertInto('status_check_deliveries')
    .values(
      checks.map((check) => ({
        external_status_check_id: check.id,
        merge_request_id: mergeRequestId,
        payload: JSON.stringify({
          ...data,
          external_approval_rule: { id: check.id, name: check.name, external_url: check.external_url },
        }),
      })),
    )
    .execute();
  return checks.length;
}

/**
 * Queues the merge request's payload to every external status check of its project (all of them:
 * Meridian has no protected branches to scope a check by), inside the write's transaction. With no
 * check configured it costs one small read and builds nothing.
 */
export async function queueStatusChecks(ctx: QueueContext, event: StatusCheckEvent): Promise<number> {
  if (!SENT_ON.has(event.action)) return 0;
  const checks = await ctx.db
    .selectFrom('external_status_checks as c')
    .innerJoin('merge_requests as mr', 'mr.project_id', 'c.project_id')
    .select(['c.id', 'c.name', 'c.external_url'])
    .where('mr.id', '=', event.mergeRequestId)
    .orderBy('c.id')
    .execute();
  if (checks.length === 0) return 0;
  const data = await buildMergeRequestHookData(ctx, event.mergeRequestId, event.actorId, event.action, event.changes);
  if (!data) return 0;
  return queueFor(ctx, checks, event.mergeRequestId, data);
}

/** Sends one check again (a retry): GitLab's `merge_request.to_hook_data(user)`, with no action and no changes. */
export async function queueStatusCheckRetry(
  ctx: QueueContext,
  check: CheckRef,
  mergeRequestId: number,
  actorId: number,
): Promise<void> {
  const data = await buildMergeRequestHookData(ctx, mergeRequestId, actorId, null, {});
  if (data) await queueFor(ctx, [check], mergeRequestId, data);
}
