import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLongIssue } from '../../seed/long-issue';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countStatements } from '../../test/statement-count';

/**
 * A long-lived issue (5,000 notes, as a dependency dashboard collects): every page of its
 * discussions costs the same few statements, pages do not overlap or skip, and on PostgreSQL the
 * page's queries read the notes through the noteable index.
 */
describe('discussions of a 5,000-note issue', () => {
  let t: TestApp;
  let token: string;
  let path: string;
  let issueId: number;
  let discussions: number;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db);
    const others = await Promise.all([createUser(t.db), createUser(t.db)]);
    token = await createToken(t.db, user.id);
    const group = await createGroup(t.db);
    await addGroupMember(t.db, group.id, user.id, 30);
    const project = await createProject(t.db, { namespaceId: group.id });
    const seeded = await seedLongIssue(t.db, { projectId: project.id, userIds: [user.id, ...others.map((u) => u.id)] });
    issueId = seeded.issueId;
    discussions = seeded.discussions;
    path = `/api/v4/projects/${project.id}/issues/${seeded.iid}/discussions`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (n: number, perPage = 100) =>
    t.app.inject({ method: 'GET', url: `${path}?page=${n}&per_page=${perPage}`, headers: { 'private-token': token } });

  it('answers each page with the same number of statements, first and last alike', async () => {
    await page(1, 20); // the token's first use also records when it was last used
    const counts: number[] = [];
    for (const n of [1, 2, Math.ceil(discussions / 20)]) {
      counts.push(
        await countStatements(t.database, async () => {
          const res = await page(n, 20);
          expect(res.statusCode).toBe(200);
          expect(res.headers['x-total']).toBe(String(discussions));
        }),
      );
    }
    expect(new Set(counts).size, counts.join(', ')).toBe(1);
    // The token, its user and memberships, the project, the issue and its assignees, then the page: its
    // discussion ids, their count, their notes, their award emoji and the users of both.
    expect(counts[0]).toBeLessThanOrEqual(11);
  });

  it('pages through every discussion exactly once, in the order they began', async () => {
    const seen: string[] = [];
    const starts: string[] = [];
    let notes = 0;
    for (let n = 1; n <= Math.ceil(discussions / 100); n += 1) {
      const res = await page(n);
      for (const d of res.json() as { id: string; notes: { created_at: string }[] }[]) {
        seen.push(d.id);
        starts.push(d.notes[0]!.created_at);
        notes += d.notes.length;
      }
    }
    expect(new Set(seen).size).toBe(discussions);
    expect(notes).toBe(5000);
    expect([...starts].sort()).toEqual(starts);
  });

  it.runIf(t_isPostgres())('reads a deep page with an index-only scan on PostgreSQL', async () => {
    // Other issues' notes, as on a real instance: the long issue's are a small part of the table.
    // Test databases commit asynchronously; VACUUM marks a page all-visible only once its rows'
    // commits are flushed, so this commit waits for the flush (and with it every earlier one).
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = on`.execute(trx);
      await sql`
        INSERT INTO notes (noteable_type, noteable_id, discussion_id, note, created_at)
        SELECT 'Issue', ${issueId} + 1 + g / 50, md5(g::text), 'Other', now() - g * interval '1 minute'
        FROM generate_series(1, 200000) g`.execute(trx);
    });
    await sql`VACUUM ANALYZE notes`.execute(t.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN (ANALYZE, BUFFERS) SELECT nt.discussion_id, min(nt.id) FROM notes nt
      WHERE nt.noteable_type = 'Issue' AND nt.noteable_id = ${issueId} AND nt.internal = false
      GROUP BY nt.discussion_id ORDER BY min(nt.created_at), min(nt.id) LIMIT 20 OFFSET 2000`.execute(t.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Only Scan using notes_noteable_idx/);
  });
});

function t_isPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}
