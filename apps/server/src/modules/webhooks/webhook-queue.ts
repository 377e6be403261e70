import { randomUUID } from 'node:crypto';
import {
  type HookEventSubject,
  hookEventKind,
  type IssuableHookAction,
  PERMANENTLY_DISABLED_FAILURE_THRESHOLD,
  TEMPORARILY_DISABLED_FAILURE_THRESHOLD,
} from '@meridian/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  type BuiltPayload,
  buildEpicPayload,
  buildIssuePayload,
  buildMergeRequestPayload,
  buildNotePayload,
  type PayloadSource,
} from './hook-data';
import type { Changes } from './hook-payloads';
import { hookRouting } from './hook-routing';

/** What happened, as the write paths tell it; the payload is built here from the transaction's rows. */
export type WebhookEvent =
  | {
      kind: 'issuable';
      type: 'Issue' | 'MergeRequest' | 'Epic';
      id: number;
      action: IssuableHookAction;
      actorId: number;
      changes: Changes;
    }
  | { kind: 'note'; noteId: number; actorId: number };

const SUBJECTS: Record<'Issue' | 'MergeRequest' | 'Epic', HookEventSubject> = {
  Issue: 'issue',
  MergeRequest: 'merge_request',
  Epic: 'epic',
};

export async function buildEventPayload(src: PayloadSource, event: WebhookEvent): Promise<BuiltPayload | null> {
  if (event.kind === 'note') return buildNotePayload(src, event.noteId, event.actorId);
  const build =
    event.type === 'Issue'
      ? buildIssuePayload
      : event.type === 'MergeRequest'
        ? buildMergeRequestPayload
        : buildEpicPayload;
  return build(src, event.id, event.actorId, event.action, event.changes);
}

/**
 * Queues one webhook event inside the caller's write transaction: finds the executable hooks of the
 * project and of every group above it (for epics, the group and its ancestors) that subscribed to
 * the event's kind (confidential items only to hooks that asked for confidential events), builds
 * GitLab's payload once, and writes one delivery per hook, all with the same event UUID. The outbox
 * worker of any process sends them after the transaction commits. With no hook listening, it costs
 * two small reads and builds nothing.
 */
export async function queueWebhookEvent(
  ctx: { db: Executor; config: { externalUrl: string } },
  event: WebhookEvent,
): Promise<number> {
  const trx = ctx.db;
  const routing = await hookRouting(trx, event);
  if (!routing) return 0;
  const subject = event.kind === 'note' ? 'note' : SUBJECTS[event.type];
  const kind = hookEventKind(subject, routing.confidential);
  const hooks = await trx
    .selectFrom('web_hooks')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(routing.projectId !== null ? [eb('project_id', '=', routing.projectId)] : []),
        ...(routing.traversalIds.length > 0 ? [eb('group_id', 'in', routing.traversalIds)] : []),
      ]),
    )
    .where(kind.flag, '=', true)
    .where('recent_failures', '<=', PERMANENTLY_DISABLED_FAILURE_THRESHOLD)
    .where((eb) =>
      eb.or([
        eb('recent_failures', '<=', TEMPORARILY_DISABLED_FAILURE_THRESHOLD),
        eb('disabled_until', 'is', null),
        eb('disabled_until', '<=', sql<Date>`now()`),
      ]),
    )
    .orderBy('id')
    .execute();
  if (hooks.length === 0) return 0;
  const built = await buildEventPayload({ db: trx, baseUrl: ctx.config.externalUrl }, event);
  if (!built) return 0;
  const eventUuid = randomUUID();
  const payload = JSON.stringify(built.payload);
  await trx
    .insertInto('web_hook_deliveries')
    .values(
      hooks.map((hook) => ({
        web_hook_id: hook.id,
        event_uuid: eventUuid,
        idempotency_key: randomUUID(),
        event_header: kind.header,
        trigger: kind.trigger,
        payload,
      })),
    )
    .execute();
  return hooks.length;
}
