import { sql } from 'kysely';
import { n } from './large-epics';
import { insertHashedLabels } from './large-labels';
import { inReservedIdBatches, type LargeRun, mix } from './large-setup';
import { generatedTitle } from './large-title';

const verbs = ['Fix', 'Add', 'Refactor', 'Bump', 'Remove', 'Speed up', 'Document', 'Test', 'Rename', 'Split'];
const objects = [
  'search indexer',
  'issue list query',
  'roadmap rendering',
  'billing worker',
  'webhook client',
  'login form',
  'email templates',
  'pagination helper',
  'label picker',
  'CI config',
  'audit events',
  'upload limits',
];
/** Per project: environment name and tier (review apps last, so an MR can pick one by index). */
const environments: [string, string][] = [
  ['production', 'production'],
  ['staging', 'staging'],
  ['review/feature-1', 'development'],
  ['review/feature-2', 'development'],
  ['review/feature-3', 'development'],
];

/**
 * Inserts `total` merge requests over the bench projects in batches (MR k goes to project k mod P
 * with iid k div P + 1), GitLab-like states (15% opened, 10% closed, 75% merged; a third of the
 * open ones draft), `feature/<k>` source branches into `main` or a release branch, a merge user
 * and often an environment on merged ones, plus assignees, reviewers, approvals and labels.
 */
export async function seedLargeMergeRequests(run: LargeRun): Promise<void> {
  const { db, world, total, anchor } = run;
  if (total === 0) return;
  const envNames = environments.map(([name]) => name);
  await sql`
    INSERT INTO environments (project_id, name, slug, tier)
    SELECT p, e.name, replace(e.name, '/', '-'), e.tier
    FROM unnest(${world.projectIds}::int[]) p
    CROSS JOIN unnest(${envNames}::text[], ${environments.map(([, tier]) => tier)}::text[]) AS e(name, tier)`.execute(
    db,
  );
  const p = world.projectIds.length;
  const users = world.userIds;
  const labels = world.labelIds;
  await inReservedIdBatches(run, 'merge_requests', async (trx, { base, from, to, lo, hi }) => {
    await sql`SELECT setseed(${((from + 4241) % 9973) / 9973})`.execute(trx);
    await sql`
      INSERT INTO merge_requests (id, project_id, iid, title, description, description_html, author_id, merge_user_id,
        state, draft, source_branch, target_branch, milestone_id, environment_id, merged_at, closed_at, created_at, updated_at)
      SELECT ${n(base)} + k, s.project_id, k / ${n(p)} + 1,
        CASE WHEN draft THEN 'Draft: ' ELSE '' END ||
          ${generatedTitle(verbs, objects)},
        CASE WHEN r4 < 0.3 THEN 'Closes a bug reported by customers. Needs a second review.' ELSE '' END,
        CASE WHEN r4 < 0.3 THEN '<p>Closes a bug reported by customers. Needs a second review.</p>' ELSE '' END,
        (${users}::int[])[1 + floor(r5 * ${n(users.length)})::int],
        CASE WHEN state = 'merged' THEN (${users}::int[])[1 + floor(r6 * ${n(users.length)})::int] END,
        state, draft, 'feature/' || (k + 1),
        CASE WHEN r7 < 0.85 THEN 'main' ELSE 'release/' || (1 + floor(r7 * 100)::int % 6) END,
        CASE WHEN r8 < 0.4 THEN (${world.milestoneIds}::int[])[1 + floor(r8 / 0.4 * ${n(world.milestoneIds.length)})::int] END,
        CASE WHEN state = 'merged' AND r9 < 0.6 THEN (SELECT e.id FROM environments e WHERE e.project_id = s.project_id
          AND e.name = (${envNames}::text[])[1 + floor(r9 / 0.6 * ${n(envNames.length)})::int]) END,
        CASE WHEN state = 'merged' THEN done END,
        CASE WHEN state = 'closed' THEN done END,
        created, CASE WHEN state = 'opened' THEN least(created + r6 * 30 * interval '1 day', ${anchor}::date - interval '1 hour') ELSE done END
      FROM (
        SELECT k, (${world.projectIds}::int[])[1 + k % ${n(p)}] AS project_id, r2, r3, r4, r5, r6, r7, r8, r9, created,
          least(created + (1 + r6 * 14) * interval '1 day', ${anchor}::date - interval '1 hour') AS done,
          CASE WHEN r1 < 0.15 THEN 'opened' WHEN r1 < 0.25 THEN 'closed' ELSE 'merged' END AS state,
          r1 < 0.05 AS draft
        FROM (
          SELECT k, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
            random() r8, random() r9,
            ${anchor}::date - interval '1095 days' + (k::float8 / ${n(total)}) * 1094 * interval '1 day' AS created
          FROM generate_series(${n(from)}, ${n(to)}) k
        ) r
      ) s`.execute(trx);
    const user = (salt: number) =>
      sql`(${users}::int[])[1 + (${mix('id', salt)} % ${n(users.length)} + 1 + ${mix('id', 2)} % ${n(users.length - 1)}) % ${n(users.length)}]`;
    await sql`
      INSERT INTO merge_request_assignees (merge_request_id, user_id)
      SELECT id, coalesce(author_id, ${users[0]!}) FROM merge_requests WHERE id BETWEEN ${n(lo)} AND ${n(hi)} AND ${mix('id', 1)} % 10 < 8
      UNION ALL SELECT id, ${user(7919)} FROM merge_requests WHERE id BETWEEN ${n(lo)} AND ${n(hi)} AND ${mix('id', 1)} % 10 = 0
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO merge_request_reviewers (merge_request_id, user_id, state)
      SELECT id, ${user(104_729)}, CASE WHEN state = 'merged' THEN 'approved' ELSE 'unreviewed' END
      FROM merge_requests WHERE id BETWEEN ${n(lo)} AND ${n(hi)} AND ${mix('id', 4)} % 10 < 7
      UNION ALL SELECT id, ${user(15_485_863)}, 'reviewed' FROM merge_requests WHERE id BETWEEN ${n(lo)} AND ${n(hi)} AND ${mix('id', 4)} % 10 < 2
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO approvals (merge_request_id, user_id, created_at)
      SELECT r.merge_request_id, r.user_id, coalesce(mr.merged_at, mr.updated_at)
      FROM merge_request_reviewers r JOIN merge_requests mr ON mr.id = r.merge_request_id
      WHERE r.merge_request_id BETWEEN ${n(lo)} AND ${n(hi)} AND (r.state = 'approved' OR (mr.state = 'opened' AND ${mix('r.merge_request_id', 5)} % 3 = 0))`.execute(
      trx,
    );
    await insertHashedLabels(trx, 'merge_requests', labels, { lo, hi }, { one: 6, two: 2 });
  });
}
