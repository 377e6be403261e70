import { sql } from 'kysely';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/connection';
import { insertAll } from '../db/insert-rows';
import { createClock } from './dates';
import { seedActivity } from './demo-activity';
import { insertEpics, planEpics } from './demo-epics';
import { markDemoImported } from './demo-imported';
import { seedIssueLinks, seedIssues } from './demo-issues';
import { seedMergeRequests, seedReleasesAndEnvironments } from './demo-merge-requests';
import { seedOrg } from './demo-org';
import { seedIterations, seedMilestones } from './demo-planning';
import { DEMO_USERNAMES } from './demo-usernames';
import type { DemoContext } from './demo-world';
import { Random } from './random';
import { createTemplateRenderer } from './templated-markdown';

export const DEMO_GROUP_PATH = 'acme';

export interface SeedDemoOptions {
  password: string;
  log?: (line: string) => void;
  /** The anchor "today" (defaults to now); dates spread 18 months either side of it. */
  now?: Date;
}

/** True when the demo company group already exists. */
export async function demoDataExists(db: Database): Promise<boolean> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM namespaces WHERE parent_id IS NULL AND lower(path) = ${DEMO_GROUP_PATH}`.execute(db);
  return (row.rows[0]?.n ?? 0) > 0;
}

/**
 * Deterministic demo data: users in every role, the `acme` group tree and `skunkworks`, 6 projects,
 * labels, milestones, iterations, ~150 epics, ~2,000 issues, ~300 merge requests, notes and emoji.
 * One transaction; refuses when the demo group (or a demo username) already exists.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  if (await demoDataExists(db)) {
    throw new Error(`Demo data already exists (group "${DEMO_GROUP_PATH}"); refusing to seed it twice.`);
  }
  const taken = await sql<{ username: string }>`
    SELECT username FROM users WHERE lower(username) = ANY(${DEMO_USERNAMES}::text[])`.execute(db);
  if (taken.rows.length > 0) {
    throw new Error(`Cannot seed demo data: user(s) ${taken.rows.map((r) => r.username).join(', ')} already exist.`);
  }
  const passwordHash = await hashPassword(options.password);
  const render = createTemplateRenderer();
  await db.transaction().execute(async (trx) => {
    const ctx: DemoContext = {
      db: trx,
      random: new Random(20240611),
      clock: createClock(options.now),
      html: (markdown) => render(markdown).html,
      render,
      log: (line) => log(`seed demo: ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    };
    const org = await seedOrg(ctx, passwordHash);
    const milestones = await seedMilestones(ctx, org);
    const iterations = await seedIterations(ctx, org);
    const epicPlan = await planEpics(ctx, org);
    const { issues, epicMilestones, epicIssues } = await seedIssues(ctx, org, milestones, iterations, epicPlan);
    await insertEpics(ctx, epicPlan, epicMilestones);
    await insertAll(trx, 'epic_issues', epicIssues);
    ctx.log(`epic issues: ${epicIssues.length}`);
    await seedIssueLinks(ctx, issues);
    const mergeRequests = await seedMergeRequests(ctx, org, milestones, issues);
    await seedReleasesAndEnvironments(ctx, org, milestones);
    await seedActivity(ctx, org, milestones, issues, epicPlan, mergeRequests);
    await markDemoImported(ctx, org);
    await syncInternalIds(trx);
    ctx.log('internal ids synced');
  });
  log(`seed demo: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** internal_ids.last_value = the highest iid in each container, so the next API create gets max + 1. */
export async function syncInternalIds(db: Database): Promise<void> {
  await sql`
    INSERT INTO internal_ids (usage, container_id, last_value)
    SELECT 'issues', project_id, max(iid) FROM issues GROUP BY project_id
    UNION ALL SELECT 'merge_requests', project_id, max(iid) FROM merge_requests GROUP BY project_id
    UNION ALL SELECT 'project_milestones', project_id, max(iid) FROM milestones WHERE project_id IS NOT NULL GROUP BY project_id
    UNION ALL SELECT 'group_milestones', group_id, max(iid) FROM milestones WHERE group_id IS NOT NULL GROUP BY group_id
    UNION ALL SELECT 'epics', group_id, max(iid) FROM epics GROUP BY group_id
    UNION ALL SELECT 'iterations', group_id, max(iid) FROM iterations GROUP BY group_id
    ON CONFLICT (usage, container_id) DO UPDATE SET last_value = greatest(internal_ids.last_value, EXCLUDED.last_value)`.execute(
    db,
  );
}
