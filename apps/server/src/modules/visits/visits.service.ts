import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { findGroup, findProject } from '../namespaces';
import type { TrackVisitInput, VisitType } from './visit-params';

/** GitLab keeps 3 months of visits (monthly partitions, `retain_for: 3.months`). */
export const VISIT_RETENTION_MONTHS = 3;
/** Rows kept per user and table: 3 months of daily visits to ~20 items, whatever the history. */
export const MAX_VISITS_PER_USER = 2000;

export const VISIT_TABLES = { projects: 'project_visits', groups: 'group_visits' } as const satisfies Record<
  VisitType,
  string
>;

/**
 * IE-18: records that `actor` opened the project or group, one row per UTC day (a repeat the same
 * day only updates its time). A missing or unreadable item is 404 and stores nothing. A stored visit
 * prunes the user's rows past the retention and beyond the per-user cap.
 */
export async function trackVisit(
  db: Database,
  actor: Actor,
  input: TrackVisitInput,
  now: Date = new Date(),
): Promise<void> {
  // The lookups throw 404 Project / 404 Group for a missing or hidden id.
  if (input.type === 'projects') await findProject(db, actor, { id: input.id });
  else await findGroup(db, actor, { id: input.id });

  const table = VISIT_TABLES[input.type];
  // A repeat the same day keeps the one row and moves its time to now: the latest visit breaks ties.
  const row = await db
    .insertInto(table)
    .values({ user_id: actor.id, entity_id: input.id, visited_at: now, visited_on: now.toISOString().slice(0, 10) })
    .onConflict((oc) => oc.columns(['user_id', 'entity_id', 'visited_on']).doUpdateSet({ visited_at: now }))
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  if (row.inserted) await pruneVisits(db, table, actor.id, now);
}

/** Deletes the user's visits older than the retention, then all but their newest MAX_VISITS_PER_USER. */
export async function pruneVisits(
  db: Database,
  table: (typeof VISIT_TABLES)[VisitType],
  userId: number,
  now: Date,
): Promise<void> {
  await db.deleteFrom(table).where('user_id', '=', userId).where('visited_at', '<=', retentionStart(now)).execute();
  await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where(
      'id',
      'in',
      db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('visited_at', 'desc')
        .orderBy('id', 'desc')
        .offset(MAX_VISITS_PER_USER),
    )
    .execute();
}

/** The oldest instant still kept: `now` minus the retention, in calendar months as GitLab's `3.months.ago`. */
export function retentionStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - VISIT_RETENTION_MONTHS);
  return start;
}
