import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/** The PostgreSQL notification channel every Meridian process listens on. */
export const CHANGE_CHANNEL = 'meridian_item_changes';

export type ItemKind = 'Issue' | 'Epic' | 'MergeRequest';
/** What changed: an issuable, or an import job's progress (`modules/imports`). */
export type ChangedKind = ItemKind | 'ImportJob';

/**
 * What changed on the item, for subscribers that care (the version cache does not). A change of the
 * label set sends `labels` besides `updated`.
 */
export type ChangeWhat = 'updated' | 'deleted' | 'note' | 'labels';

/** One "item changed" event as it travels: kind, id and the writing transaction's id as version. */
export interface ItemChange {
  kind: ChangedKind;
  id: number;
  what: ChangeWhat;
  /** Unique per writing transaction, the same in every process that receives it. */
  version: string;
  /** For a `note` change made through the notes service: which note, and how (subscriptions use it). */
  note?: NoteEvent;
}

/** A note created, edited, or deleted (with its thread and whether it was the thread's last note). */
export type NoteEvent =
  | { event: 'created'; noteId: number }
  | { event: 'updated'; noteId: number }
  | { event: 'deleted'; noteId: number; discussionId: string; lastDiscussionNote: boolean; internal: boolean };

const CREATED = /^c\.(\d{1,10})$/;
const UPDATED = /^u\.(\d{1,10})$/;
const DELETED = /^d\.(\d{1,10})\.([0-9a-f]{40})\.([01])\.([01])$/;

/** The note event as it travels after the version: `c.<id>`, `u.<id>` or `d.<id>.<discussion>.<last>.<internal>`. */
export function formatNoteEvent(note: NoteEvent): string {
  if (note.event === 'created') return `c.${note.noteId}`;
  if (note.event === 'updated') return `u.${note.noteId}`;
  return `d.${note.noteId}.${note.discussionId}.${note.lastDiscussionNote ? 1 : 0}.${note.internal ? 1 : 0}`;
}

/** The note event of a payload's last part; undefined when malformed. */
export function parseNoteEvent(text: string): NoteEvent | undefined {
  const created = CREATED.exec(text);
  if (created) return { event: 'created', noteId: Number(created[1]) };
  const updated = UPDATED.exec(text);
  if (updated) return { event: 'updated', noteId: Number(updated[1]) };
  const deleted = DELETED.exec(text);
  if (!deleted) return undefined;
  return {
    event: 'deleted',
    noteId: Number(deleted[1]),
    discussionId: deleted[2] ?? '',
    lastDiscussionNote: deleted[3] === '1',
    internal: deleted[4] === '1',
  };
}

const KINDS = new Set<string>(['Issue', 'Epic', 'MergeRequest', 'ImportJob']);
const WHATS = new Set<string>(['updated', 'deleted', 'note', 'labels']);

/**
 * Says that an issue, epic or merge request changed. Inside a transaction, PostgreSQL delivers the
 * notification when it commits (never on rollback) and folds identical ones into one, which is why
 * the version is the transaction id rather than a random value: several writes to one item in one
 * transaction reach listeners as one event. One statement; the payload stays far below
 * PostgreSQL's 8000-byte limit.
 */
export async function publishChange(
  executor: Executor,
  kind: ChangedKind,
  id: number,
  what: ChangeWhat,
  note?: NoteEvent,
) {
  const suffix = note ? `:${formatNoteEvent(note)}` : '';
  await sql`select pg_notify(${CHANGE_CHANNEL}, ${`${kind}:${id}:${what}:`} || txid_current()::text || ${suffix})`.execute(
    executor,
  );
}

/** The event in a notification payload; undefined for anything malformed (never thrown at the listener). */
export function parseChange(payload: string | undefined): ItemChange | undefined {
  const [kind, id, what, version, detail, extra] = (payload ?? '').split(':', 6);
  const number = Number(id);
  const note = detail === undefined ? undefined : parseNoteEvent(detail);
  if (extra !== undefined || (detail !== undefined && (!note || what !== 'note'))) return undefined;
  if (!kind || !KINDS.has(kind) || !what || !WHATS.has(what) || !version) return undefined;
  if (!Number.isSafeInteger(number) || number <= 0) return undefined;
  return { kind: kind as ChangedKind, id: number, what: what as ChangeWhat, version, ...(note ? { note } : {}) };
}
