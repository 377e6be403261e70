import { sql } from 'kysely';
import type { Database } from '../db/connection';
import { n } from '../seed/large-epics';
import { mix, reserveIdBlock } from '../seed/large-setup';
import { syncInternalIds } from '../seed/seed-demo';
import { seedLarge } from '../seed/seed-large';
import { createToken } from './factories';

/** What the plan guards request (see test/hot-requests.ts). */
export interface PlanGuardWorld {
  groupPath: string;
  /** The huge project's full path (a third of all issues). */
  projectPath: string;
  /**
   * Its issue with 30 notes. (For the 5,000-note one, a third of the notes table, reading the
   * table sequentially is the right plan on this data set.)
   */
  issueIid: number;
  /** A Reporter of the bench group. */
  token: string;
  username: string;
  labelTitle: string;
  milestoneTitle: string;
  /** The epic with the most issues of the huge project. */
  epicId: number;
  epicIid: number;
  iterationId: number;
}

const HUGE_PROJECT_COPIES = 25_000;

/**
 * The large seed at a test's size (~65k issues, 10,000 epics), skewed the way real data is: one
 * project holds ~40% of the issues; a few issues hold thousands of notes (the seed's 5,000-note
 * issue and three more) while nearly all have none, the notes statistics that once misled the
 * planner; 400 rare labels make the seed's labels ~100× the median usage. Then blocking links, timelogs, and `VACUUM (ANALYZE)`. ~20 s on PostgreSQL.
 */
export async function buildPlanGuardWorld(db: Database): Promise<PlanGuardWorld> {
  await seedLarge(db, { epics: 10_000, issues: 40_000, mergeRequests: 2_000, progressBar: false });
  const bench = await sql<{ id: number; project_id: number; reporter: number; username: string }>`
    SELECT g.id, (SELECT min(p.id) FROM projects p) AS project_id, m.user_id AS reporter, u.username
    FROM namespaces g JOIN group_members m ON m.group_id = g.id AND m.access_level = 20 JOIN users u ON u.id = m.user_id
    WHERE g.path = 'bench' AND g.parent_id IS NULL ORDER BY m.user_id LIMIT 1`.execute(db);
  const { id: groupId, project_id: hugeId, reporter, username } = bench.rows[0]!;
  await copyIssuesInto(db, hugeId);
  await addHotNotes(db, hugeId);
  await addRareLabels(db, groupId);
  await sql`
    INSERT INTO issue_links (source_id, target_id, link_type)
    SELECT a.id, a.id + 1 + ${mix('a.id', 41)} % 500, CASE WHEN ${mix('a.id', 42)} % 2 = 0 THEN 'blocks' ELSE 'relates_to' END
    FROM issues a WHERE ${mix('a.id', 43)} % 10 = 0 AND EXISTS (SELECT 1 FROM issues b WHERE b.id = a.id + 1 + ${mix('a.id', 41)} % 500)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO timelogs (issue_id, user_id, time_spent)
    SELECT i.id, i.author_id, 900 * (1 + ${mix('i.id', 44)} % 8) FROM issues i WHERE ${mix('i.id', 45)} % 5 = 0`.execute(
    db,
  );
  await syncInternalIds(db);
  await sql`VACUUM (ANALYZE)`.execute(db);

  const facts = await sql<{
    project_path: string;
    issue_iid: number;
    epic_id: number;
    epic_iid: number;
    iteration_id: number;
  }>`
    SELECT (SELECT string_agg(a.path, '/' ORDER BY t.ord) FROM namespaces pn, unnest(pn.traversal_ids) WITH ORDINALITY t(nid, ord)
        JOIN namespaces a ON a.id = t.nid WHERE pn.id = p.namespace_id) || '/' || p.path AS project_path,
      (SELECT i.iid FROM issues i WHERE i.project_id = p.id ORDER BY i.id OFFSET 3 LIMIT 1) AS issue_iid,
      e.id AS epic_id, e.iid AS epic_iid,
      (SELECT it.id FROM iterations it WHERE it.due_date < CURRENT_DATE ORDER BY it.due_date DESC LIMIT 1) AS iteration_id
    FROM projects p, LATERAL (SELECT ei.epic_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
      WHERE i.project_id = p.id GROUP BY ei.epic_id ORDER BY count(*) DESC, ei.epic_id LIMIT 1) top
    JOIN epics e ON e.id = top.epic_id
    WHERE p.id = ${hugeId}`.execute(db);
  const f = facts.rows[0]!;
  return {
    groupPath: 'bench',
    projectPath: f.project_path,
    issueIid: f.issue_iid,
    token: await createToken(db, reporter),
    username,
    labelTitle: 'type::bug',
    milestoneTitle: 'Month 30',
    epicId: f.epic_id,
    epicIid: f.epic_iid,
    iterationId: f.iteration_id,
  };
}

/** The huge project: copies of other projects' issues (with their assignees and labels) moved into it. */
async function copyIssuesInto(db: Database, projectId: number): Promise<void> {
  const base = await reserveIdBlock(db, 'issues', HUGE_PROJECT_COPIES);
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMP TABLE copied ON COMMIT DROP AS
      SELECT id AS old_id, ${n(base)} + row_number() OVER (ORDER BY id)::int - 1 AS new_id
      FROM issues WHERE project_id <> ${projectId} ORDER BY id LIMIT ${n(HUGE_PROJECT_COPIES)}`.execute(trx);
    await sql`
      INSERT INTO issues (id, project_id, iid, issue_type, title, description, description_html, author_id, state,
        confidential, weight, health_status, due_date, milestone_id, iteration_id, relative_position, closed_at, created_at, updated_at)
      SELECT c.new_id, ${projectId}, 100000 + c.new_id - ${n(base)}, i.issue_type, i.title, i.description, i.description_html,
        i.author_id, i.state, i.confidential, i.weight, i.health_status, i.due_date, i.milestone_id, i.iteration_id,
        c.new_id * 16, i.closed_at, i.created_at, i.updated_at
      FROM copied c JOIN issues i ON i.id = c.old_id`.execute(trx);
    await sql`INSERT INTO issue_assignees (issue_id, user_id) SELECT c.new_id, a.user_id FROM copied c JOIN issue_assignees a ON a.issue_id = c.old_id`.execute(
      trx,
    );
    await sql`INSERT INTO issue_labels (issue_id, label_id) SELECT c.new_id, l.label_id FROM copied c JOIN issue_labels l ON l.issue_id = c.old_id`.execute(
      trx,
    );
  });
}

/**
 * Like the large seed's notes: three more issues of the huge project with 2,000–4,000 notes each
 * (some internal, some system) and nearly every other issue with none; one issue with 30.
 */
async function addHotNotes(db: Database, projectId: number): Promise<void> {
  await sql`
    INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, discussion_id, note, system, internal, created_at)
    SELECT 'Issue', hot.id, ${projectId}, hot.author_id, md5(hot.id || ':' || g / 3), 'Busy thread ' || g,
      g % 7 = 0, g % 11 = 0, hot.created_at + g * interval '1 minute'
    FROM (SELECT id, author_id, created_at, row_number() OVER (ORDER BY id)::int AS r FROM issues
          WHERE project_id = ${projectId} ORDER BY id LIMIT 4) hot,
      generate_series(1, CASE WHEN hot.r < 4 THEN 1000 + 1000 * hot.r ELSE 30 END) g`.execute(db);
}

/** 400 labels of the bench group on ~10 issues each: the seed's 32 labels are then ~100× the median. */
async function addRareLabels(db: Database, groupId: number): Promise<void> {
  await sql`
    WITH rare AS (
      INSERT INTO labels (group_id, title, color, text_color)
      SELECT ${groupId}, 'rare-' || g, '#694cc0', '#FFFFFF' FROM generate_series(1, 400) g RETURNING id)
    INSERT INTO issue_labels (issue_id, label_id)
    SELECT i.id, r.ids[1 + ${mix('i.id', 47)} % 400]
    FROM issues i, (SELECT array_agg(id ORDER BY id) AS ids FROM rare) r
    WHERE ${mix('i.id', 46)} % 16 = 0
    ON CONFLICT DO NOTHING`.execute(db);
}
