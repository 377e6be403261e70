import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/actor';
import { mergeRequestReadable } from '../../policy/sql-scopes';
import { createGroup, createProject, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { epicConditions, epicSelect, listEpics } from '../epics';
import { allOf } from '../issuables';
import { listMergeRequests } from '../merge-requests';
// deep-import: this test EXPLAINs the merge-request list's SQL parts, internals its face does not export
import { mergeRequestFilterConditions } from '../merge-requests/mr-filter-sql';
// deep-import: the same SQL parts
import { mergeRequestQuery, orderByClause, scopeCondition } from '../merge-requests/mr-query';

/** `search` on merge requests and epics is served by the trigram GIN indexes, never a sequential scan. */
const t = useTestApp();
let group: { id: number; traversal_ids: number[] };
const admin: Actor = { id: 0, username: 'x', admin: true, scopes: null, groupMemberships: [], projectMemberships: [] };

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'explainsearch' });
  group = { id: g.id, traversal_ids: g.traversal_ids };
  const u = await createUser(t.db);
  for (let p = 0; p < 4; p += 1) {
    const project = await createProject(t.db, { namespaceId: g.id });
    await t.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO merge_requests (project_id, iid, title, description, author_id, source_branch, target_branch)
         SELECT $1::int, n,
           'Refactor ' || (ARRAY['login','dashboard','roadmap','export','billing','search','labels'])[n % 7 + 1] || ' module ' || n,
           'This change touches the ' || (ARRAY['api','cache','queue','worker'])[n % 4 + 1] || ' layer, step ' || n,
           $2, 'feature-' || n, 'main'
         FROM generate_series(1, 2500) AS n`,
        [project.id, u.id],
      ),
    );
  }
  for (let s = 0; s < 4; s += 1) {
    const sub = await createGroup(t.db, { path: `explainsub${s}`, parentId: g.id });
    await t.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO epics (group_id, iid, title, description, author_id)
         SELECT $1::int, n,
           'Initiative ' || (ARRAY['growth','platform','mobile','billing','search'])[n % 5 + 1] || ' ' || n,
           'Goals for the ' || (ARRAY['quarter','year','half'])[n % 3 + 1] || ' number ' || n, $2
         FROM generate_series(1, 2500) AS n`,
        [sub.id, u.id],
      ),
    );
  }
  await t.db.executeQuery(
    CompiledQuery.raw(
      `UPDATE merge_requests SET title = 'Kaleidoscope shader fix' WHERE iid = 777 AND project_id = (SELECT min(project_id) FROM merge_requests)`,
    ),
  );
  await t.db.executeQuery(
    CompiledQuery.raw(
      `UPDATE merge_requests SET description = 'Quixotic tidy-up of the parser' WHERE iid = 999 AND project_id = (SELECT max(project_id) FROM merge_requests)`,
    ),
  );
  await t.db.executeQuery(CompiledQuery.raw(`UPDATE epics SET title = 'Kaleidoscope programme' WHERE iid = 321`));
  await t.db.executeQuery(CompiledQuery.raw('VACUUM ANALYZE'));
}, 120_000);

async function plan(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const res = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
  );
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('merge request search uses the trigram indexes', () => {
  const explain = (filters: Parameters<typeof mergeRequestFilterConditions>[1]) =>
    plan(
      mergeRequestQuery(t.db)
        .where(
          allOf([
            scopeCondition({ all: true }),
            mergeRequestReadable(admin),
            ...mergeRequestFilterConditions(admin, filters),
          ]),
        )
        .orderBy(orderByClause(filters))
        .limit(20)
        .compile(),
    );

  it('title and description: a Bitmap Index Scan on each trigram index', async () => {
    const text = await explain({ search: 'kaleidoscope' });
    expect(text).toContain('Bitmap Index Scan on merge_requests_title_trgm_idx');
    expect(text).toContain('Bitmap Index Scan on merge_requests_description_trgm_idx');
    expect(text).not.toContain('Seq Scan on merge_requests');
  });

  it('in=description alone uses the description index', async () => {
    const text = await explain({ search: 'quixotic', searchIn: ['description'] });
    expect(text).toContain('Bitmap Index Scan on merge_requests_description_trgm_idx');
    expect(text).not.toContain('Seq Scan on merge_requests');
  });

  it('finds the matches and counts them', async () => {
    const title = await listMergeRequests(
      t.db,
      admin,
      { groupId: group.id },
      { search: 'KALEIDOSCOPE' },
      { limit: 20 },
    );
    expect(title.rows.map((r) => r.title)).toEqual(['Kaleidoscope shader fix']);
    expect(title.total).toBe(1);
    const desc = await listMergeRequests(t.db, admin, { all: true }, { search: 'quixotic' }, { limit: 20 });
    expect(desc.total).toBe(1);
    const hidden = await listMergeRequests(t.db, null, { all: true }, { search: 'kaleidoscope' }, { limit: 20 });
    expect(hidden.total).toBe(0);
  });
});

describe('epic search uses the trigram indexes', () => {
  it('title and description: a Bitmap Index Scan on each trigram index', async () => {
    const text = await plan(
      epicSelect(t.db)
        .where(epicConditions(admin, group, { search: 'kaleidoscope' }))
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(20)
        .compile(),
    );
    expect(text).toContain('Bitmap Index Scan on epics_title_trgm_idx');
    expect(text).toContain('Bitmap Index Scan on epics_description_trgm_idx');
    expect(text).not.toContain('Seq Scan on epics e');
  });

  it('finds the matches (one per subgroup) and counts them', async () => {
    const found = await listEpics(t.db, admin, group, { search: 'kaleidoscope' }, { limit: 20 });
    expect(found.total).toBe(4);
    expect(new Set(found.rows.map((r) => r.title))).toEqual(new Set(['Kaleidoscope programme']));
  });
});
