import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { awardsOfNotes, presentAward } from '../award-emoji';
import { createComment } from '../comments';
import { readableHtml } from '../markdown';
import { presentCommandsOnly, withCommandsChanges } from '../quick-actions';
import { type Discussion, findDiscussion, listDiscussions, resolveDiscussion } from './discussions.service';
import {
  createNoteSchema,
  listNotesSchema,
  replySchema,
  resolveSchema,
  updateDiscussionNoteSchema,
  updateNoteSchema,
} from './note-params';
import { epicNoteableById, epicNoteableByIid, type Noteable, projectNoteable } from './noteable';
import { loadUsers, presentDiscussion, presentNote } from './notes.presenter';
import { deleteNote, findNote, listNotes, type NoteRow, updateNote } from './notes.service';

type Params = {
  id: string;
  issue_iid?: string;
  epic_id?: string;
  epic_iid?: string;
  merge_request_iid?: string;
  note_id?: string;
  discussion_id?: string;
};

type NoteableKind = Noteable['kind'];

/** Where each kind's notes live (the epic by its global id, as GitLab's epic notes API). */
const BASES: Record<NoteableKind, string> = {
  issue: '/projects/:id/issues/:issue_iid',
  epic: '/groups/:id/epics/:epic_id',
  merge_request: '/projects/:id/merge_requests/:merge_request_iid',
};

/**
 * Resolves the noteable of an issue, epic or merge request route. The epic is addressed by its global
 * id (`:epic_id`, the notes API) or by its iid (`:epic_iid`, the award emoji API), as GitLab does.
 */
export function noteableFor(
  db: Database,
  request: FastifyRequest,
  kind: NoteableKind,
  epicBy: 'id' | 'iid' = 'id',
): Promise<Noteable> {
  const p = request.params as Params;
  const container = parseIdOrPath(p.id);
  switch (kind) {
    case 'issue':
    case 'merge_request':
      return projectNoteable(db, request.actor, kind, container, parseIntParam(p[`${kind}_iid`], `${kind}_iid`));
    case 'epic':
      return epicBy === 'iid'
        ? epicNoteableByIid(db, request.actor, container, parseIntParam(p.epic_iid, 'epic_iid'))
        : epicNoteableById(db, request.actor, container, parseIntParam(p.epic_id, 'epic_id'));
  }
}

const noteId = (request: FastifyRequest) => parseIntParam((request.params as Params).note_id, 'note_id');

function discussionId(request: FastifyRequest): string {
  const id = (request.params as Params).discussion_id ?? '';
  return /^[0-9a-f]{1,64}$/i.test(id) ? id : '';
}

/** A new note's params (`confidential` is GitLab's older name for `internal`). */
function newNoteOf(request: FastifyRequest) {
  const input = parseInput(createNoteSchema, requestParams(request));
  return { body: input.body, internal: input.internal ?? input.confidential ?? false, createdAt: input.created_at };
}

/**
 * Notes on issues (`/projects/:id/issues/:issue_iid/notes`), epics (`/groups/:id/epics/:epic_id/notes`,
 * epic global id as GitLab documents) and merge requests (`/projects/:id/merge_requests/:iid/notes`),
 * and their discussions (threads); merge request threads are resolvable.
 */
export const notesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  /** The notes with their HTML's references redacted for the reader, in one batch. */
  async function redacted(actor: Actor | null, notes: NoteRow[]): Promise<NoteRow[]> {
    const htmls = await readableHtml(
      db,
      actor,
      notes.map((x) => ({ table: 'notes', id: x.id, html: x.note_html })),
    );
    return notes.map((x, i) => ({ ...x, note_html: htmls[i] ?? '' }));
  }

  async function one(request: FastifyRequest, n: Noteable, note: NoteRow) {
    const [shown] = await redacted(request.actor, [note]);
    return presentNote(ctx, n, shown ?? note, await loadUsers(db, [note.author_id, note.resolved_by_id]));
  }

  /**
   * Discussions as GitLab's API answers them, each note with its award emoji (`award_emoji`,
   * Meridian's addition, as GitLab's own page JSON has it) so that a page of notes needs no request
   * per note for its reactions: awards and users in one statement each.
   */
  async function discussions(request: FastifyRequest, n: Noteable, list: Discussion[]) {
    const awards = await awardsOfNotes(
      db,
      list.flatMap((d) => d.notes.map((x) => x.id)),
    );
    const users = await loadUsers(db, [
      ...list.flatMap((d) => d.notes.flatMap((x) => [x.author_id, x.resolved_by_id])),
      ...[...awards.values()].flatMap((rows) => rows.map((a) => a.user_id)),
    ]);
    const notes = await redacted(
      request.actor,
      list.flatMap((d) => d.notes),
    );
    let at = 0;
    return list.map((d) => {
      const mine = notes.slice(at, at + d.notes.length);
      at += d.notes.length;
      const shown = presentDiscussion(ctx, n, d.id, mine, users);
      return {
        ...shown,
        notes: shown.notes.map((note) => ({
          ...note,
          award_emoji: (awards.get(note.id) ?? []).map((a) => presentAward(ctx, a, users)),
        })),
      };
    });
  }

  /** 404 unless the note belongs to the discussion in the path. */
  async function noteInDiscussion(request: FastifyRequest, n: Noteable) {
    const note = await findNote(db, request.actor, n, noteId(request));
    if (note.discussion_id !== discussionId(request)) throw notFound('Note');
  }

  for (const kind of ['issue', 'epic', 'merge_request'] as const) {
    const base = BASES[kind];

    app.get(`${base}/notes`, async (request, reply) => {
      const n = await noteableFor(db, request, kind);
      const q = parseInput(listNotesSchema, request.query);
      const { rows, total } = await listNotes(db, request.actor, n, {
        orderBy: q.order_by,
        sort: q.sort,
        activityFilter: q.activity_filter,
        page: q.page,
        perPage: q.per_page,
      });
      const users = await loadUsers(
        db,
        rows.flatMap((r) => [r.author_id, r.resolved_by_id]),
      );
      setPaginationHeaders(request, reply, q, total);
      return (await redacted(request.actor, rows)).map((r) => presentNote(ctx, n, r, users));
    });

    app.post(`${base}/notes`, async (request, reply) => {
      const writer = serviceContext(ctx, request.actor);
      const n = await noteableFor(db, request, kind);
      const made = await createComment(writer, n, newNoteOf(request));
      if (!made.note) return reply.status(202).send(presentCommandsOnly(made.commands));
      return reply.status(201).send(withCommandsChanges(await one(request, n, made.note), made.commands));
    });

    app.get(`${base}/notes/:note_id`, async (request) => {
      const n = await noteableFor(db, request, kind);
      return one(request, n, await findNote(db, request.actor, n, noteId(request)));
    });

    app.put(`${base}/notes/:note_id`, async (request) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      const input = parseInput(updateNoteSchema, requestParams(request));
      return one(request, n, await updateNote(serviceContext(ctx, request.actor), n, noteId(request), input.body));
    });

    app.delete(`${base}/notes/:note_id`, async (request, reply) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      await deleteNote(db, request.actor, n, noteId(request));
      return reply.status(204).send();
    });

    app.get(`${base}/discussions`, async (request, reply) => {
      const n = await noteableFor(db, request, kind);
      const q = parseInput(pageParams, request.query);
      const { discussions: list, total } = await listDiscussions(db, request.actor, n, {
        offset: (q.page - 1) * q.per_page,
        limit: q.per_page,
      });
      setPaginationHeaders(request, reply, q, total);
      return discussions(request, n, list);
    });

    app.get(`${base}/discussions/:discussion_id`, async (request) => {
      const n = await noteableFor(db, request, kind);
      const d = await findDiscussion(db, request.actor, n, discussionId(request));
      return (await discussions(request, n, [d]))[0];
    });

    app.post(`${base}/discussions`, async (request, reply) => {
      const writer = serviceContext(ctx, request.actor);
      const n = await noteableFor(db, request, kind);
      const made = await createComment(writer, n, { ...newNoteOf(request), thread: true });
      if (!made.note) return reply.status(202).send(presentCommandsOnly(made.commands));
      const [discussion] = await discussions(request, n, [{ id: made.note.discussion_id, notes: [made.note] }]);
      const [first, ...rest] = discussion?.notes ?? [];
      return reply
        .status(201)
        .send(first ? { ...discussion, notes: [withCommandsChanges(first, made.commands), ...rest] } : discussion);
    });

    app.post(`${base}/discussions/:discussion_id/notes`, async (request, reply) => {
      const writer = serviceContext(ctx, request.actor);
      const n = await noteableFor(db, request, kind);
      const input = parseInput(replySchema, requestParams(request));
      const replyTo = discussionId(request);
      const made = await createComment(writer, n, { body: input.body, createdAt: input.created_at, replyTo });
      if (!made.note) return reply.status(202).send(presentCommandsOnly(made.commands));
      return reply.status(201).send(withCommandsChanges(await one(request, n, made.note), made.commands));
    });

    app.put(`${base}/discussions/:discussion_id/notes/:note_id`, async (request) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      await noteInDiscussion(request, n);
      if (kind !== 'merge_request') {
        const input = parseInput(updateNoteSchema, requestParams(request));
        return one(request, n, await updateNote(serviceContext(ctx, request.actor), n, noteId(request), input.body));
      }
      // A merge request thread's note: exactly one of `body` and `resolved`, as GitLab.
      const input = parseInput(updateDiscussionNoteSchema, requestParams(request));
      if (input.body !== undefined)
        return one(request, n, await updateNote(serviceContext(ctx, request.actor), n, noteId(request), input.body));
      const id = noteId(request);
      const d = await resolveDiscussion(db, request.actor, n, discussionId(request), input.resolved === true, id);
      const note = d.notes.find((x) => x.id === id);
      if (!note) throw notFound('Note');
      return one(request, n, note);
    });

    if (kind === 'merge_request') {
      app.put(`${base}/discussions/:discussion_id`, async (request) => {
        requireActor(request.actor);
        const n = await noteableFor(db, request, kind);
        const input = parseInput(resolveSchema, requestParams(request));
        const d = await resolveDiscussion(db, request.actor, n, discussionId(request), input.resolved);
        return (await discussions(request, n, [d]))[0];
      });
    }

    app.delete(`${base}/discussions/:discussion_id/notes/:note_id`, async (request, reply) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      await noteInDiscussion(request, n);
      await deleteNote(db, request.actor, n, noteId(request));
      return reply.status(204).send();
    });
  }
};
