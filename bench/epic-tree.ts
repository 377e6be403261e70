/**
 * The epic page's child tree on PostgreSQL (issue 13): on the large data set (`meridian seed --scale
 * large`, group `bench`), a 6-level chain of epics is added whose level-5 epic holds 100 direct
 * children (50 child epics, each with 2 issues and a child epic, and 50 issues with labels,
 * assignees, a milestone and weights). Measured in-process (Fastify inject, no HTTP), as the
 * group's Owner with a personal access token:
 *
 * - childItems (IE-34, the web's own document): the first 100 rows with counts and rollups —
 *   median / p95 and SQL statements per request (target p95 ≤ 50 ms);
 * - epicTreeReorder: a child epic moved to the top and back (target p95 ≤ 100 ms).
 *
 *   npx tsx bench/epic-tree.ts --pg postgres://postgres@127.0.0.1:5432/meridian_large [--requests 50]
 *     [--prepared off]   (combined reads unnamed, as with DATABASE_PREPARED_STATEMENTS=off)
 *     [--capture statements.json]   (one childItems request's SQL, to replay with EXPLAIN)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connect } from '../apps/server/src/db/connection';
import { ownerToken } from './src/bench-context';
import { percentile, round1 } from './src/stats';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    group: { type: 'string', default: 'bench' },
    requests: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    /** 'off': the combined reads run unnamed (DATABASE_PREPARED_STATEMENTS=off), for an A/B of the prepared statements. */
    prepared: { type: 'string', default: 'on' },
    /** Write one childItems request's statements (text and parameters) to this JSON file. */
    capture: { type: 'string' },
  },
});
if (!values.pg) {
  console.error('pass --pg postgres://… (the large data set)');
  process.exit(2);
}
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const groupPath = values.group as string;

// The web's childItems document, as sent (gql.tada's client directives removed).
const treeApi = readFileSync(
  fileURLToPath(new URL('../apps/web/src/features/epics/tree/treeApi.ts', import.meta.url)),
  'utf8',
);
const CHILD_ITEMS = (/graphql\(`\s*(query childItems[\s\S]*?)`\)/.exec(treeApi)?.[1] ?? '').replace(/@_required/g, '');
if (!CHILD_ITEMS) throw new Error('childItems document not found in treeApi.ts');
const REORDER = `mutation($baseEpicId: EpicID!, $moved: EpicTreeNodeFieldsInputType!) {
  epicTreeReorder(input: { baseEpicId: $baseEpicId, moved: $moved }) { errors } }`;

const handle = await connect({ url: values.pg, preparedStatements: values.prepared !== 'off' });
const db = handle.db;
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: handle });
const { token, userId } = await ownerToken(handle, groupPath, 'epic-tree-bench');

/** Builds (once) the 6-level tree; answers the level-5 epic's iid and the base epic's id. */
async function ensureTree(): Promise<{ iid: number; baseId: number; childIds: number[] }> {
  const group = await db
    .selectFrom('namespaces')
    .select(['id'])
    .where('path', '=', groupPath)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const project = await sql<{ id: number }>`SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id
    WHERE n.traversal_ids @> ARRAY[${group.id}]::int[] ORDER BY p.id LIMIT 1`.execute(db);
  const projectId = project.rows[0]?.id as number;
  const existing = await db
    .selectFrom('epics')
    .select(['id', 'iid'])
    .where('group_id', '=', group.id)
    .where('title', '=', 'Tree bench level 5')
    .executeTakeFirst();
  let iid = existing?.iid;
  if (!existing) {
    const maxIid = async (table: 'epics' | 'issues', where: 'group_id' | 'project_id', id: number) =>
      Number(
        (
          await sql<{
            m: number;
          }>`SELECT coalesce(max(iid), 0) AS m FROM ${sql.table(table)} WHERE ${sql.ref(where)} = ${id}`.execute(db)
        ).rows[0]?.m,
      );
    let epicIid = await maxIid('epics', 'group_id', group.id);
    let issueIid = await maxIid('issues', 'project_id', projectId);
    const labels = await db.selectFrom('labels').select('id').where('group_id', '=', group.id).limit(3).execute();
    const milestone = await db
      .selectFrom('milestones')
      .select('id')
      .where('group_id', '=', group.id)
      .executeTakeFirst();
    const epic = (title: string, parentId: number | null, position: number | null = null) =>
      db
        .insertInto('epics')
        .values({
          group_id: group.id,
          iid: ++epicIid,
          title,
          author_id: userId,
          parent_id: parentId,
          relative_position: position,
        })
        .returning(['id', 'iid'])
        .executeTakeFirstOrThrow();
    const issue = async (epicId: number, n: number, position: number | null) => {
      const row = await db
        .insertInto('issues')
        .values({
          project_id: projectId,
          iid: ++issueIid,
          title: `Tree bench issue ${n}`,
          author_id: userId,
          weight: n % 5,
          health_status: ['on_track', 'needs_attention', 'at_risk', null][n % 4] ?? null,
          milestone_id: milestone?.id ?? null,
          state: n % 7 === 0 ? 'closed' : 'opened',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('epic_issues')
        .values({ epic_id: epicId, issue_id: row.id, relative_position: position })
        .execute();
      await db.insertInto('issue_assignees').values({ issue_id: row.id, user_id: userId }).execute();
      for (const label of labels.slice(0, 1 + (n % 3))) {
        await db.insertInto('issue_labels').values({ issue_id: row.id, label_id: label.id }).execute();
      }
    };
    let parent: { id: number; iid: number } | null = null;
    for (let level = 1; level <= 5; level++) parent = await epic(`Tree bench level ${level}`, parent?.id ?? null);
    const level5 = parent as { id: number; iid: number };
    let n = 0;
    for (let k = 0; k < 50; k++) {
      const child = await epic(`Tree bench child ${k}`, level5.id, k * 1000);
      const leaf = await epic(`Tree bench leaf ${k}`, child.id);
      await issue(child.id, ++n, null);
      await issue(leaf.id, ++n, null);
      await issue(level5.id, ++n, k * 1000 + 500);
    }
    await sql`ANALYZE`.execute(db);
    iid = level5.iid;
  }
  const level5 = await db
    .selectFrom('epics')
    .select(['id', 'parent_id'])
    .where('group_id', '=', group.id)
    .where('iid', '=', iid as number)
    .executeTakeFirstOrThrow();
  let baseId = level5.id;
  for (let up = 0; up < 4; up++) {
    const row = await db
      .selectFrom('epics')
      .select(['id', 'parent_id'])
      .where('id', '=', baseId)
      .executeTakeFirstOrThrow();
    if (row.parent_id == null) break;
    baseId = row.parent_id;
  }
  const children = await db
    .selectFrom('epics')
    .select('id')
    .where('parent_id', '=', level5.id)
    .orderBy('relative_position')
    .orderBy('id')
    .execute();
  return { iid: iid as number, baseId, childIds: children.map((c) => c.id) };
}

async function gql(query: string, variables: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'private-token': token },
    payload: { query, variables },
  });
  const body = res.json() as { data?: unknown; errors?: unknown[] };
  if (res.statusCode !== 200 || body.errors) throw new Error(`GraphQL failed: ${res.body.slice(0, 400)}`);
  return body;
}

async function measure(name: string, run: () => Promise<void>) {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  const statements: number[] = [];
  for (let i = 0; i < requests; i++) {
    const before = handle.queryCount();
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
    statements.push(handle.queryCount() - before);
  }
  const result = {
    name,
    median: round1(percentile(times, 50)),
    p95: round1(percentile(times, 95)),
    statements: Math.max(...statements),
  };
  console.log(
    `${name}: median ${result.median} ms, p95 ${result.p95} ms, ${result.statements} SQL statements per request`,
  );
  return result;
}

const tree = await ensureTree();
const first = (await gql(CHILD_ITEMS, { fullPath: groupPath, iid: String(tree.iid) })) as {
  data: { group: { epic: { children: { edges: unknown[] }; issues: { edges: unknown[] } } } };
};
const rows = first.data.group.epic.children.edges.length + first.data.group.epic.issues.edges.length;
console.log(
  `loadavg ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; rows ${rows}`,
);
if (values.capture) {
  const { queries } = await handle.captureQueries(() =>
    gql(CHILD_ITEMS, { fullPath: groupPath, iid: String(tree.iid) }),
  );
  (await import('node:fs')).writeFileSync(values.capture, JSON.stringify(queries, null, 1));
  console.log(`wrote ${queries.length} statements to ${values.capture}`);
}
await measure('childItems (first 100 rows, counts and rollups)', async () => {
  await gql(CHILD_ITEMS, { fullPath: groupPath, iid: String(tree.iid) });
});
const last = tree.childIds[tree.childIds.length - 1] as number;
const head = tree.childIds[0] as number;
let flip = false;
await measure('epicTreeReorder (child epic to the top and back)', async () => {
  flip = !flip;
  await gql(REORDER, {
    baseEpicId: `gid://gitlab/Epic/${tree.baseId}`,
    moved: flip
      ? { id: `gid://gitlab/Epic/${last}`, adjacentReferenceId: `gid://gitlab/Epic/${head}`, relativePosition: 'after' }
      : {
          id: `gid://gitlab/Epic/${last}`,
          adjacentReferenceId: `gid://gitlab/Epic/${head}`,
          relativePosition: 'before',
        },
  });
});
await app.close();
await handle.close?.();
