import { randomUUID } from 'node:crypto';
import { HOOK_EVENT_FLAGS } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { DomainError, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { cachedApplicationSettings } from '../application-settings';
import type { IdOrPath } from '../namespaces';
import { interpolateHookUrl } from './hook-url';
import { BlockedUrlError, resolveHookTarget } from './url-blocker';
import type { HookRow, KeyValue } from './webhook.presenter';
import { findHookOwner, type HookOwner, type HookOwnerKind, ownerColumn } from './webhook-owner';
import type { CreateHookInput, UpdateHookInput } from './webhook-params';

/** A hook URL refused at creation or update: GitLab answers 422 `{"message":{"url":["is blocked: …"]}}`. */
export class HookUrlBlockedError extends DomainError {
  constructor(readonly reason: string) {
    super('unprocessable', `is blocked: ${reason}`, 'url');
  }
}

export async function allowsLocalRequests(db: Database): Promise<boolean> {
  return (await cachedApplicationSettings(db)).allow_local_requests_from_web_hooks_and_services;
}

async function assertUrlAllowed(db: Database, url: string, variables: readonly KeyValue[]) {
  try {
    await resolveHookTarget(interpolateHookUrl(url, variables), await allowsLocalRequests(db));
  } catch (error) {
    if (error instanceof BlockedUrlError) throw new HookUrlBlockedError(error.message);
    throw error;
  }
}

function hookColumns(input: UpdateHookInput) {
  const flags = Object.fromEntries(HOOK_EVENT_FLAGS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
  return {
    ...flags,
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.token !== undefined ? { token: input.token === '' ? null : input.token } : {}),
    ...(input.enable_ssl_verification !== undefined ? { enable_ssl_verification: input.enable_ssl_verification } : {}),
    ...(input.push_events_branch_filter !== undefined
      ? { push_events_branch_filter: input.push_events_branch_filter }
      : {}),
    ...(input.branch_filter_strategy !== undefined ? { branch_filter_strategy: input.branch_filter_strategy } : {}),
    ...(input.custom_webhook_template !== undefined ? { custom_webhook_template: input.custom_webhook_template } : {}),
    ...(input.custom_headers !== undefined ? { custom_headers: JSON.stringify(input.custom_headers) } : {}),
    ...(input.url_variables !== undefined ? { url_variables: JSON.stringify(input.url_variables) } : {}),
  };
}

export async function listHooks(db: Database, actor: Actor | null, kind: HookOwnerKind, idOrPath: IdOrPath) {
  const { column, id } = ownerColumn(await findHookOwner(db, actor, kind, idOrPath));
  return db.selectFrom('web_hooks').selectAll().where(column, '=', id).orderBy('id').execute();
}

/** One hook of an owner the actor manages; 404 `Project Hook` / `Group Hook` when it is not there. */
export async function findOwnedHook(db: Database, owner: HookOwner, hookId: number): Promise<HookRow> {
  const { column, id } = ownerColumn(owner);
  const row = await db
    .selectFrom('web_hooks')
    .selectAll()
    .where('id', '=', hookId)
    .where(column, '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(owner.kind === 'project' ? 'Project Hook' : 'Group Hook');
  return row;
}

export async function getHook(
  db: Database,
  actor: Actor | null,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  hookId: number,
): Promise<HookRow> {
  return findOwnedHook(db, await findHookOwner(db, actor, kind, idOrPath), hookId);
}

export async function createHook(
  db: Database,
  actor: Actor | null,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  input: CreateHookInput,
): Promise<HookRow> {
  const owner = await findHookOwner(db, actor, kind, idOrPath);
  await assertUrlAllowed(db, input.url, input.url_variables ?? []);
  const { column, id } = ownerColumn(owner);
  return db
    .insertInto('web_hooks')
    .values({ ...hookColumns(input), url: input.url, uuid: randomUUID(), [column]: id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateHook(
  db: Database,
  actor: Actor | null,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  hookId: number,
  input: UpdateHookInput,
): Promise<HookRow> {
  const hook = await getHook(db, actor, kind, idOrPath, hookId);
  if (input.url !== undefined || input.url_variables !== undefined) {
    await assertUrlAllowed(db, input.url ?? hook.url, input.url_variables ?? (hook.url_variables as KeyValue[]));
  }
  return db
    .updateTable('web_hooks')
    .set({ ...hookColumns(input), updated_at: sql<Date>`now()` })
    .where('id', '=', hook.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteHook(
  db: Database,
  actor: Actor | null,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
  hookId: number,
): Promise<void> {
  const hook = await getHook(db, actor, kind, idOrPath, hookId);
  await db.deleteFrom('web_hooks').where('id', '=', hook.id).execute();
}
