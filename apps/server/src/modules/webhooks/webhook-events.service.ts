import { randomUUID } from 'node:crypto';
import { hookEventKind, type TestableHookTrigger } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { notFound, unprocessable } from '../../errors';
import type { Actor } from '../../policy/actor';
import type { ServiceConfig } from '../../service-context';
import type { IdOrPath } from '../namespaces';
import { executeHook, type HookResult } from './hook-executor';
import { allowsLocalRequests, findOwnedHook } from './webhook.service';
import { findHookOwner, type HookOwner, type HookOwnerKind } from './webhook-owner';
import { buildEventPayload, type WebhookEvent } from './webhook-queue';

/** GitLab's "Recent events": the hook's requests of the last 7 days, newest first. */
export async function listHookEvents(
  db: Database,
  actor: Actor | null,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  hookId: number,
  page: { page: number; per_page: number },
) {
  const hook = await findOwnedHook(db, await findHookOwner(db, actor, kind, idOrPath), hookId);
  return db
    .selectFrom('web_hook_logs')
    .selectAll()
    .where('web_hook_id', '=', hook.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page)
    .execute();
}

/** Who sends a hook request by hand (resend, test), and the configuration its headers and links need. */
export interface HookCaller {
  db: Database;
  actor: Actor | null;
  config: ServiceConfig;
}

/** `POST …/events/:hook_log_id/resend`: the logged payload again, with its Idempotency-Key, under a new event UUID. */
export async function resendHookEvent(
  { db, actor, config }: HookCaller,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  hookId: number,
  logId: number,
): Promise<HookResult> {
  const hook = await findOwnedHook(db, await findHookOwner(db, actor, kind, idOrPath), hookId);
  const log = await db
    .selectFrom('web_hook_logs')
    .selectAll()
    .where('id', '=', logId)
    .where('web_hook_id', '=', hook.id)
    .executeTakeFirst();
  if (!log) throw notFound('Web Hook Log');
  const headers = log.request_headers as Record<string, string>;
  return executeHook(
    db,
    hook,
    {
      eventHeader: headers['X-Gitlab-Event'] ?? 'Issue Hook',
      trigger: log.trigger,
      eventUuid: randomUUID(),
      idempotencyKey: headers['Idempotency-Key'] ?? randomUUID(),
      payload: log.request_data,
      instanceUrl: config.externalUrl,
    },
    await allowsLocalRequests(db),
  );
}

/** The newest object a test trigger builds its payload from, in the owner's project(s), as GitLab's TestHooks services. */
async function latestEvent(db: Database, owner: HookOwner, trigger: TestableHookTrigger, actorId: number) {
  const projectIds =
    owner.kind === 'project'
      ? [owner.project.id]
      : (
          await db
            .selectFrom('projects as p')
            .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
            .select('p.id')
            .where(sql<boolean>`${owner.group.id} = ANY(n.traversal_ids)`)
            .execute()
        ).map((r) => r.id);
  if (projectIds.length === 0) return null;
  if (trigger === 'issues_events' || trigger === 'confidential_issues_events' || trigger === 'merge_requests_events') {
    const [table, type, noun] =
      trigger === 'merge_requests_events'
        ? (['merge_requests', 'MergeRequest', 'merge requests'] as const)
        : (['issues', 'Issue', 'issues'] as const);
    const newest = await db
      .selectFrom(table)
      .select('id')
      .where('project_id', 'in', projectIds)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!newest) throw unprocessable(`Ensure the project has ${noun}.`);
    return { kind: 'issuable', type, id: newest.id, action: 'open', actorId, changes: {} } as WebhookEvent;
  }
  const note = await db
    .selectFrom('notes')
    .select('id')
    .where('project_id', 'in', projectIds)
    .where('system', '=', false)
    .where('noteable_type', 'in', ['Issue', 'MergeRequest'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!note) throw unprocessable('Ensure the project has notes.');
  return { kind: 'note', noteId: note.id, actorId } as WebhookEvent;
}

/**
 * `POST …/hooks/:hook_id/test/:trigger`: sends the trigger's payload built from the newest matching
 * object now, whatever the hook's state; a success re-enables a disabled hook (GitLab's rule).
 */
export async function testHook(
  { db, actor, config }: HookCaller,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  hookId: number,
  trigger: TestableHookTrigger,
): Promise<HookResult> {
  const owner = await findHookOwner(db, actor, kind, idOrPath);
  const hook = await findOwnedHook(db, owner, hookId);
  const event = await latestEvent(db, owner, trigger, actor?.id ?? 0);
  if (!event) throw unprocessable('Ensure the project has issues.');
  const built = await buildEventPayload({ db, baseUrl: config.externalUrl }, event);
  if (!built) throw unprocessable('Ensure the project has issues.');
  const confidential = trigger.startsWith('confidential_');
  const subject = trigger === 'merge_requests_events' ? 'merge_request' : trigger.includes('note') ? 'note' : 'issue';
  const eventKind = hookEventKind(subject, confidential);
  return executeHook(
    db,
    hook,
    {
      eventHeader: eventKind.header,
      trigger: eventKind.trigger,
      eventUuid: randomUUID(),
      idempotencyKey: randomUUID(),
      payload: built.payload,
      instanceUrl: config.externalUrl,
    },
    await allowsLocalRequests(db),
  );
}
