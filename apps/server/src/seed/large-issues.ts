import { sql } from 'kysely';
import { n } from './large-epics';
import { insertHashedLabels } from './large-labels';
import { inReservedIdBatches, type LargeRun, mix } from './large-setup';
import { generatedTitle } from './large-title';

const verbs = ['Fix', 'Improve', 'Add', 'Refactor', 'Document', 'Speed up', 'Remove', 'Test', 'Redesign', 'Monitor'];
const objects = [
  'search results page',
  'issue board',
  'epic roadmap',
  'billing export',
  'webhook retries',
  'login flow',
  'notification emails',
  'API pagination',
  'label picker',
  'milestone burndown',
  'audit log',
  'file uploads',
  'dark mode',
  'mobile navigation',
  'CSV import',
  'merge request widget',
  'SAML settings',
  'cache invalidation',
];
const descriptions = [
  'Customers report this regularly. See the support tickets linked in the epic.',
  'Steps to reproduce: open the page, apply a filter, reload. Expected: the filter is kept.',
  'This blocks the next release; needs a design review first.',
];

/**
 * Inserts `total` issues over the bench projects in batches: issue k goes to project k mod P with
 * iid k div P + 1 (dense per project), plus, picked by hash so each project gets its share, assignees (~60%, some two), labels (~70%), a milestone
 * (~40%), confidentiality (~3%) and an epic of the project's group (~30%).
 */
export async function seedLargeIssues(run: LargeRun): Promise<void> {
  const { world, total, anchor } = run;
  if (total === 0) return;
  const p = world.projectIds.length;
  const users = world.userIds;
  const labels = world.labelIds;
  await inReservedIdBatches(run, 'issues', async (trx, { base, from, to, lo, hi }) => {
    await sql`SELECT setseed(${(from % 9973) / 9973})`.execute(trx);
    await sql`
      INSERT INTO issues (id, project_id, iid, issue_type, title, description, description_html, author_id, state,
        confidential, weight, health_status, due_date, milestone_id, relative_position, closed_at, created_at, updated_at)
      SELECT ${n(base)} + k, (${world.projectIds}::int[])[1 + k % ${n(p)}], k / ${n(p)} + 1,
        CASE WHEN r1 < 0.05 THEN 'incident' WHEN r1 < 0.12 THEN 'task' ELSE 'issue' END,
        ${generatedTitle(verbs, objects)},
        CASE WHEN r4 < 0.3 THEN (${descriptions}::text[])[1 + floor(r4 * 10)::int] ELSE '' END,
        CASE WHEN r4 < 0.3 THEN '<p>' || (${descriptions}::text[])[1 + floor(r4 * 10)::int] || '</p>' ELSE '' END,
        (${users}::int[])[1 + floor(r5 * ${n(users.length)})::int],
        CASE WHEN closed THEN 'closed' ELSE 'opened' END,
        r6 < 0.03, CASE WHEN r6 < 0.7 THEN floor(r6 * 12)::int % 9 END,
        CASE WHEN NOT closed AND r7 < 0.3 THEN (ARRAY['on_track', 'needs_attention', 'at_risk'])[1 + floor(r7 * 10)::int] END,
        CASE WHEN r7 > 0.6 THEN created::date + 7 + floor(r8 * 120)::int END,
        CASE WHEN r8 < 0.4 THEN (${world.milestoneIds}::int[])[1 + floor(r8 / 0.4 * ${n(world.milestoneIds.length)})::int] END,
        k * 16,
        CASE WHEN closed THEN least(created + r9 * 60 * interval '1 day', ${anchor}::date - interval '1 hour') END,
        created, least(created + r9 * 90 * interval '1 day', ${anchor}::date - interval '1 hour')
      FROM (
        SELECT k, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8,
          random() r9, ${anchor}::date - interval '1095 days' + (k::float8 / ${n(total)}) * 1094 * interval '1 day' AS created,
          random() < 0.4 AS closed
        FROM generate_series(${n(from)}, ${n(to)}) k
      ) s`.execute(trx);
    await sql`
      INSERT INTO issue_assignees (issue_id, user_id)
      SELECT id, (${users}::int[])[1 + ${mix('id', 7919)} % ${n(users.length)}] FROM issues WHERE id BETWEEN ${n(lo)} AND ${n(hi)} AND ${mix('id', 1)} % 10 < 6
      UNION ALL
      SELECT id, (${users}::int[])[1 + (${mix('id', 7919)} % ${n(users.length)} + 1 + ${mix('id', 2)} % ${n(users.length - 1)}) % ${n(users.length)}]
      FROM issues WHERE id BETWEEN ${n(lo)} AND ${n(hi)} AND ${mix('id', 1)} % 20 < 3
      ON CONFLICT DO NOTHING`.execute(trx);
    await insertHashedLabels(trx, 'issues', labels, { lo, hi }, { one: 7, two: 3 });
    // An epic from the project's own group; confidential epics only take confidential issues.
    await sql`
      WITH pick AS (
        SELECT group_id, confidential, array_agg(id ORDER BY id) AS ids FROM epics
        WHERE group_id = ANY(${world.groupIds}::int[]) GROUP BY group_id, confidential
      )
      INSERT INTO epic_issues (epic_id, issue_id, relative_position)
      SELECT pick.ids[1 + floor(random() * cardinality(pick.ids))::int], i.id, i.id
      FROM issues i JOIN projects pr ON pr.id = i.project_id
      JOIN pick ON pick.group_id = pr.namespace_id AND NOT pick.confidential
      WHERE i.id BETWEEN ${n(lo)} AND ${n(hi)} AND random() < 0.3`.execute(trx);
  });
}
