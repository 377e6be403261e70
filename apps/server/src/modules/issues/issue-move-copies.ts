import { createHash } from 'node:crypto';
import type { ReferenceContext } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import { keysetBatches } from '../../db/keyset-batches';
import type { DB } from '../../db/schema';
import { renderMarkdown } from '../../markdown/render-markdown';
import { rewriteReferences } from '../../markdown/rewrite-references';

/** Notes copied per statement: a long issue moves in a few round trips and never sits whole in memory. */
const NOTE_BATCH = 200;
/** Text that may hold a reference: anything else keeps its stored HTML. */
const MAY_REFER = /[#!&~%]/;

export interface MoveContexts {
  /** The original issue's project, whose text the notes were written in. */
  from: ReferenceContext;
  /** The target project, whose text they become. */
  to: ReferenceContext;
}

/** A thread keeps its notes together under a new id, stable for a given thread and new issue. */
const movedDiscussionId = (discussionId: string, toId: number) =>
  createHash('sha256').update(`${discussionId}:${toId}`).digest('hex').slice(0, 40);

/**
 * Every note of the issue onto the new one, in order, with its author, dates, thread and award emoji
 * (GitLab's Issues::MoveService and Notes::CopyService): short references are rewritten for the target
 * project (`rewriteReferences`), comments' HTML rendered there. A system note's HTML stays rendered
 * without a project, as `addSystemNote` writes it, and the items it names (`system_note_references`)
 * go with it, so a reader of the target who may not read them does not see it either.
 */
export async function copyNotes(
  trx: Transaction<DB>,
  fromId: number,
  toId: number,
  targetProjectId: number,
  contexts: MoveContexts,
) {
  const batches = keysetBatches(async (after: number | undefined) => {
    const rows = await trx
      .selectFrom('notes')
      .selectAll()
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', '=', fromId)
      .$if(after !== undefined, (q) => q.where('id', '>', after as number))
      .orderBy('id')
      .limit(NOTE_BATCH)
      .execute();
    return { rows, next: rows.length === NOTE_BATCH ? (rows.at(-1)?.id ?? null) : null };
  });
  for await (const rows of batches) {
    // The new ids are taken first, so that the notes' award emoji can follow them in one statement.
    const { rows: fresh } = await sql<{ id: number }>`
      SELECT nextval(pg_get_serial_sequence('notes', 'id'))::int AS id FROM generate_series(1, ${rows.length})`.execute(
      trx,
    );
    const newIds = fresh.map((r) => r.id);
    await trx
      .insertInto('notes')
      .values(
        rows.map((n, i) => {
          const note = rewriteReferences(n.note, contexts.from, contexts.to);
          return {
            id: newIds[i] as number,
            noteable_type: 'Issue',
            noteable_id: toId,
            project_id: targetProjectId,
            group_id: null,
            author_id: n.author_id,
            discussion_id: movedDiscussionId(n.discussion_id, toId),
            note,
            note_html: copiedNoteHtml(n, note, contexts.to),
            system: n.system,
            internal: n.internal,
            resolvable: n.resolvable,
            resolved_at: n.resolved_at,
            resolved_by_id: n.resolved_by_id,
            created_at: n.created_at,
            updated_at: n.updated_at,
            last_edited_at: n.last_edited_at,
            updated_by_id: n.updated_by_id,
          };
        }),
      )
      .execute();
    await sql`
      INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id, created_at, updated_at)
      SELECT a.name, a.user_id, 'Note', m.new_id, a.created_at, a.updated_at
      FROM award_emoji a
      JOIN unnest(${sql.val(rows.map((n) => n.id))}::int[], ${sql.val(newIds)}::int[]) AS m(old_id, new_id)
        ON a.awardable_type = 'Note' AND a.awardable_id = m.old_id
      ORDER BY a.id`.execute(trx);
    // Only system notes name items: a batch of comments skips the statement.
    if (!rows.some((n) => n.system)) continue;
    await sql`
      INSERT INTO system_note_references (note_id, issue_id, epic_id)
      SELECT m.new_id, r.issue_id, r.epic_id
      FROM system_note_references r
      JOIN unnest(${sql.val(rows.map((n) => n.id))}::int[], ${sql.val(newIds)}::int[]) AS m(old_id, new_id)
        ON r.note_id = m.old_id
      ORDER BY r.id`.execute(trx);
  }
}

function copiedNoteHtml(
  original: { system: boolean; note: string; note_html: string | null },
  note: string,
  to: ReferenceContext,
): string | null {
  if (original.system) return note === original.note ? original.note_html : renderMarkdown(note);
  return MAY_REFER.test(note) ? renderMarkdown(note, to) : original.note_html;
}

/** The issue's own award emoji, time logs (so spent time stays with the work), and related links, onto the new issue. */
export async function carryIssueRecords(trx: Transaction<DB>, fromId: number, toId: number) {
  await sql`
    INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id, created_at, updated_at)
    SELECT name, user_id, 'Issue', ${toId}, created_at, updated_at
    FROM award_emoji WHERE awardable_type = 'Issue' AND awardable_id = ${fromId} ORDER BY id`.execute(trx);
  await sql`
    INSERT INTO timelogs (issue_id, user_id, time_spent, summary, spent_at, created_at)
    SELECT ${toId}, user_id, time_spent, summary, spent_at, created_at
    FROM timelogs WHERE issue_id = ${fromId} ORDER BY id`.execute(trx);
  // GitLab moves the links rather than copying them: the closed original keeps none.
  await trx.updateTable('issue_links').set({ source_id: toId }).where('source_id', '=', fromId).execute();
  await trx.updateTable('issue_links').set({ target_id: toId }).where('target_id', '=', fromId).execute();
}
