import { isPlanCode, lowestBillableAccessLevel, PLANS, type Plan } from '@meridian/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection';

/** The plan a top-level group is on: its subscription's, or free when it has none. */
export async function groupPlan(db: Database, rootGroupId: number): Promise<Plan> {
  const row = await db
    .selectFrom('gitlab_subscriptions')
    .select('plan_code')
    .where('namespace_id', '=', rootGroupId)
    .executeTakeFirst();
  return row && isPlanCode(row.plan_code) ? PLANS[row.plan_code] : PLANS.free;
}

/**
 * Every membership in force in the hierarchy of a top-level group: on the group, its subgroups and
 * the projects under them (GitLab's `Member.in_hierarchy`), one row each.
 */
export function hierarchyMemberships(rootGroupId: number): RawBuilder<unknown> {
  return sql`
    SELECT gm.id, gm.user_id, gm.access_level, gm.created_at, gm.expires_at,
           'Namespace'::text AS source_type, gm.group_id AS source_id
    FROM group_members gm JOIN namespaces n ON n.id = gm.group_id
    WHERE n.traversal_ids @> ARRAY[${rootGroupId}]::int[]
      AND (gm.expires_at IS NULL OR gm.expires_at >= current_date)
    UNION ALL
    SELECT pm.id, pm.user_id, pm.access_level, pm.created_at, pm.expires_at,
           'Project'::text, pm.project_id
    FROM project_members pm JOIN projects p ON p.id = pm.project_id JOIN namespaces n ON n.id = p.namespace_id
    WHERE n.traversal_ids @> ARRAY[${rootGroupId}]::int[]
      AND (pm.expires_at IS NULL OR pm.expires_at >= current_date)`;
}

/**
 * The users who take a seat in a top-level group under `plan`, one row each with their highest role,
 * whether any of their memberships is on a group (else only on projects), and when they last joined:
 * active humans (not blocked, not bots) whose highest role the plan bills (GitLab's `Member.billable`).
 */
export function billableUsers(rootGroupId: number, plan: Plan): RawBuilder<unknown> {
  return sql`
    SELECT m.user_id, max(m.access_level)::int AS access_level,
           bool_or(m.source_type = 'Namespace') AS group_member, max(m.created_at) AS joined_at
    FROM (${hierarchyMemberships(rootGroupId)}) m
    JOIN users u ON u.id = m.user_id AND u.state = 'active' AND NOT u.bot
    GROUP BY m.user_id
    HAVING max(m.access_level) >= ${lowestBillableAccessLevel(plan)}`;
}

/**
 * Records the group's seats in use now and raises its high mark (`max_seats_used`), in the caller's
 * transaction: every membership write calls it, so the subscription follows members as they come and go.
 * `groupId` may be any group of the hierarchy; a project's caller passes its namespace's top group.
 */
export async function recordSeatUsage(db: Database, rootGroupId: number): Promise<{ seatsInUse: number }> {
  const plan = await groupPlan(db, rootGroupId);
  const { rows } = await sql<{ seats_in_use: number }>`
    INSERT INTO gitlab_subscriptions AS s (namespace_id, seats_in_use, max_seats_used, max_seats_used_changed_at)
    SELECT ${rootGroupId}, c.n, c.n, now() FROM (SELECT count(*)::int AS n FROM (${billableUsers(rootGroupId, plan)}) b) c
    ON CONFLICT (namespace_id) DO UPDATE SET
      seats_in_use = excluded.seats_in_use,
      max_seats_used = greatest(s.max_seats_used, excluded.seats_in_use),
      max_seats_used_changed_at = CASE WHEN excluded.seats_in_use > s.max_seats_used THEN now()
                                       ELSE s.max_seats_used_changed_at END,
      updated_at = now()
    RETURNING seats_in_use`.execute(db);
  return { seatsInUse: rows[0]?.seats_in_use ?? 0 };
}
