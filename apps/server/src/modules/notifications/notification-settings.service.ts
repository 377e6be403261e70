import { CUSTOM_NOTIFICATION_EVENTS, type CustomEvents, type NotificationLevel } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { badRequest } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { IdOrPath } from '../namespaces';
import { findGroup, findProject } from '../namespaces';
import type { UpdateNotificationSettingsInput } from './notification-params';

/** Where a setting applies: the user's global level, or one group or project. */
export type SettingSource = { type: 'Global'; id: 0 } | { type: 'Group'; id: number } | { type: 'Project'; id: number };

export interface NotificationSetting {
  level: NotificationLevel;
  events: CustomEvents;
}

/** GitLab's defaults when nothing is stored: participating globally, global for a group or project. */
function defaultSetting(source: SettingSource): NotificationSetting {
  return { level: source.type === 'Global' ? 'participating' : 'global', events: {} };
}

/** Every custom event, false unless switched on (GitLab answers all of them). */
export function allEvents(events: CustomEvents): Record<string, boolean> {
  return Object.fromEntries(CUSTOM_NOTIFICATION_EVENTS.map((e) => [e, events[e] === true]));
}

export async function readSetting(db: Executor, userId: number, source: SettingSource): Promise<NotificationSetting> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['level', 'events'])
    .where('user_id', '=', userId)
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .executeTakeFirst();
  if (!row) return defaultSetting(source);
  return { level: row.level as NotificationLevel, events: (row.events ?? {}) as CustomEvents };
}

/**
 * Stores the actor's level (and custom events) for a source. Events given without a level change the
 * stored events only, as GitLab. The global level cannot be `global` (400 naming level).
 */
async function writeSetting(
  db: Executor,
  userId: number,
  source: SettingSource,
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSetting> {
  const current = await readSetting(db, userId, source);
  if (source.type === 'Global' && input.level === 'global') throw badRequest('level is invalid', 'level');
  const events: CustomEvents = { ...current.events };
  for (const event of CUSTOM_NOTIFICATION_EVENTS) {
    const value = input[event];
    if (value !== undefined) events[event] = value;
  }
  const level = input.level ?? current.level;
  const eventsJson = JSON.stringify(events);
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, source_type: source.type, source_id: source.id, level, events: eventsJson })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'source_type', 'source_id'])
        .doUpdateSet({ level, events: eventsJson, updated_at: sql<Date>`now()` }),
    )
    .execute();
  return { level, events };
}

/** The source a group or project id names, or 404 when the actor may not read it. */
async function resolveSource(db: Database, actor: Actor, kind: 'Group' | 'Project', idOrPath: IdOrPath) {
  if (kind === 'Group') return { type: 'Group', id: (await findGroup(db, actor, idOrPath)).id } as const;
  return { type: 'Project', id: (await findProject(db, actor, idOrPath)).id } as const;
}

/** GET /notification_settings: the signed-in user's global level and notification email. */
export async function getGlobalSettings(db: Database, actor: Actor | null) {
  const me = requireActor(actor);
  const [setting, user] = await Promise.all([
    readSetting(db, me.id, { type: 'Global', id: 0 }),
    db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow(),
  ]);
  return { setting, email: user.email };
}

/**
 * PUT /notification_settings. `notification_email` may only name the user's own address (Meridian
 * keeps one email per user); anything else is a 400 naming the field.
 */
export async function updateGlobalSettings(db: Database, actor: Actor | null, input: UpdateNotificationSettingsInput) {
  const me = requireActor(actor);
  const user = await db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow();
  if (input.notification_email !== undefined && input.notification_email.toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(
      'notification_email is invalid: must be one of your verified email addresses',
      'notification_email',
    );
  }
  const setting = await writeSetting(db, me.id, { type: 'Global', id: 0 }, input);
  return { setting, email: user.email };
}

/** GET /groups/:id/notification_settings and /projects/:id/notification_settings. */
export async function getSourceSettings(
  db: Database,
  actor: Actor | null,
  kind: 'Group' | 'Project',
  idOrPath: IdOrPath,
): Promise<NotificationSetting> {
  const me = requireActor(actor);
  return readSetting(db, me.id, await resolveSource(db, me, kind, idOrPath));
}

/** PUT /groups/:id/notification_settings and /projects/:id/notification_settings. */
export async function updateSourceSettings(
  db: Database,
  actor: Actor | null,
  kind: 'Group' | 'Project',
  idOrPath: IdOrPath,
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSetting> {
  const me = requireActor(actor);
  if (input.notification_email !== undefined) {
    throw badRequest('notification_email is only accepted by the global notification settings', 'notification_email');
  }
  return writeSetting(db, me.id, await resolveSource(db, me, kind, idOrPath), input);
}
