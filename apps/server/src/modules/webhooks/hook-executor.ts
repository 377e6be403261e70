import {
  afterHookFailure,
  HOOK_ENABLED_STATE,
  type HookFailureState,
  hookAlertStatus,
  isSuccessfulHookStatus,
} from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { appVersion } from '../../version';
import { postHook } from './hook-http';
import { interpolateHookUrl } from './hook-url';
import { resolveHookTarget } from './url-blocker';
import type { HookRow, KeyValue } from './webhook.presenter';

/** One request to make: the payload and the event's names and ids (stable across retries). */
export interface HookRequest {
  eventHeader: string;
  trigger: string;
  eventUuid: string;
  idempotencyKey: string;
  payload: unknown;
  /** This instance's external URL: GitLab's `X-Gitlab-Instance`. */
  instanceUrl: string;
}

export interface HookResult {
  success: boolean;
  status: number | null;
  logId: number;
  message: string;
}

/** GitLab's headers; the token and custom header values are secrets, redacted in the log. */
function requestHeaders(
  hook: HookRow,
  request: HookRequest,
): { sent: Record<string, string>; logged: Record<string, string> } {
  const base: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': `GitLab/${appVersion().version}`,
    'Idempotency-Key': request.idempotencyKey,
    'X-Gitlab-Event': request.eventHeader,
    'X-Gitlab-Webhook-UUID': hook.uuid,
    'X-Gitlab-Instance': request.instanceUrl,
    'X-Gitlab-Event-UUID': request.eventUuid,
  };
  const sent = { ...base };
  const logged = { ...base };
  for (const { key, value } of hook.custom_headers as KeyValue[]) {
    sent[key] = value;
    logged[key] = '[REDACTED]';
  }
  if (hook.token) {
    sent['X-Gitlab-Token'] = hook.token;
    logged['X-Gitlab-Token'] = '[REDACTED]';
  }
  return { sent, logged };
}

/** Records the outcome on the hook with GitLab's auto-disabling rules, under a row lock (several processes deliver). */
async function recordOutcome(db: Database, hookId: number, success: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hook = await trx
      .selectFrom('web_hooks')
      .select(['recent_failures', 'backoff_count', 'disabled_until'])
      .where('id', '=', hookId)
      .forUpdate()
      .executeTakeFirst();
    if (!hook) return;
    const state: HookFailureState = {
      recentFailures: hook.recent_failures,
      backoffCount: hook.backoff_count,
      disabledUntil: hook.disabled_until,
    };
    if (success && state.recentFailures === 0 && state.backoffCount === 0 && state.disabledUntil === null) return;
    const next = success ? HOOK_ENABLED_STATE : afterHookFailure(state, new Date());
    await trx
      .updateTable('web_hooks')
      .set({
        recent_failures: next.recentFailures,
        backoff_count: next.backoffCount,
        disabled_until: next.disabledUntil,
      })
      .where('id', '=', hookId)
      .execute();
  });
}

/**
 * Sends one request for a hook now, as GitLab's WebHookService: checks the URL after DNS resolution
 * and pins the address, POSTs with GitLab's headers, writes a "Recent events" log row (request and
 * response), and updates the hook's failure state. Never throws for the receiver's failures.
 */
export async function executeHook(
  db: Database,
  hook: HookRow,
  request: HookRequest,
  allowLocal: boolean,
): Promise<HookResult> {
  const url = interpolateHookUrl(hook.url, hook.url_variables as KeyValue[]);
  const { sent, logged } = requestHeaders(hook, request);
  const body = JSON.stringify(request.payload);
  const started = Date.now();
  let status: number | null = null;
  let responseHeaders: Record<string, string> = {};
  let responseBody = '';
  let error: string | null = null;
  try {
    const target = await resolveHookTarget(url, allowLocal);
    const response = await postHook(target, sent, body, hook.enable_ssl_verification);
    status = response.status;
    responseHeaders = response.headers;
    responseBody = response.body;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const success = isSuccessfulHookStatus(status);
  const log = await db
    .insertInto('web_hook_logs')
    .values({
      web_hook_id: hook.id,
      trigger: request.trigger,
      url: hook.url,
      request_headers: JSON.stringify(logged),
      request_data: JSON.stringify(request.payload),
      response_headers: JSON.stringify(responseHeaders),
      response_body: responseBody,
      response_status: status === null ? 'internal error' : String(status),
      execution_duration_ms: Date.now() - started,
      internal_error_message: error,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordOutcome(db, hook.id, success);
  const message = success
    ? ''
    : error !== null
      ? `Hook execution failed: ${error}`
      : `Hook executed successfully but returned HTTP ${status}`;
  return { success, status, logId: log.id, message };
}

/** The hook's alert status as of now (the worker waits out a temporary disable and drops deliveries of a disabled hook). */
export function hookStatusNow(hook: HookRow) {
  return hookAlertStatus(
    { recentFailures: hook.recent_failures, backoffCount: hook.backoff_count, disabledUntil: hook.disabled_until },
    new Date(),
  );
}

/** Logs older than GitLab's 7 days go. */
export async function pruneHookLogs(db: Database): Promise<void> {
  await db.deleteFrom('web_hook_logs').where('created_at', '<', sql<Date>`now() - make_interval(days => 7)`).execute();
}
