import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import type { DB, NotesTable } from '../../db/schema';
import { withTransaction } from '../../db/with-transaction';
import { forbidden, notFound } from '../../errors';
import { type ReferenceContext, renderMarkdown } from '../../markdown/render-markdown';
import { canNote, canNoteOn, type NoteAbility } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { noteNotHidden, systemNoteReferencesReadable } from '../../policy/sql-scopes';
import type { NoteSubject } from '../../policy/subjects';
import { publishChange } from '../../realtime/change-channel';
import type { ServiceContext } from '../../service-context';
import { fullPathsOfNamespaces } from '../namespaces';
import { notifyNoteable } from '../notifications';
import { applySecretPolicy } from '../secret-detection';
import { deleteAwardEmoji, newDiscussionId } from '../system-notes';
import { createMentionTodos } from '../todos';
import { queueWebhookEvent } from '../webhooks';
import { assertCanComment, type Noteable, noteableById, noteableLevel } from './noteable';

export type NoteRow = Selectable<NotesTable>;

/**
 * The policy subject of a note read through `visibleNotes` (so `hidden` is false: a banned author's
 * notes are filtered out there for everyone but admins, whom `hidden` does not bind).
 */
export function noteSubject(n: Noteable, note: Pick<NoteRow, 'author_id' | 'internal' | 'system'>): NoteSubject {
  return {
    kind: 'note',
    noteable: n.subject,
    authorId: note.author_id,
    internal: note.internal,
    system: note.system,
    hidden: false,
  };
}

/** May the actor see internal notes on this noteable? (Reporter and above, admins.) */
export function canSeeInternal(actor: Actor | null, n: Noteable): boolean {
  return canNote(actor, 'read_note', {
    kind: 'note',
    noteable: n.subject,
    authorId: null,
    internal: true,
    system: false,
  });
}

/**
 * Base query over the noteable's notes the actor may read: internal ones hidden below Reporter, a
 * banned author's comments hidden from everyone but admins (`noteNotHidden`), and a system note naming
 * an issue or epic the actor may not read hidden (`systemNoteReferencesReadable`).
 */
export function visibleNotes(db: Database, actor: Actor | null, n: Noteable) {
  let q = db
    .selectFrom('notes as nt')
    .where('nt.noteable_type', '=', n.type)
    .where('nt.noteable_id', '=', n.id)
    .where(noteNotHidden(actor, { authorId: 'nt.author_id' }))
    .where(systemNoteReferencesReadable(actor, 'nt'));
  if (!canSeeInternal(actor, n)) q = q.where('nt.internal', '=', false);
  return q;
}

const NOTEABLE_TABLE = { issue: 'issues', epic: 'epics', merge_request: 'merge_requests' } as const;

export interface ListNotesOptions {
  orderBy: 'created_at' | 'updated_at';
  sort: 'asc' | 'desc';
  activityFilter?: 'all_notes' | 'only_comments' | 'only_activity';
  page: number;
  perPage: number;
}

export async function listNotes(
  db: Database,
  actor: Actor | null,
  n: Noteable,
  opts: ListNotesOptions,
): Promise<{ rows: NoteRow[]; total: number }> {
  let base = visibleNotes(db, actor, n);
  if (opts.activityFilter === 'only_comments') base = base.where('nt.system', '=', false);
  if (opts.activityFilter === 'only_activity') base = base.where('nt.system', '=', true);
  return offsetPage(
    db,
    base.selectAll('nt').orderBy(`nt.${opts.orderBy}`, opts.sort).orderBy('nt.id', opts.sort),
    base.select(sql`1`.as('one')),
    opts,
  );
}

export async function findNote(db: Database, actor: Actor | null, n: Noteable, noteId: number): Promise<NoteRow> {
  const row = await visibleNotes(db, actor, n).selectAll('nt').where('nt.id', '=', noteId).executeTakeFirst();
  if (!row) throw notFound('Note');
  return row;
}

function assertNote(actor: Actor | null, ability: NoteAbility, n: Noteable, note: NoteRow) {
  if (!canNote(actor, ability, noteSubject(n, note))) throw forbidden();
}

export interface CreateNoteInput {
  body: string;
  internal?: boolean;
  createdAt?: Date;
  /** Reply into this discussion; a new discussion id otherwise. */
  discussionId?: string;
  /** true for a thread (DiscussionNote), false for a plain comment. */
  resolvable?: boolean;
}

/**
 * Adds a comment. Commenting needs `create_note` (locked discussions: members only); `internal`
 * needs Reporter; `created_at` is honoured only for admins and owners (ignored otherwise, as GitLab).
 */
export async function createNote(ctx: ServiceContext, n: Noteable, input: CreateNoteInput): Promise<NoteRow> {
  const { db, actor: me } = ctx;
  assertCanComment(me, n);
  const level = noteableLevel(me, n);
  if (input.internal && !canNoteOn(me, 'mark_note_as_internal', n.subject)) {
    throw forbidden('403 Forbidden - only Reporters and above may add internal notes');
  }
  const createdAt = input.createdAt && (me.admin || level >= AccessLevel.OWNER) ? input.createdAt : undefined;
  await applySecretPolicy(db, [{ field: 'body', text: input.body }]);
  const context = await noteReferenceContext(db, n);
  return withTransaction(db, async (trx) => {
    // A comment is activity on the issue or epic: it moves up in "recently updated" lists, as GitLab.
    await trx.updateTable(NOTEABLE_TABLE[n.kind]).set({ updated_at: new Date() }).where('id', '=', n.id).execute();
    const note = await insertNote(trx, me, n, input, createdAt, context);
    await publishChange(trx, n.type, n.id, 'note', { event: 'created', noteId: note.id });
    await createMentionTodos(trx, me, n, { text: note.note, note: { id: note.id, internal: note.internal } });
    await notifyNoteable({ ...ctx, db: trx }, n, {
      kind: 'new_note',
      noteId: note.id,
      body: note.note,
      internal: note.internal,
    });
    await queueWebhookEvent({ ...ctx, db: trx }, { kind: 'note', noteId: note.id, actorId: me.id });
    return note;
  });
}

/** Whose text a note is, for its references: the issue's project (one statement for its path) or the epic's group. */
async function noteReferenceContext(db: Database, n: Noteable): Promise<ReferenceContext> {
  if (n.kind === 'epic') return { groupPath: n.row.group_full_path };
  const namespace = (await fullPathsOfNamespaces(db, [n.row.namespace_id])).get(n.row.namespace_id);
  return namespace ? { projectPath: `${namespace}/${n.row.project_path}`, groupPath: namespace } : {};
}
function insertNote(
  trx: Transaction<DB>,
  me: Actor,
  n: Noteable,
  input: CreateNoteInput,
  createdAt: Date | undefined,
  context: ReferenceContext,
): Promise<NoteRow> {
  return trx
    .insertInto('notes')
    .values({
      noteable_type: n.type,
      noteable_id: n.id,
      project_id: n.projectId,
      group_id: n.groupId,
      author_id: me.id,
      discussion_id: input.discussionId ?? newDiscussionId(),
      note: input.body,
      note_html: renderMarkdown(input.body, context),
      internal: input.internal ?? false,
      resolvable: input.resolvable ?? false,
      ...(createdAt ? { created_at: createdAt, updated_at: createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateNote(ctx: ServiceContext, n: Noteable, noteId: number, body: string): Promise<NoteRow> {
  const { db, actor } = ctx;
  const note = await findNote(db, actor, n, noteId);
  assertNote(actor, 'update_note', n, note);
  await applySecretPolicy(db, [{ field: 'body', text: body }]);
  const context = await noteReferenceContext(db, n);
  return db.transaction().execute(async (trx) => {
    await publishChange(trx, n.type, n.id, 'note', { event: 'updated', noteId: note.id });
    const updated = await trx
      .updateTable('notes')
      .set({
        note: body,
        note_html: renderMarkdown(body, context),
        updated_at: new Date(),
        last_edited_at: new Date(),
        updated_by_id: requireActor(actor).id,
      })
      .where('id', '=', note.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const mentioning = { text: body, previousText: note.note, note: { id: note.id, internal: note.internal } };
    await createMentionTodos(trx, actor, n, mentioning);
    const mention = { kind: 'mention', text: body, previousText: note.note, internal: note.internal } as const;
    await notifyNoteable({ ...ctx, db: trx }, n, mention);
    return updated;
  });
}

export async function deleteNote(db: Database, actor: Actor | null, n: Noteable, noteId: number): Promise<void> {
  requireActor(actor);
  const note = await findNote(db, actor, n, noteId);
  assertNote(actor, 'destroy_note', n, note);
  await db.transaction().execute(async (trx) => {
    await deleteAwardEmoji(trx, 'Note', note.id);
    await trx.deleteFrom('notes').where('id', '=', note.id).execute();
    const left = await trx
      .selectFrom('notes')
      .select('id')
      .where('discussion_id', '=', note.discussion_id)
      .where('noteable_type', '=', n.type)
      .where('noteable_id', '=', n.id)
      .limit(1)
      .executeTakeFirst();
    await publishChange(trx, n.type, n.id, 'note', {
      event: 'deleted',
      noteId: note.id,
      discussionId: note.discussion_id,
      lastDiscussionNote: !left,
      internal: note.internal,
    });
  });
}

/** The noteable types a note row names, as `noteableById` reads them. */
const NOTEABLE_TYPES: ReadonlySet<string> = new Set<Noteable['type']>(['Issue', 'Epic', 'MergeRequest']);

/**
 * Deletes a note named by its id alone (GraphQL's destroyNote): its noteable is read through the
 * same policy as REST's `DELETE …/notes/:note_id`, so a note on something hidden is "not found".
 */
export async function deleteNoteById(db: Database, actor: Actor | null, noteId: number): Promise<void> {
  requireActor(actor);
  const at = await db
    .selectFrom('notes')
    .select(['noteable_type', 'noteable_id'])
    .where('id', '=', noteId)
    .executeTakeFirst();
  if (!at || !NOTEABLE_TYPES.has(at.noteable_type)) throw notFound('Note');
  const n = await noteableById(db, actor, at.noteable_type as Noteable['type'], at.noteable_id);
  await deleteNote(db, actor, n, noteId);
}
