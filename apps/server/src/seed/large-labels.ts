import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { n } from './large-epics';
import { mix } from './large-setup';

/** Where the bench labels of issues or merge requests go: the owners' table and its label link table. */
const LABEL_LINKS = {
  issues: { link: 'issue_labels', owner: 'issue_id' },
  merge_requests: { link: 'merge_request_labels', owner: 'merge_request_id' },
} as const;

/**
 * Labels the rows `lo`..`hi` of `owners`, picked by hashing each id: one label on `one` in 10 of
 * them, a second, different label on `two` in 10.
 */
export async function insertHashedLabels(
  trx: Transaction<DB>,
  owners: keyof typeof LABEL_LINKS,
  labels: readonly number[],
  range: { lo: number; hi: number },
  share: { one: number; two: number },
): Promise<void> {
  const { link, owner } = LABEL_LINKS[owners];
  const rows = sql`FROM ${sql.table(owners)} WHERE id BETWEEN ${n(range.lo)} AND ${n(range.hi)}`;
  await sql`
    INSERT INTO ${sql.table(link)} (${sql.ref(owner)}, label_id)
    SELECT id, (${labels}::int[])[1 + ${mix('id', 31)} % ${n(labels.length)}] ${rows} AND ${mix('id', 3)} % 10 < ${sql.lit(share.one)}
    UNION ALL
    SELECT id, (${labels}::int[])[1 + (${mix('id', 31)} % ${n(labels.length)} + 1 + ${mix('id', 13)} % ${n(labels.length - 1)}) % ${n(labels.length)}]
    ${rows} AND ${mix('id', 3)} % 10 < ${sql.lit(share.two)}
    ON CONFLICT DO NOTHING`.execute(trx);
}
