import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/** The PostgreSQL notification channel every Meridian process listens on. */
export const CHANGE_CHANNEL = 'meridian_item_changes';

export type ChangedKind = 'Issue' | 'Epic' | 'MergeRequest';

/** What changed on the item, for subscribers that care (the version cache does not). */
export type ChangeWhat = 'updated' | 'deleted' | 'note';

/** One "item changed" event as it travels: kind, id and the writing transaction's id as version. */
export interface ItemChange {
  kind: ChangedKind;
  id: number;
  what: ChangeWhat;
  /** Unique per writing transaction, the same in every process that receives it. */
  version: string;
}

const KINDS = new Set<string>(['Issue', 'Epic', 'MergeRequest']);
const WHATS = new Set<string>(['updated', 'deleted', 'note']);

/**
 * Says that an issue, epic or merge request changed. Inside a transaction, PostgreSQL delivers the
 * notification when it commits (never on rollback) and folds identical ones into one, which is why
 * the version is the transaction id rather than a random value: several writes to one item in one
 * transaction reach listeners as one event. One statement; the payload stays far below
 * PostgreSQL's 8000-byte limit.
 */
export async function publishChange(executor: Executor, kind: ChangedKind, id: number, what: ChangeWhat) {
  await sql`select pg_notify(${CHANGE_CHANNEL}, ${`${kind}:${id}:${what}:`} || txid_current()::text)`.execute(executor);
}

/** The event in a notification payload; undefined for anything malformed (never thrown at the listener). */
export function parseChange(payload: string | undefined): ItemChange | undefined {
  const [kind, id, what, version, extra] = (payload ?? '').split(':');
  const number = Number(id);
  if (extra !== undefined || !kind || !KINDS.has(kind) || !what || !WHATS.has(what) || !version) return undefined;
  if (!Number.isSafeInteger(number) || number <= 0) return undefined;
  return { kind: kind as ChangedKind, id: number, what: what as ChangeWhat, version };
}
