import { isSuccessfulHookStatus } from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { appVersion } from '../../version';
import { buildMergeRequestPayload } from './hook-data';
import { openPinned, postHook } from './hook-http';
import type { Changes } from './hook-payloads';
import { BlockedUrlError, resolveHookTarget } from './url-blocker';
import { allowsLocalRequests } from './webhook.service';

/**
 * The webhooks' request machinery for other modules that POST to a URL a project configured
 * (external status checks): the same SSRF rules when the URL is saved and again, pinned to the
 * checked address, when it is sent; the same redirect-free POST with GitLab's timeout.
 */

/** Why the SSRF guard refuses `url` now (GitLab's UrlBlocker message), or null when it may be called. */
export async function externalUrlBlockReason(db: Database, url: string): Promise<string | null> {
  try {
    await resolveHookTarget(url, await allowsLocalRequests(db));
    return null;
  } catch (error) {
    if (error instanceof BlockedUrlError) return error.message;
    throw error;
  }
}

export interface ExternalPostResult {
  success: boolean;
  status: number | null;
  /** Why it failed ('' on success); `blocked` when the SSRF guard refused it (retrying will not help). */
  message: string;
  blocked: boolean;
}

/** POSTs a JSON body to `url` with `headers` (plus Content-Type and GitLab's User-Agent); never throws for the receiver's failures. */
export async function postExternalJson(
  db: Database,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<ExternalPostResult> {
  let target: Awaited<ReturnType<typeof resolveHookTarget>>;
  try {
    target = await resolveHookTarget(url, await allowsLocalRequests(db));
  } catch (error) {
    if (error instanceof BlockedUrlError) {
      return { success: false, status: null, message: `URL is blocked: ${error.message}`, blocked: true };
    }
    throw error;
  }
  const sent = { 'Content-Type': 'application/json', 'User-Agent': `GitLab/${appVersion().version}`, ...headers };
  try {
    const response = await postHook(target, sent, body, true);
    const success = isSuccessfulHookStatus(response.status);
    const message = success ? '' : `Service responded with HTTP ${response.status}`;
    return { success, status: response.status, message, blocked: false };
  } catch (error) {
    return {
      success: false,
      status: null,
      message: `Request failed: ${error instanceof Error ? error.message : String(error)}`,
      blocked: false,
    };
  }
}

/**
 * Opens a GET or POST to a URL a user gave (an import's source instance), under the SSRF rules of
 * webhooks: refused with a `BlockedUrlError` (its message GitLab's) when the guard says no.
 */
export async function openExternalRequest(
  db: Database,
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
) {
  const target = await resolveHookTarget(url, await allowsLocalRequests(db));
  return openPinned(target, method, { 'User-Agent': `GitLab/${appVersion().version}`, ...headers });
}

/**
 * GitLab's merge request hook payload (`object_kind: merge_request`), built from the transaction's
 * rows; null when the merge request is gone. A null `action` is GitLab's `to_hook_data(user)`:
 * `object_attributes` without one.
 */
export async function buildMergeRequestHookData(
  ctx: { db: Executor; config: { externalUrl: string } },
  mergeRequestId: number,
  actorId: number,
  action: string | null,
  changes: Changes,
): Promise<Record<string, unknown> | null> {
  const built = await buildMergeRequestPayload(
    { db: ctx.db, baseUrl: ctx.config.externalUrl },
    mergeRequestId,
    actorId,
    action ?? 'update',
    changes,
  );
  if (!built) return null;
  if (action !== null) return built.payload;
  const { action: _omitted, ...attributes } = built.payload.object_attributes as Record<string, unknown>;
  return { ...built.payload, object_attributes: attributes };
}
