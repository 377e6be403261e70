import { type InsertObject, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import type { ReferenceContext } from '../../../markdown/gfm-references';
import type { InTransaction } from '../../../service-context';
import type { GroupRow, ProjectRow } from '../../namespaces';
import type { ImportJobRow } from '../import-jobs';

/** A kind of record other records refer to, and so the kinds a batch's references are looked up in. */
export type RefKind =
  | 'users'
  | 'groups'
  | 'projects'
  | 'labels'
  | 'milestones'
  | 'iterations_cadences'
  | 'iterations'
  | 'issues'
  | 'epics'
  | 'notes';

export interface Ref {
  kind: RefKind;
  key: string;
}

/** What one batch of archive records is imported with: the transaction, the job, the target group, the references resolved. */
export interface ArchiveImport {
  ctx: InTransaction;
  job: ImportJobRow;
  /** The group created for the import: the archive's top group becomes it. */
  root: GroupRow;
  /** The source instance (the manifest's URL): people are matched per source. */
  sourceUrl: string;
  /** The id created for a record the batch refers to; undefined when the archive did not hold it (or it was skipped). */
  id(kind: RefKind, key: string): number | undefined;
  /** Notes what a record of the batch created, for the records after it in the same batch (a subgroup's parent). */
  remember(kind: string, key: string, id: number): void;
  /** The groups and projects the batch's records belong to, for their Markdown's references. */
  groups: Map<number, GroupRow>;
  projects: Map<number, ProjectRow>;
  projectContext(project: ProjectRow): ReferenceContext;
}

const joinKey = (kind: string, key: string) => `${kind}\u0000${key}`;

/**
 * The ids the job created for the records a batch refers to, in one statement: the idempotency keys
 * (`import_job_items`) double as the map from the archive's keys to this instance's rows.
 */
export async function resolveRefs<K extends string = RefKind>(
  ctx: InTransaction,
  jobId: number,
  refs: Array<{ kind: K; key: string }>,
) {
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

/** The record's values under their own names: the columns an archive record shares with its table. */
export function same<T, K extends keyof T>(record: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, record[name]])) as Pick<T, K>;
}

/** A record's creation and update times, as the row keeps them. */
export const times = (record: { created_at: string; updated_at: string }) => ({
  created_at: new Date(record.created_at),
  updated_at: new Date(record.updated_at),
});

/** Inserts the record's row and reports it created (its id is the record's target in `import_job_items`). */
export async function insertCreated<T extends keyof DB & string>(
  a: ArchiveImport,
  table: T,
  values: InsertObject<DB, T>,
): Promise<{ created: number }> {
  const row = await a.ctx.db
    .insertInto(table)
    .values(values as never)
    .returning(sql<number>`id`.as('id'))
    .executeTakeFirstOrThrow();
  return { created: row.id };
}
