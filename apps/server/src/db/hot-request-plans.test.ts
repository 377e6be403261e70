import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { type HotRequest, hotRequests, KNOWN_SEQ_SCANS } from '../test/hot-requests';
import { bigSeqScans, bigSeqScansOfGenericPlan } from '../test/plan-check';
import { buildPlanGuardWorld, type PlanGuardWorld } from '../test/plan-guard-world';
import { RANDOM_PAGE_COST } from './planner-settings';
import { PREPARE_MARK } from './prepared-statements';

/**
 * Plan guards: on a generated data set skewed like real data (test/plan-guard-world.ts), every hot
 * request's statements — captured from the real request, EXPLAINed with their parameters, and the
 * prepared ones' generic plans too — plan without a sequential scan of a big table, and each request stays within its statement budget.
 * Plans depend on PostgreSQL's statistics, which the embedded database's data sets don't exercise.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('plan guards (PostgreSQL only: set TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let world: PlanGuardWorld;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildPlanGuardWorld(t.db);
  }, 180_000);
  afterAll(() => t?.close());

  const send = (r: HotRequest) =>
    t.app.inject({
      method: r.graphql ? 'POST' : 'GET',
      url: r.url,
      headers: { 'private-token': world.token },
      ...(r.graphql ? { payload: r.graphql } : {}),
    });

  it('no hot request plans a sequential scan of a big table or exceeds its statement budget', async () => {
    const failures: string[] = [];
    for (const request of hotRequests(world)) {
      await send(request);
      const { result, queries } = await t.database.captureQueries(() => send(request));
      expect(result.statusCode, `${request.name}: ${result.body.slice(0, 300)}`).toBe(200);
      expect(result.body, request.name).not.toContain('"errors"');
      if (queries.length > request.maxStatements) {
        failures.push(`${request.name}: ${queries.length} statements, budget ${request.maxStatements}`);
      }
      for (const [i, query] of queries.entries()) {
        const text = query.sql.replace(/\s+/g, ' ').trim();
        const scans = [...(await bigSeqScans(t.db, query)), ...(await bigSeqScansOfGenericPlan(t.db, query))];
        for (const scan of scans) {
          const known = KNOWN_SEQ_SCANS.some(
            (k) => k.requests.test(request.name) && k.table === scan.table && k.statement.test(text),
          );
          if (!known) {
            failures.push(
              `${request.name}, statement ${i + 1} of ${queries.length}: ${scan.node}\n    in: ${text.slice(0, 300)}…`,
            );
          }
        }
      }
    }
    expect(failures, `\n${failures.join('\n')}\n`).toEqual([]);
  }, 120_000);

  it("sees a prepared statement's generic plan, which its custom plan hides", async () => {
    // Most notes belong to four issues: planned for an unknown id list, the count reads all notes.
    const ids = (await t.db.selectFrom('issues').select('id').orderBy('id', 'desc').limit(50).execute()).map(
      (r) => r.id,
    );
    const query = {
      sql: `${PREPARE_MARK}SELECT count(*) FROM notes WHERE noteable_type = 'Issue' AND noteable_id = ANY($1::int[])`,
      parameters: [ids],
    };
    // At PostgreSQL's built-in random_page_cost (4; Meridian's connections use 2, db/planner-settings.ts),
    // the generic plan of this statement reads all notes.
    await t.db.connection().execute(async (conn) => {
      await sql`SET random_page_cost = 4`.execute(conn);
      try {
        expect(await bigSeqScans(conn, query)).toEqual([]);
        expect((await bigSeqScansOfGenericPlan(conn, query)).map((s) => s.table)).toEqual(['notes']);
      } finally {
        await sql.raw(`SET random_page_cost = ${RANDOM_PAGE_COST}`).execute(conn);
      }
    });
  });
});
