import type { Database } from '../../db/connection';
import { type OutboxPoller, startOutboxPoller } from '../../db/outbox-poller';
import { postExternalJson } from '../webhooks';
import {
  claimDueStatusChecks,
  markStatusCheckFailed,
  markStatusCheckSent,
  pruneStatusCheckDeliveries,
  releaseStatusChecks,
  type StatusCheckDeliveryRow,
} from './status-check-outbox';
import { recordDeliveryFailure } from './status-check-responses.service';
import { SIGNATURE_HEADER, signBody } from './status-check-signature';

export interface StatusCheckWorkerOptions {
  pollIntervalMs: number;
  onError?: (error: unknown) => void;
}

const PRUNE_EVERY = 600;

/**
 * The status check outbox worker of one process (every server process runs one, as for webhooks):
 * each poll claims due requests and sends them one by one to the check's URL as it is now, through
 * the webhooks' SSRF guard and POST, signed when the check has a shared secret. A request given up
 * fails the check on its merge request, so it can be retried.
 */
export function startStatusCheckWorker(db: Database, options: StatusCheckWorkerOptions): OutboxPoller {
  const deliver = async (row: StatusCheckDeliveryRow) => {
    const check = await db
      .selectFrom('external_status_checks')
      .select(['id', 'external_url', 'shared_secret'])
      .where('id', '=', row.external_status_check_id)
      .executeTakeFirst();
    if (!check) return; // deleted: its requests went with it
    const body = JSON.stringify(row.payload);
    const headers: Record<string, string> = check.shared_secret
      ? { [SIGNATURE_HEADER]: signBody(check.shared_secret, body) }
      : {};
    const result = await postExternalJson(db, check.external_url, headers, body);
    if (result.success) {
      await markStatusCheckSent(db, row.id);
      return;
    }
    if (await markStatusCheckFailed(db, row, result.message, result.blocked)) {
      await recordDeliveryFailure(db, row.merge_request_id, check.id);
    }
  };

  return startOutboxPoller({
    pollIntervalMs: options.pollIntervalMs,
    claim: () => claimDueStatusChecks(db),
    handle: deliver,
    release: (ids) => releaseStatusChecks(db, ids),
    prune: () => pruneStatusCheckDeliveries(db),
    pruneEvery: PRUNE_EVERY,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
