import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { forbidden, notFound } from '../../errors';
import { canMergeRequest } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { publishChange } from '../../realtime/change-channel';
import type { ServiceContext } from '../../service-context';
import type { Noteable } from './noteable';
import { createNote, type NoteRow, visibleNotes } from './notes.service';

export interface Discussion {
  id: string;
  notes: NoteRow[];
}

/** Which notes a discussion list shows (GitLab's NotesFilterType): all, comments only, or system notes only. */
export type DiscussionFilter = 'all' | 'comments' | 'activity';

export interface DiscussionWindow {
  offset: number;
  limit: number;
  filter?: DiscussionFilter;
  /** By each discussion's first note: oldest first (GitLab's default) or newest first. */
  order?: 'asc' | 'desc';
}

/** A window of the noteable's discussions with their readable notes, and how many there are. */
export async function listDiscussions(
  db: Database,
  actor: Actor | null,
  n: Noteable,
  window: DiscussionWindow,
): Promise<{ discussions: Discussion[]; total: number }> {
  let base = visibleNotes(db, actor, n);
  if (window.filter === 'comments') base = base.where('nt.system', '=', false);
  if (window.filter === 'activity') base = base.where('nt.system', '=', true);
  const order = window.order ?? 'asc';
  const [ids, count] = await Promise.all([
    base
      .select(['nt.discussion_id', sql<number>`min(nt.id)`.as('first_id')])
      .groupBy('nt.discussion_id')
      .orderBy(sql`min(nt.created_at)`, order)
      .orderBy(sql`min(nt.id)`, order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select(sql<number>`count(DISTINCT nt.discussion_id)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const discussionIds = ids.map((r) => r.discussion_id);
  const notes =
    discussionIds.length === 0
      ? []
      : await base
          .selectAll('nt')
          .where('nt.discussion_id', 'in', discussionIds)
          .orderBy('nt.created_at')
          .orderBy('nt.id')
          .execute();
  const byId = new Map<string, NoteRow[]>(discussionIds.map((id) => [id, []]));
  for (const note of notes) byId.get(note.discussion_id)?.push(note);
  return { discussions: discussionIds.map((id) => ({ id, notes: byId.get(id) ?? [] })), total: Number(count.n) };
}

export async function findDiscussion(
  db: Database,
  actor: Actor | null,
  n: Noteable,
  discussionId: string,
): Promise<Discussion> {
  const notes = await visibleNotes(db, actor, n)
    .selectAll('nt')
    .where('nt.discussion_id', '=', discussionId)
    .orderBy('nt.created_at')
    .orderBy('nt.id')
    .execute();
  if (notes.length === 0) throw notFound('Discussion');
  return { id: discussionId, notes };
}

/** Starts a thread: a resolvable DiscussionNote in a new discussion. */
export async function createDiscussion(
  ctx: ServiceContext,
  n: Noteable,
  input: { body: string; internal?: boolean; createdAt?: Date },
): Promise<Discussion> {
  const note = await createNote(ctx, n, { ...input, resolvable: true });
  return { id: note.discussion_id, notes: [note] };
}

/**
 * Replies in a discussion. Replies inherit the thread's internal flag; replying to a lone
 * comment turns it into a thread (its notes become DiscussionNotes), as GitLab does.
 */
export async function replyToDiscussion(
  ctx: ServiceContext,
  n: Noteable,
  discussionId: string,
  input: { body: string; createdAt?: Date },
): Promise<NoteRow> {
  const { db, actor } = ctx;
  const discussion = await findDiscussion(db, actor, n, discussionId);
  const first = discussion.notes[0];
  if (!first || first.system) throw forbidden('403 Forbidden - system notes cannot be replied to');
  const note = await createNote(ctx, n, {
    ...input,
    internal: first.internal,
    discussionId,
    resolvable: true,
  });
  if (!first.resolvable) {
    await db
      .updateTable('notes')
      .set({ resolvable: true })
      .where('discussion_id', '=', discussionId)
      .where('noteable_type', '=', n.type)
      .where('noteable_id', '=', n.id)
      .execute();
  }
  return note;
}

/**
 * May the actor resolve threads here? Merge request threads: its author and Developer and above
 * (GitLab's `Discussion#can_resolve?`). Issue and epic threads are not resolvable in Meridian.
 */
export function canResolveThreads(actor: Actor | null, n: Noteable): boolean {
  return n.kind === 'merge_request' && canMergeRequest(actor, 'resolve_note', n.subject);
}

/**
 * Resolves or unresolves a thread (`PUT …/discussions/:id?resolved=`), or one note of it when
 * `noteId` is given: every resolvable comment of it records who resolved it and when. 403 for a lone
 * comment or system note (not resolvable) and for those who may not resolve.
 */
export async function resolveDiscussion(
  db: Database,
  actor: Actor | null,
  n: Noteable,
  discussionId: string,
  resolved: boolean,
  noteId?: number,
): Promise<Discussion> {
  const me = requireActor(actor);
  const discussion = await findDiscussion(db, actor, n, discussionId);
  if (noteId !== undefined && !discussion.notes.some((x) => x.id === noteId)) throw notFound('Note');
  const first = discussion.notes[0];
  if (!first?.resolvable || first.system) throw forbidden('403 Forbidden - the discussion is not resolvable');
  if (!canResolveThreads(me, n)) throw forbidden();
  await db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('notes')
      .set(resolved ? { resolved_at: new Date(), resolved_by_id: me.id } : { resolved_at: null, resolved_by_id: null })
      .where('discussion_id', '=', discussionId)
      .where('noteable_type', '=', n.type)
      .where('noteable_id', '=', n.id)
      .where('resolvable', '=', true)
      .where('system', '=', false);
    // Resolving leaves notes already resolved with their resolver and time.
    if (resolved) q = q.where('resolved_at', 'is', null);
    if (noteId !== undefined) q = q.where('id', '=', noteId);
    await q.execute();
    await publishChange(trx, n.type, n.id, 'note');
  });
  return findDiscussion(db, actor, n, discussionId);
}
