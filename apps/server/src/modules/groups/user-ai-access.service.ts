import { isDuoAvailability, resolveDuoSettings } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { cachedApplicationSettings } from '../application-settings';

/** At most this many of a user's groups are looked at (their ancestors come with them). */
const MAX_GROUPS = 500;

/**
 * Whether a user may use the AI features that have no group in context (the experimentation API,
 * the documentation bot): the instance switch must be on, and — when the user is a member of any
 * group — at least one of those groups must have GitLab Duo in force (GitLab's
 * `any_group_with_ai_available?`). A user who belongs to no group is governed by the instance switch
 * alone. Two queries: the user's groups, then their ancestors' stored values.
 */
export async function userMayUseAi(db: Database, userId: number): Promise<boolean> {
  if (!(await cachedApplicationSettings(db)).duo_features_enabled) return false;
  const groups = await db
    .selectFrom('group_members as m')
    .innerJoin('namespaces as n', 'n.id', 'm.group_id')
    .select('n.traversal_ids')
    .where('m.user_id', '=', userId)
    .limit(MAX_GROUPS)
    .execute();
  if (groups.length === 0) return true;
  const ids = [...new Set(groups.flatMap((g) => g.traversal_ids))];
  const stored = await db.selectFrom('namespaces').select(['id', 'duo_availability']).where('id', 'in', ids).execute();
  const storedValue = new Map(
    stored.map((r) => [r.id, isDuoAvailability(r.duo_availability) ? r.duo_availability : null]),
  );
  return groups.some(
    (g) =>
      resolveDuoSettings({ instanceEnabled: true, chain: g.traversal_ids.map((id) => storedValue.get(id) ?? null) })
        .duo_features_enabled,
  );
}
