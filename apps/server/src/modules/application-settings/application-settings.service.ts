import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { requireAdmin } from '../../policy/require-actor';
import {
  type ApplicationSettings,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
} from './application-settings.definitions';

export type { ApplicationSettings } from './application-settings.definitions';

/** How long a process may serve settings it read, so that hot paths (rate limits) cost no query. */
const CACHE_TTL_MS = 5_000;

function storedOrDefault(key: SettingKey, value: unknown): unknown {
  const parsed = SETTINGS[key].schema.safeParse(value);
  return parsed.success ? parsed.data : SETTINGS[key].default;
}

/**
 * The settings as stored in `application_settings` (key → jsonb), each missing or invalid value
 * replaced by its default.
 */
export async function getApplicationSettings(db: Database): Promise<ApplicationSettings> {
  const rows = await db
    .selectFrom('application_settings')
    .select(['key', 'value'])
    .where('key', 'in', SETTING_KEYS)
    .execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) settings[key] = storedOrDefault(key, stored.get(key));
  return settings as ApplicationSettings;
}

const cache = new WeakMap<Database, { at: number; settings: Promise<ApplicationSettings> }>();

/**
 * The settings as this process read them at most a few seconds ago: another process's change
 * takes effect here within CACHE_TTL_MS; this process's own changes at once.
 */
export function cachedApplicationSettings(db: Database): Promise<ApplicationSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.settings;
  const settings = getApplicationSettings(db);
  cache.set(db, { at: Date.now(), settings });
  settings.catch(() => cache.delete(db));
  return settings;
}

/** What the web app boots with (`GET /-/config.json`): the public settings only. */
export async function getPublicSettings(db: Database): Promise<Partial<ApplicationSettings>> {
  const settings = await getApplicationSettings(db);
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, settings[key]]));
}

/** `GET /application/settings`: instance administrators only (401 anonymous, 403 others), as GitLab. */
export async function readApplicationSettings(db: Database, actor: Actor | null): Promise<ApplicationSettings> {
  requireAdmin(actor);
  return getApplicationSettings(db);
}

/**
 * `PUT /application/settings`: stores the given settings (already validated by the transport
 * against SETTINGS) and returns them all. Instance administrators only.
 */
export async function updateApplicationSettings(
  db: Database,
  actor: Actor | null,
  input: Partial<ApplicationSettings>,
): Promise<ApplicationSettings> {
  requireAdmin(actor);
  const rows = SETTING_KEYS.filter((key) => input[key] !== undefined).map((key) => ({
    key,
    value: sql`${JSON.stringify(input[key])}::jsonb`,
  }));
  if (rows.length > 0) {
    await db
      .insertInto('application_settings')
      .values(rows)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value` }))
      .execute();
    cache.delete(db);
  }
  return getApplicationSettings(db);
}
