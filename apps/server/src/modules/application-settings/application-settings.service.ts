import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { forbidden } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';

/** The instance-wide settings the web app needs, in GitLab's field names (plus our roadmap limit). */
export interface ApplicationSettings {
  /** First day of the week in calendars and the roadmap: 0 Sunday … 6 Saturday (GitLab's `first_day_of_week`). */
  first_day_of_week: number;
  /** Above this many epics the roadmap warns that not all are shown (GitLab's constant is 1000). */
  roadmap_epics_limit: number;
}

/** Each setting's default and its valid whole-number range (inclusive). */
export const SETTING_RULES: { [K in keyof ApplicationSettings]: { default: number; min: number; max: number } } = {
  first_day_of_week: { default: 0, min: 0, max: 6 },
  roadmap_epics_limit: { default: 1000, min: 1, max: 100_000 },
};

const KEYS = Object.keys(SETTING_RULES) as Array<keyof ApplicationSettings>;

function valid(key: keyof ApplicationSettings, value: unknown): value is number {
  const rule = SETTING_RULES[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= rule.min && value <= rule.max;
}

/**
 * The settings as stored in `application_settings` (key → jsonb), each missing or out-of-range
 * value replaced by its default. Public: the web app reads them through `GET /-/config.json`.
 */
export async function getApplicationSettings(db: Database): Promise<ApplicationSettings> {
  const rows = await db.selectFrom('application_settings').select(['key', 'value']).where('key', 'in', KEYS).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings = {} as ApplicationSettings;
  for (const key of KEYS) {
    const value = stored.get(key);
    settings[key] = valid(key, value) ? value : SETTING_RULES[key].default;
  }
  return settings;
}

function requireAdmin(actorOrNull: Actor | null): Actor {
  const actor = requireActor(actorOrNull);
  if (!actor.admin) throw forbidden();
  return actor;
}

/** `GET /application/settings`: instance administrators only (401 anonymous, 403 others), as GitLab. */
export async function readApplicationSettings(db: Database, actor: Actor | null): Promise<ApplicationSettings> {
  requireAdmin(actor);
  return getApplicationSettings(db);
}

/**
 * `PUT /application/settings`: stores the given settings (already validated by the transport
 * against SETTING_RULES) and returns them all. Instance administrators only.
 */
export async function updateApplicationSettings(
  db: Database,
  actor: Actor | null,
  input: Partial<ApplicationSettings>,
): Promise<ApplicationSettings> {
  requireAdmin(actor);
  const rows = KEYS.filter((key) => input[key] !== undefined).map((key) => ({
    key,
    value: sql`${JSON.stringify(input[key])}::jsonb`,
  }));
  if (rows.length > 0) {
    await db
      .insertInto('application_settings')
      .values(rows)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value` }))
      .execute();
  }
  return getApplicationSettings(db);
}
