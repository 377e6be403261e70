import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';

const now = new Date('2025-03-15T12:00:00Z');
const count = async (t: TestApp, query: ReturnType<typeof sql<{ n: number }>>) =>
  (await query.execute(t.db)).rows[0]!.n;

describe('seedDemo', () => {
  let t: TestApp;
  let seconds = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const started = Date.now();
    await seedDemo(t.db, { password: 'demo-password-1', now });
    seconds = (Date.now() - started) / 1000;
    console.log(`seedDemo on ${t.database.kind}: ${seconds.toFixed(1)} s`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates the expected volume of data', async () => {
    expect(await count(t, sql`SELECT count(*)::int AS n FROM users`)).toBeGreaterThanOrEqual(15);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM epics`)).toBe(150);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM issues`)).toBe(2000);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM merge_requests`)).toBe(300);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM projects`)).toBe(6);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM notes WHERE system`)).toBeGreaterThan(1000);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM award_emoji`)).toBeGreaterThan(500);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM epic_links WHERE link_type = 'blocks'`)).toBeGreaterThan(
      0,
    );
    expect(await count(t, sql`SELECT count(*)::int AS n FROM iterations`)).toBeGreaterThan(50);
    expect(await count(t, sql`SELECT count(*)::int AS n FROM releases`)).toBeGreaterThan(0);
  });

  it('has every role, a private subgroup, a private top-level group and a member-less user', async () => {
    const levels = await sql<{ access_level: number }>`
      SELECT DISTINCT access_level FROM group_members UNION SELECT DISTINCT access_level FROM project_members`.execute(
      t.db,
    );
    expect(levels.rows.map((r) => r.access_level).sort((a, b) => a - b)).toEqual([10, 15, 20, 30, 40, 50]);
    const groups = await sql<{ path: string; visibility_level: number; depth: number }>`
      SELECT path, visibility_level, cardinality(traversal_ids) AS depth FROM namespaces ORDER BY id`.execute(t.db);
    expect(groups.rows.find((g) => g.path === 'security')?.visibility_level).toBe(0);
    expect(groups.rows.find((g) => g.path === 'skunkworks')).toMatchObject({ visibility_level: 0, depth: 1 });
    expect(Math.max(...groups.rows.map((g) => g.depth))).toBe(4);
    const mallory = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM users u WHERE u.username = 'mallory'
        AND NOT EXISTS (SELECT 1 FROM group_members WHERE user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM project_members WHERE user_id = u.id)`.execute(t.db);
    expect(mallory.rows[0]!.n).toBe(1);
  });

  it('stores rendered HTML for every seeded description and comment', async () => {
    for (const [table, text, html] of [
      ['issues', 'description', 'description_html'],
      ['epics', 'description', 'description_html'],
      ['merge_requests', 'description', 'description_html'],
      ['notes', 'note', 'note_html'],
    ] as const) {
      const missing = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(text)} <> '' AND ${sql.ref(html)} = ''`.execute(
        t.db,
      );
      expect(missing.rows[0]!.n, table).toBe(0);
    }
    const withHtml = await count(t, sql`SELECT count(*)::int AS n FROM issues WHERE description_html LIKE '<%'`);
    expect(withHtml).toBeGreaterThan(1000);
  });

  it('gives every demo user the given password', async () => {
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('demo-password-1', row.password_hash)).toBe(true);
  });

  it('spreads epics 18 months either side of today, consistent with their fixed dates and nested ≤ 4 deep', async () => {
    const range = await sql<{ min: string; max: string; inconsistent: number; inherited: number }>`
      SELECT min(start_date)::text AS min, max(due_date)::text AS max,
        count(*) FILTER (WHERE (start_date_is_fixed AND start_date IS DISTINCT FROM start_date_fixed)
                            OR (due_date_is_fixed AND due_date IS DISTINCT FROM due_date_fixed))::int AS inconsistent,
        count(*) FILTER (WHERE NOT start_date_is_fixed)::int AS inherited
      FROM epics`.execute(t.db);
    const r = range.rows[0]!;
    expect(r.min < '2024-01-01').toBe(true);
    expect(r.max > '2026-03-01').toBe(true);
    expect(r.inconsistent).toBe(0);
    expect(r.inherited).toBeGreaterThan(5);
    const depth = await sql<{ depth: number }>`
      WITH RECURSIVE tree AS (
        SELECT id, 1 AS depth FROM epics WHERE parent_id IS NULL
        UNION ALL SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id)
      SELECT max(depth)::int AS depth FROM tree`.execute(t.db);
    expect(depth.rows[0]!.depth).toBe(4);
  });

  it('keeps internal_ids in step with the highest iid of every container', async () => {
    const mismatches = await sql<{ usage: string }>`
      WITH maxima AS (
        SELECT 'issues' AS usage, project_id AS container_id, max(iid) AS max FROM issues GROUP BY project_id
        UNION ALL SELECT 'merge_requests', project_id, max(iid) FROM merge_requests GROUP BY project_id
        UNION ALL SELECT 'epics', group_id, max(iid) FROM epics GROUP BY group_id
        UNION ALL SELECT 'group_milestones', group_id, max(iid) FROM milestones WHERE group_id IS NOT NULL GROUP BY group_id
        UNION ALL SELECT 'project_milestones', project_id, max(iid) FROM milestones WHERE project_id IS NOT NULL GROUP BY project_id
        UNION ALL SELECT 'iterations', group_id, max(iid) FROM iterations GROUP BY group_id)
      SELECT m.usage FROM maxima m LEFT JOIN internal_ids i USING (usage, container_id)
      WHERE i.last_value IS DISTINCT FROM m.max`.execute(t.db);
    expect(mismatches.rows).toEqual([]);
    const gaps = await count(
      t,
      sql`
      SELECT count(*)::int AS n FROM (SELECT project_id FROM issues GROUP BY project_id HAVING max(iid) <> count(*)) g`,
    );
    expect(gaps).toBe(0);
  });

  it('marks exactly the DEMO_IMPORTED issues and epics imported from GitHub (the headers’ badge)', async () => {
    const issues = await sql<{ ref: string }>`
      SELECT n.path || '/' || p.path || '#' || i.iid AS ref FROM issues i
      JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
      WHERE i.imported_from = 'github' ORDER BY i.iid`.execute(t.db);
    expect(issues.rows.map((r) => r.ref)).toEqual(['product/web-app#1', 'product/web-app#2']);
    const epics = await sql<{ ref: string }>`
      SELECT n.path || '&' || e.iid AS ref FROM epics e JOIN namespaces n ON n.id = e.group_id
      WHERE e.imported_from <> 'none'`.execute(t.db);
    expect(epics.rows.map((r) => r.ref)).toEqual(['acme&1']);
  });

  it('never has timestamps out of order or in the future', async () => {
    const bad = await sql<{ n: number }>`
      SELECT (
        (SELECT count(*) FROM issues WHERE updated_at < created_at OR closed_at < created_at OR created_at > ${now}) +
        (SELECT count(*) FROM epics WHERE updated_at < created_at OR closed_at < created_at OR created_at > ${now}) +
        (SELECT count(*) FROM merge_requests WHERE updated_at < created_at OR merged_at < created_at OR created_at > ${now}) +
        (SELECT count(*) FROM notes WHERE created_at > ${now}))::int AS n`.execute(t.db);
    expect(bad.rows[0]!.n).toBe(0);
  });

  it('refuses to run twice', async () => {
    await expect(seedDemo(t.db, { password: 'x', now })).rejects.toThrow(/already exists/);
  });

  it('is deterministic: a second fresh database gets the same titles and dates', async () => {
    const other = await createTestApp();
    try {
      await seedDemo(other.db, { password: 'demo-password-1', now });
      const issues = (db: TestApp['db']) =>
        sql<{ row: string }>`
          SELECT concat_ws('|', p.path, i.iid, i.title, i.state, i.due_date, i.weight, i.description,
            extract(epoch FROM i.created_at)) AS row
          FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.iid % 37 = 1 ORDER BY p.path, i.iid`.execute(db);
      const epics = (db: TestApp['db']) =>
        sql<{ row: string }>`
          SELECT concat_ws('|', n.path, e.iid, e.title, e.start_date, e.due_date, e.color, e.state, pe.iid) AS row
          FROM epics e JOIN namespaces n ON n.id = e.group_id LEFT JOIN epics pe ON pe.id = e.parent_id
          ORDER BY n.path, e.iid`.execute(db);
      const a = await issues(t.db);
      expect(a.rows.length).toBeGreaterThan(40);
      expect((await issues(other.db)).rows).toEqual(a.rows);
      expect((await epics(other.db)).rows).toEqual((await epics(t.db)).rows);
    } finally {
      await other.close();
    }
  }, 120_000);
});
