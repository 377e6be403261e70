import { sql } from 'kysely';
import type { Database } from '../../db/connection';

/** What a source item refers to: the kind and source id of another item of the same job. */
export interface SourceRef<K extends string = string> {
  kind: K;
  key: string;
}

const joinKey = (kind: string, key: string) => `${kind}\u0000${key}`;

/**
 * The ids the job created for the items a batch refers to, in one statement: the idempotency keys
 * (`import_job_items`) double as the map from the source's keys to this instance's rows. `remember`
 * adds what a batch created for the items after it in the same batch. (`ctx.db` is the batch's
 * transaction, or the pool for what is read before it.)
 */
export async function resolveRefs<K extends string>(ctx: { db: Database }, jobId: number, refs: SourceRef<K>[]) {
  const unique = [...new Map(refs.map((r) => [joinKey(r.kind, r.key), r])).values()];
  const found = new Map<string, number>();
  if (unique.length > 0) {
    const { rows } = await sql<{ kind: string; source_id: string; target_id: number }>`
      SELECT i.kind, i.source_id, i.target_id FROM import_job_items i
      JOIN unnest(${sql.val(unique.map((r) => r.kind))}::text[], ${sql.val(unique.map((r) => r.key))}::text[])
        AS wanted(kind, source_id) ON i.kind = wanted.kind AND i.source_id = wanted.source_id
      WHERE i.job_id = ${jobId}`.execute(ctx.db);
    for (const row of rows) found.set(joinKey(row.kind, row.source_id), row.target_id);
  }
  return {
    id: (kind: K, key: string) => found.get(joinKey(kind, key)),
    remember: (kind: string, key: string, id: number) => {
      found.set(joinKey(kind, key), id);
    },
  };
}
