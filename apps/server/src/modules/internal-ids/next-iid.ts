import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB } from '../../db/schema';

/** Internal-id sequences (the CHECK on internal_ids.usage lists the same values). */
export type IidUsage =
  | 'issues'
  | 'merge_requests'
  | 'project_milestones'
  | 'epics'
  | 'group_milestones'
  | 'iterations'
  | 'deployments';

/** Table and container column holding the iids of each usage, to seed a missing counter. */
const SOURCES: Record<IidUsage, { table: string; container: string }> = {
  issues: { table: 'issues', container: 'project_id' },
  merge_requests: { table: 'merge_requests', container: 'project_id' },
  project_milestones: { table: 'milestones', container: 'project_id' },
  epics: { table: 'epics', container: 'group_id' },
  group_milestones: { table: 'milestones', container: 'group_id' },
  iterations: { table: 'iterations', container: 'group_id' },
  deployments: { table: 'deployments', container: 'project_id' },
};

/**
 * Allocates the next iid for `usage` inside `containerId` (project or group id).
 * Atomic: a single upsert on (usage, container_id) that row-locks the counter until the
 * caller's transaction ends, so concurrent creators get distinct values. When the counter is
 * absent it starts from the container's current max iid + 1 (rows imported or seeded directly).
 * Pass the transaction that inserts the row so a rollback also releases the number.
 */
export async function nextIid(trx: Transaction<DB> | Database, usage: IidUsage, containerId: number): Promise<number> {
  const source = SOURCES[usage];
  const seed = sql<number>`(SELECT coalesce(max(iid), 0) + 1 FROM ${sql.table(source.table)} WHERE ${sql.ref(
    source.container,
  )} = ${containerId})`;
  const result = await sql<{ last_value: number }>`
    INSERT INTO internal_ids (usage, container_id, last_value)
    VALUES (${usage}, ${containerId}, ${seed})
    ON CONFLICT (usage, container_id) DO UPDATE SET last_value = internal_ids.last_value + 1
    RETURNING last_value`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`nextIid: no value returned for ${usage}/${containerId}`);
  return Number(row.last_value);
}
