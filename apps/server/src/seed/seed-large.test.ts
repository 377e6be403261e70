import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { levelSizes } from './large-epics';
import { seedLarge } from './seed-large';

describe('seedLarge (small numbers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const started = Date.now();
    // Small batches so several batches (and levels split across batches) are exercised.
    await seedLarge(t.db, { epics: 1000, issues: 10_000, mergeRequests: 4000, batchSize: 3000, progressBar: false });
    console.log(
      `seedLarge 1k epics / 10k issues on ${t.database.kind}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('produces exactly the requested counts in the bench group tree', async () => {
    const r = await sql<{ epics: number; issues: number; projects: number; users: number; groups: number }>`
      SELECT (SELECT count(*)::int FROM epics) AS epics, (SELECT count(*)::int FROM issues) AS issues,
        (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM namespaces WHERE traversal_ids[1] = (SELECT id FROM namespaces WHERE path = 'bench')) AS groups`.execute(
      t.db,
    );
    // 10,000 plus the long-lived issue.
    expect(r.rows[0]).toEqual({ epics: 1000, issues: 10_001, projects: 50, users: 200, groups: 16 });
  });

  it('builds an epic forest at most 4 deep, parents in the same group, dense iids', async () => {
    const depth = await sql<{ depth: number; n: number }>`
      WITH RECURSIVE tree AS (
        SELECT id, 1 AS depth FROM epics WHERE parent_id IS NULL
        UNION ALL SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id)
      SELECT depth, count(*)::int AS n FROM tree GROUP BY depth ORDER BY depth`.execute(t.db);
    expect(depth.rows.map((r) => r.n)).toEqual(levelSizes(1000));
    const bad = await sql<{ cross: number; gaps: number; dates: number }>`
      SELECT
        (SELECT count(*)::int FROM epics e JOIN epics p ON p.id = e.parent_id WHERE e.group_id <> p.group_id) AS cross,
        (SELECT count(*)::int FROM (SELECT group_id FROM epics GROUP BY group_id HAVING max(iid) <> count(*)) g) AS gaps,
        (SELECT count(*)::int FROM epics WHERE start_date > due_date) AS dates`.execute(t.db);
    expect(bad.rows[0]).toEqual({ cross: 0, gaps: 0, dates: 0 });
  });

  it('adds roadmap dependency lines: ~2% of epics blocked, ~1% related', async () => {
    const r = await sql<{ blocks: number; relates: number }>`
      SELECT count(*) FILTER (WHERE link_type = 'blocks')::int AS blocks,
        count(*) FILTER (WHERE link_type = 'relates_to')::int AS relates FROM epic_links`.execute(t.db);
    const row = r.rows[0]!;
    expect(row.blocks).toBeGreaterThan(8);
    expect(row.blocks).toBeLessThan(40);
    expect(row.relates).toBeGreaterThan(2);
    expect(row.relates).toBeLessThan(25);
  });

  it('links ~30% of issues to epics of their own group and keeps internal_ids in step', async () => {
    const r = await sql<{ linked: number; foreign: number; mismatched: number; assigned: number; labelled: number }>`
      SELECT (SELECT count(*)::int FROM epic_issues) AS linked,
        (SELECT count(*)::int FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id JOIN projects p ON p.id = i.project_id
          JOIN epics e ON e.id = ei.epic_id WHERE e.group_id <> p.namespace_id) AS foreign,
        (SELECT count(*)::int FROM (SELECT project_id, max(iid) AS m FROM issues GROUP BY project_id) x
          LEFT JOIN internal_ids ii ON ii.usage = 'issues' AND ii.container_id = x.project_id
          WHERE ii.last_value IS DISTINCT FROM x.m) AS mismatched,
        (SELECT count(DISTINCT issue_id)::int FROM issue_assignees) AS assigned,
        (SELECT count(DISTINCT issue_id)::int FROM issue_labels) AS labelled`.execute(t.db);
    const row = r.rows[0]!;
    expect(row.linked).toBeGreaterThan(2000);
    expect(row.linked).toBeLessThan(4000);
    expect(row.foreign).toBe(0);
    expect(row.mismatched).toBe(0);
    expect(row.assigned).toBeGreaterThan(5000);
    expect(row.labelled).toBeGreaterThan(6000);
  });

  it('gives every filter token rows to hit: merge requests, iterations, releases, reactions', async () => {
    const r = await sql<Record<string, number>>`
      SELECT (SELECT count(*)::int FROM merge_requests) AS mrs,
        (SELECT count(*)::int FROM merge_requests WHERE draft) AS drafts,
        (SELECT count(*)::int FROM merge_requests WHERE state = 'merged' AND merge_user_id IS NULL) AS merged_without_user,
        (SELECT count(*)::int FROM merge_requests WHERE environment_id IS NOT NULL) AS deployed,
        (SELECT count(DISTINCT merge_request_id)::int FROM merge_request_reviewers) AS reviewed,
        (SELECT count(DISTINCT merge_request_id)::int FROM approvals) AS approved,
        (SELECT count(DISTINCT merge_request_id)::int FROM merge_request_assignees) AS assigned,
        (SELECT count(DISTINCT merge_request_id)::int FROM merge_request_labels) AS labelled,
        (SELECT count(*)::int FROM (SELECT project_id, max(iid) m, count(*) c FROM merge_requests GROUP BY project_id) x WHERE m <> c) AS gaps,
        (SELECT count(*)::int FROM issues WHERE iteration_id IS NOT NULL) AS in_iteration,
        (SELECT count(*)::int FROM release_milestones) AS release_links,
        (SELECT count(DISTINCT awardable_type)::int FROM award_emoji WHERE user_id = (SELECT min(id) FROM users) AND awardable_type <> 'Note') AS owner_reaction_types,
        (SELECT count(*)::int FROM award_emoji) AS reactions`.execute(t.db);
    const row = r.rows[0]!;
    expect(row.mrs).toBe(4000);
    expect(row.merged_without_user).toBe(0);
    expect(row.gaps).toBe(0);
    expect(row.owner_reaction_types).toBe(3);
    for (const key of ['drafts', 'deployed', 'reviewed', 'approved', 'in_iteration', 'release_links'] as const) {
      expect(row[key], key).toBeGreaterThan(0);
    }
    expect(row.assigned).toBeGreaterThan(3000);
    expect(row.labelled).toBeGreaterThan(2000);
    expect(row.reactions).toBeGreaterThan(3500);
  });

  it('includes a dependency-dashboard issue with 5,000 notes: comments, threads with replies, system notes, award emoji', async () => {
    const r = await sql<{
      notes: number;
      system: number;
      threads: number;
      replies: number;
      lone: number;
      awards: number;
      ordered: number;
    }>`
      WITH n AS (
        SELECT nt.* FROM notes nt JOIN issues i ON i.id = nt.noteable_id AND nt.noteable_type = 'Issue'
        WHERE i.title = 'Dependency Dashboard'),
      d AS (SELECT discussion_id, count(*) AS size, bool_or(resolvable) AS thread FROM n GROUP BY discussion_id)
      SELECT (SELECT count(*)::int FROM n) AS notes,
        (SELECT count(*)::int FROM n WHERE system) AS system,
        (SELECT count(*)::int FROM d WHERE thread) AS threads,
        (SELECT count(*)::int FROM d WHERE size > 1) AS replies,
        (SELECT count(*)::int FROM d WHERE NOT thread AND size = 1) AS lone,
        (SELECT count(*)::int FROM award_emoji a JOIN n ON a.awardable_type = 'Note' AND a.awardable_id = n.id) AS awards,
        (SELECT count(*)::int FROM n WHERE note_html = '') AS ordered`.execute(t.db);
    const row = r.rows[0]!;
    expect(row.notes).toBe(5000);
    expect(row.system).toBeGreaterThan(700);
    expect(row.threads).toBeGreaterThan(200);
    expect(row.replies).toBe(row.threads);
    expect(row.lone).toBeGreaterThan(1000);
    expect(row.awards).toBeGreaterThan(300);
    expect(row.ordered).toBe(0);
  });

  it('refuses when the bench group exists, and rejects bad numbers', async () => {
    await expect(seedLarge(t.db, { epics: 1, issues: 1, progressBar: false })).rejects.toThrow(/already exists/);
    await expect(seedLarge(t.db, { epics: -1, progressBar: false })).rejects.toThrow(/non-negative integer/);
  });
});
