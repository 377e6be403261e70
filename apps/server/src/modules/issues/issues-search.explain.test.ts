import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/actor';
import { createGroup, createProject, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { allOf } from '../issuables';
import { issueFilterConditions } from './issue-filter-sql';
import { listIssues } from './issues.service';
import { issueQuery, issueVisibility, orderByClause, scopeCondition } from './issues-query';

const t = useTestApp();
let groupId: number;
let firstProject: number | undefined;
const admin: Actor = { id: 0, username: 'x', admin: true, scopes: null, groupMemberships: [], projectMemberships: [] };

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'explainacme' });
  groupId = g.id;
  const u = await createUser(t.db);
  for (let p = 0; p < 4; p += 1) {
    const project = await createProject(t.db, { namespaceId: g.id });
    firstProject ??= project.id;
    await t.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO issues (project_id, iid, title, description, author_id)
         SELECT $1::int, n,
           'Fix ' || (ARRAY['login','dashboard','roadmap','export','billing','search','labels'])[n % 7 + 1] || ' page ' || n,
           'Steps to reproduce the ' || (ARRAY['crash','slowness','typo','layout'])[n % 4 + 1] || ' on item ' || n, $2
         FROM generate_series(1, 2500) AS n`,
        [project.id, u.id],
      ),
    );
  }
  await t.db.executeQuery(
    CompiledQuery.raw(`UPDATE issues SET title = 'Kaleidoscope renderer glitch' WHERE iid = 777 AND project_id = $1`, [
      firstProject,
    ]),
  );
  await t.db.executeQuery(CompiledQuery.raw('VACUUM ANALYZE'));
});

describe('issue search uses the trigram indexes', () => {
  it('EXPLAIN shows a Bitmap Index Scan on the title/description trigram indexes', async () => {
    const filters = { search: 'kaleidoscope' };
    const compiled = issueQuery(t.db)
      .where(allOf([scopeCondition({ all: true }), issueVisibility(admin), ...issueFilterConditions(admin, filters)]))
      .orderBy(orderByClause(filters))
      .limit(20)
      .compile();
    const plan = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('Bitmap Index Scan on issues_title_trgm_idx');
    expect(text).toContain('Bitmap Index Scan on issues_description_trgm_idx');
  });

  it('finds the match case-insensitively and counts it', async () => {
    const result = await listIssues(t.db, admin, { groupId }, { search: 'KALEIDOSCOPE' }, { limit: 20 });
    expect(result.total).toBe(1);
    expect(result.rows.map((r) => r.title)).toEqual(['Kaleidoscope renderer glitch']);
    const none = await listIssues(t.db, null, { groupId }, { search: 'kaleidoscope' }, { limit: 20 });
    expect(none.total).toBe(0);
  });
});
