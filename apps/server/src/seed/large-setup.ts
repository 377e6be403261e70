import { MAX_INT4 } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/connection';
import type { DB } from '../db/schema';

export const BENCH_GROUP_PATH = 'bench';

export interface LargeWorld {
  userIds: number[];
  /** bench first, then teams, then squads (project namespaces). */
  groupIds: number[];
  projectIds: number[];
  /** Project namespace per project (same order as projectIds). */
  projectGroupIds: number[];
  labelIds: number[];
  milestoneIds: number[];
}

/** One bulk table's run: `total` rows over `world`, dated up to `anchor`, inserted `batchSize` at a time. */
export interface LargeRun {
  db: Database;
  world: LargeWorld;
  total: number;
  anchor: string;
  batchSize: number;
  /** Told how many rows each batch inserted. */
  progress: (rows: number) => void;
}

/**
 * Inserts rows 0..count-1 through `insert`, `run.batchSize` at a time (rows `from`..`to`), each
 * batch in its own transaction, and reports each batch to `run.progress`.
 */
export async function inBatches(
  run: LargeRun,
  count: number,
  insert: (trx: Transaction<DB>, from: number, to: number) => Promise<void>,
): Promise<void> {
  for (let from = 0; from < count; from += run.batchSize) {
    const to = Math.min(count, from + run.batchSize) - 1;
    await run.db.transaction().execute((trx) => insert(trx, from, to));
    run.progress(to - from + 1);
  }
}

/** One batch of a reserved id block: rows `from`..`to` of the run, ids `lo`..`hi` (row k has id `base + k`). */
export interface IdBatch {
  base: number;
  from: number;
  to: number;
  lo: number;
  hi: number;
}

/** Reserves `run.total` ids of `table`, then inserts them through `insert` batch by batch (see `inBatches`). */
export async function inReservedIdBatches(
  run: LargeRun,
  table: string,
  insert: (trx: Transaction<DB>, batch: IdBatch) => Promise<void>,
): Promise<void> {
  const base = await reserveIdBlock(run.db, table, run.total);
  await inBatches(run, run.total, (trx, from, to) => insert(trx, { base, from, to, lo: base + from, hi: base + to }));
}

const USERS = 200;
const TEAMS = 5;
const SQUADS_PER_TEAM = 2;
const PROJECTS_PER_SQUAD = 5;

/**
 * A well-spread non-negative hash of an integer column. Row k goes to project k mod P, so plain
 * `id % 10` or `id * 31 % 35` picks would be the same for every row of a project (all of its issues
 * assigned, the same four assignees): pick with `mix(...) % n` instead.
 */
export const mix = (column: string, salt: number) =>
  sql`(hashint4(${sql.ref(column)} + ${sql.lit(salt)})::bigint & ${sql.lit(MAX_INT4)})`;

/** Reserves a contiguous block of `count` ids from a table's identity sequence; returns the first. */
export async function reserveIdBlock(db: Database, table: string, count: number): Promise<number> {
  const result = await sql<{ last: string }>`
    SELECT setval(pg_get_serial_sequence(${table}, 'id'), nextval(pg_get_serial_sequence(${table}, 'id')) + ${count} - 1) AS last`.execute(
    db,
  );
  return Number(result.rows[0]!.last) - count + 1;
}

/** Users, the bench group tree, ~50 projects, memberships, labels and monthly milestones. */
export async function seedLargeSetup(db: Database, anchor: string): Promise<LargeWorld> {
  const users = await sql<{ id: number }>`
    INSERT INTO users (username, name, email, password_hash, created_at)
    SELECT 'bench_user_' || g, 'Bench User ' || g, 'bench_user_' || g || '@example.com', '!',
           ${anchor}::date - 1200 + g
    FROM generate_series(1, ${USERS}) g ORDER BY g RETURNING id`.execute(db);
  const userIds = users.rows.map((r) => r.id).sort((a, b) => a - b);

  const insertGroup = async (path: string, name: string, parentId: number | null, visibility: number) => {
    const row = await sql<{ id: number }>`
      INSERT INTO namespaces (type, name, path, parent_id, visibility_level, description)
      VALUES ('Group', ${name}, ${path}, ${parentId}, ${visibility}, 'Generated for benchmarks') RETURNING id`.execute(
      db,
    );
    return row.rows[0]!.id;
  };
  const benchId = await insertGroup(BENCH_GROUP_PATH, 'Bench', null, 20);
  const teamIds: number[] = [];
  const squadIds: number[] = [];
  for (let t = 1; t <= TEAMS; t += 1) {
    const teamId = await insertGroup(`team-${t}`, `Team ${t}`, benchId, 20);
    teamIds.push(teamId);
    for (let s = 1; s <= SQUADS_PER_TEAM; s += 1)
      squadIds.push(await insertGroup(`squad-${s}`, `Squad ${t}.${s}`, teamId, 20));
  }
  const projectGroupIds = squadIds.flatMap((id) => Array.from({ length: PROJECTS_PER_SQUAD }, () => id));
  const projects = await sql<{ id: number }>`
    INSERT INTO projects (namespace_id, name, path, visibility_level, creator_id)
    SELECT ns, 'Project ' || ord, 'project-' || ord, CASE WHEN ord % 10 = 0 THEN 0 WHEN ord % 10 = 5 THEN 10 ELSE 20 END, ${userIds[0]!}
    FROM unnest(${projectGroupIds}::int[]) WITH ORDINALITY AS t(ns, ord) ORDER BY ord RETURNING id`.execute(db);
  const projectIds = projects.rows.map((r) => r.id).sort((a, b) => a - b);

  // Everyone is a member of bench: user 1 Owner, the rest cycling through the other roles.
  await sql`
    INSERT INTO group_members (group_id, user_id, access_level)
    SELECT ${benchId}, u, CASE WHEN ord = 1 THEN 50 ELSE (ARRAY[10, 15, 20, 30, 30, 30, 40])[1 + ord % 7] END
    FROM unnest(${userIds}::int[]) WITH ORDINALITY AS t(u, ord)`.execute(db);

  const labelTitles = [
    ...['1', '2', '3', '4'].map((p) => `priority::${p}`),
    ...['bug', 'feature', 'maintenance'].map((t) => `type::${t}`),
    ...['in dev', 'in review', 'done'].map((w) => `workflow::${w}`),
    ...Array.from({ length: TEAMS }, (_, i) => `team::${i + 1}`),
    ...Array.from({ length: 20 }, (_, i) => `area-${i + 1}`),
  ];
  const palette = ['#1068bf', '#217645', '#c91c00', '#9e5400', '#694cc0', '#dbdbdb', '#f0ad4e', '#ffecdb'];
  const labels = await sql<{ id: number }>`
    INSERT INTO labels (group_id, title, color, text_color)
    SELECT ${benchId}, title, (${palette}::text[])[1 + ord::int % ${palette.length}],
           CASE WHEN ord::int % ${palette.length} IN (5, 7) THEN '#333333' ELSE '#FFFFFF' END
    FROM unnest(${labelTitles}::text[]) WITH ORDINALITY AS t(title, ord) ORDER BY ord RETURNING id`.execute(db);
  const labelIds = labels.rows.map((r) => r.id).sort((a, b) => a - b);

  const milestones = await sql<{ id: number }>`
    INSERT INTO milestones (iid, group_id, title, state, start_date, due_date)
    SELECT g + 1, ${benchId}, 'Month ' || (g + 1), CASE WHEN ${anchor}::date - 540 + g * 30 + 29 < ${anchor}::date THEN 'closed' ELSE 'active' END,
           ${anchor}::date - 540 + g * 30, ${anchor}::date - 540 + g * 30 + 29
    FROM generate_series(0, 36) g ORDER BY g RETURNING id`.execute(db);
  const milestoneIds = milestones.rows.map((r) => r.id).sort((a, b) => a - b);

  return { userIds, groupIds: [benchId, ...teamIds, ...squadIds], projectIds, projectGroupIds, labelIds, milestoneIds };
}
