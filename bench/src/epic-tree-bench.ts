/**
 * The epic page's child tree, measured in-process (bench/epic-tree.ts, the report): a 6-level chain
 * of epics added once to the large data set, its level-5 epic holding 100 direct children.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database, DatabaseHandle } from '../../apps/server/src/db/connection';
import { benchApp } from './bench-app';
import { ownerToken } from './bench-context';
import { percentile, round1, sampleBounded } from './stats';

// The web's childItems document, as sent (gql.tada's client directives removed).
const treeApi = readFileSync(
  fileURLToPath(new URL('../../apps/web/src/features/epics/tree/treeApi.ts', import.meta.url)),
  'utf8',
);
export const CHILD_ITEMS = (/graphql\(`\s*(query childItems[\s\S]*?)`\)/.exec(treeApi)?.[1] ?? '').replace(
  /@_required/g,
  '',
);
if (!CHILD_ITEMS) throw new Error('childItems document not found in treeApi.ts');
const REORDER = `mutation($baseEpicId: EpicID!, $moved: EpicTreeNodeFieldsInputType!) {
  epicTreeReorder(input: { baseEpicId: $baseEpicId, moved: $moved }) { errors } }`;

export interface EpicTree {
  /** The level-5 epic's iid. */
  iid: number;
  /** Its top ancestor's id (epicTreeReorder's base). */
  baseId: number;
  childIds: number[];
}

/** Builds (once) the 6-level tree; answers the level-5 epic's iid and the base epic's id. */
async function ensureTree(db: Database, groupPath: string, userId: number): Promise<EpicTree> {
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

export interface EpicTreeTiming {
  name: string;
  median: number;
  p95: number;
  /** SQL statements of the costliest request. */
  statements: number;
  samples: number;
}

export interface SamplingOptions {
  requests: number;
  warmup: number;
  /** Stop sampling after this long (past 3 samples). */
  maxMs?: number;
}

/** The tree (built on first use) and its two requests, run in-process as the bench group's Owner. */
export interface EpicTreeBench {
  tree: EpicTree;
  /** One childItems request; answers its rows (child epics and issues). */
  childItems: () => Promise<number>;
  /** Moves the last child epic after the first, or back before it. */
  reorder: (toTop: boolean) => Promise<void>;
  close: () => Promise<void>;
}

export async function openEpicTreeBench(handle: DatabaseHandle, groupPath: string): Promise<EpicTreeBench> {
  const app = await benchApp(handle);
  const { token, userId } = await ownerToken(handle, groupPath, 'epic-tree-bench');
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'private-token': token },
      payload: { query, variables },
    });
    const body = res.json() as { data?: unknown; errors?: unknown[] };
    if (res.statusCode !== 200 || body.errors) throw new Error(`GraphQL failed: ${res.body.slice(0, 400)}`);
    return body;
  };
  const tree = await ensureTree(handle.db, groupPath, userId);
  const last = tree.childIds[tree.childIds.length - 1] as number;
  const head = tree.childIds[0] as number;
  return {
    tree,
    childItems: async () => {
      const answer = (await gql(CHILD_ITEMS, { fullPath: groupPath, iid: String(tree.iid) })) as {
        data: { group: { epic: { children: { edges: unknown[] }; issues: { edges: unknown[] } } } };
      };
      return answer.data.group.epic.children.edges.length + answer.data.group.epic.issues.edges.length;
    },
    reorder: async (toTop) => {
      await gql(REORDER, {
        baseEpicId: `gid://gitlab/Epic/${tree.baseId}`,
        moved: {
          id: `gid://gitlab/Epic/${last}`,
          adjacentReferenceId: `gid://gitlab/Epic/${head}`,
          relativePosition: toTop ? 'after' : 'before',
        },
      });
    },
    close: () => app.close(),
  };
}

/** Times `run` after `warmup` runs, counting each run's SQL statements. */
export async function timeInProcess(
  handle: DatabaseHandle,
  name: string,
  run: () => Promise<unknown>,
  { requests, warmup, maxMs = Number.POSITIVE_INFINITY }: SamplingOptions,
): Promise<EpicTreeTiming> {
  for (let i = 0; i < warmup; i++) await run();
  const statements: number[] = [];
  const times = await sampleBounded(
    async () => {
      const before = handle.queryCount();
      const start = performance.now();
      await run();
      const ms = performance.now() - start;
      statements.push(handle.queryCount() - before);
      return ms;
    },
    { count: requests, maxMs },
  );
  const result = {
    name,
    median: round1(percentile(times, 50)),
    p95: round1(percentile(times, 95)),
    statements: Math.max(...statements),
    samples: times.length,
  };
  return result;
}

export const describeTiming = (t: EpicTreeTiming) =>
  `${t.name}: median ${t.median} ms, p95 ${t.p95} ms, ${t.statements} SQL statements per request`;

/** childItems (first 100 rows, counts and rollups) and epicTreeReorder (a child epic to the top and back). */
export async function timeEpicTree(
  handle: DatabaseHandle,
  bench: EpicTreeBench,
  options: SamplingOptions,
): Promise<{ childItems: EpicTreeTiming; reorder: EpicTreeTiming }> {
  const childItems = await timeInProcess(
    handle,
    'childItems (first 100 rows, counts and rollups)',
    bench.childItems,
    options,
  );
  let toTop = false;
  const reorder = await timeInProcess(
    handle,
    'epicTreeReorder (child epic to the top and back)',
    () => {
      toTop = !toTop;
      return bench.reorder(toTop);
    },
    options,
  );
  return { childItems, reorder };
}
