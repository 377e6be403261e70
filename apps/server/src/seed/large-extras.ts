import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { n } from './large-epics';
import { type LargeWorld, mix } from './large-setup';

const emoji = ['thumbsup', 'thumbsdown', 'rocket', 'heart', 'tada', 'eyes'];

/**
 * What the filter tokens need beyond issues and epics: two-week iterations of the bench group
 * (about a third of the issues in the iteration of their creation date), a release per project for
 * every closed milestone, and award emoji on a quarter of the issues, epics and merge requests —
 * including some by the first user (the bench group's Owner), so "My reaction" has rows to hit.
 */
export async function seedLargeExtras(db: Database, world: LargeWorld, anchor: string): Promise<void> {
  const benchId = world.groupIds[0]!;
  const owner = world.userIds[0]!;
  const users = world.userIds;
  await db.transaction().execute(async (trx) => {
    const cadence = await sql<{ id: number }>`
      INSERT INTO iterations_cadences (group_id, title, automatic, start_date, duration_in_weeks, iterations_in_advance)
      VALUES (${benchId}, 'Bench sprints', true, ${anchor}::date - 1096, 2, 4) RETURNING id`.execute(trx);
    await sql`
      INSERT INTO iterations (iid, iterations_cadence_id, group_id, sequence, title, start_date, due_date)
      SELECT g + 1, ${cadence.rows[0]!.id}, ${benchId}, g + 1, 'Sprint ' || (g + 1),
        ${anchor}::date - 1096 + g * 14, ${anchor}::date - 1096 + g * 14 + 13
      FROM generate_series(0, 83) g`.execute(trx);
    await sql`
      UPDATE issues i SET iteration_id = it.id
      FROM projects p, iterations it
      WHERE p.id = i.project_id AND p.id = ANY(${world.projectIds}::int[]) AND ${mix('i.id', 6)} % 3 = 0
        AND it.group_id = ${benchId} AND i.created_at::date BETWEEN it.start_date AND it.due_date`.execute(trx);
    await sql`
      WITH r AS (
        INSERT INTO releases (project_id, tag_name, name, author_id, released_at, created_at)
        SELECT p, 'v1.' || m.iid || '.0', 'Release ' || m.title, ${owner}, m.due_date + 1, m.due_date + 1
        FROM unnest(${world.projectIds}::int[]) p CROSS JOIN milestones m
        WHERE m.id = ANY(${world.milestoneIds}::int[]) AND m.state = 'closed'
        RETURNING id, tag_name)
      INSERT INTO release_milestones (release_id, milestone_id)
      SELECT r.id, m.id FROM r JOIN milestones m ON 'v1.' || m.iid || '.0' = r.tag_name AND m.id = ANY(${world.milestoneIds}::int[])`.execute(
      trx,
    );
  });
  const inProjects = sql`x.project_id = ANY(${world.projectIds}::int[])`;
  for (const [type, table, ownerEvery, scope] of [
    ['Issue', 'issues', 97, inProjects],
    ['Epic', 'epics', 29, sql`x.group_id = ANY(${world.groupIds}::int[])`],
    ['MergeRequest', 'merge_requests', 31, inProjects],
  ] as const) {
    await sql`
      INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id, created_at, updated_at)
      SELECT (${emoji}::text[])[1 + ${mix('x.id', 7)} % ${n(emoji.length)}],
        (${users}::int[])[2 + ${mix('x.id', 37)} % ${n(users.length - 1)}], ${type}, x.id, x.updated_at, x.updated_at
      FROM ${sql.table(table)} x WHERE ${scope} AND ${mix('x.id', 8)} % 4 = 0
      UNION ALL
      SELECT (${emoji}::text[])[1 + ${mix('x.id', 9)} % 2], ${owner}, ${type}, x.id, x.updated_at, x.updated_at
      FROM ${sql.table(table)} x WHERE ${scope} AND ${mix('x.id', 10)} % ${n(ownerEvery)} = 0
      ON CONFLICT DO NOTHING`.execute(db);
  }
}
