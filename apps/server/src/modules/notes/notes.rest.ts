import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { redactReferences } from '../markdown/reference-redaction.service';
import { createNoteWithQuickActions, presentCommandsOnly } from '../quick-actions/quick-actions-writes';
import {
  createDiscussion,
  type Discussion,
  findDiscussion,
  listDiscussions,
  replyToDiscussion,
} from './discussions.service';
import { createNoteSchema, listNotesSchema, replySchema, updateNoteSchema } from './note-params';
import { epicNoteableById, issueNoteable, type Noteable } from './noteable';
import { loadUsers, presentDiscussion, presentNote } from './notes.presenter';
import { createNote, deleteNote, findNote, listNotes, type NoteRow, updateNote } from './notes.service';

type Params = { id: string; issue_iid?: string; epic_id?: string; note_id?: string; discussion_id?: string };

/** Resolves the noteable of an issue or epic route. */
export function noteableFor(db: Database, request: FastifyRequest, kind: 'issue' | 'epic'): Promise<Noteable> {
  const p = request.params as Params;
  const container = parseIdOrPath(p.id);
  return kind === 'issue'
    ? issueNoteable(db, request.actor, container, parseIntParam(p.issue_iid, 'issue_iid'))
    : epicNoteableById(db, request.actor, container, parseIntParam(p.epic_id, 'epic_id'));
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
 * Notes on issues (`/projects/:id/issues/:issue_iid/notes`) and epics (`/groups/:id/epics/:epic_id/notes`,
 * epic global id as GitLab documents), and issue discussions (threads).
 */
export const notesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  /** The notes with their HTML's references redacted for the reader, in one batch. */
  async function redacted(actor: Actor | null, notes: NoteRow[]): Promise<NoteRow[]> {
    const htmls = await redactReferences(
      db,
      actor,
      notes.map((x) => x.note_html),
    );
    return notes.map((x, i) => ({ ...x, note_html: htmls[i] ?? x.note_html }));
  }

  async function one(request: FastifyRequest, n: Noteable, note: NoteRow) {
    const [shown] = await redacted(request.actor, [note]);
    return presentNote(ctx, n, shown ?? note, await loadUsers(db, [note.author_id, note.resolved_by_id]));
  }

  async function discussions(request: FastifyRequest, n: Noteable, list: Discussion[]) {
    const users = await loadUsers(
      db,
      list.flatMap((d) => d.notes.flatMap((x) => [x.author_id, x.resolved_by_id])),
    );
    const notes = await redacted(
      request.actor,
      list.flatMap((d) => d.notes),
    );
    let at = 0;
    return list.map((d) => {
      const mine = notes.slice(at, at + d.notes.length);
      at += d.notes.length;
      return presentDiscussion(ctx, n, d.id, mine, users);
    });
  }

  /** 404 unless the note belongs to the discussion in the path. */
  async function noteInDiscussion(request: FastifyRequest, n: Noteable) {
    const note = await findNote(db, request.actor, n, noteId(request));
    if (note.discussion_id !== discussionId(request)) throw notFound('Note');
  }

  for (const kind of ['issue', 'epic'] as const) {
    const base = kind === 'issue' ? '/projects/:id/issues/:issue_iid' : '/groups/:id/epics/:epic_id';

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
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      const input = newNoteOf(request);
      const made = await createNoteWithQuickActions(db, request.actor, n, input.body, (body) =>
        createNote(db, request.actor, n, { ...input, body }),
      );
      if ('commandsOnly' in made) return reply.status(202).send(presentCommandsOnly(made.commandsOnly));
      return reply.status(201).send(await one(request, n, made.note));
    });

    app.get(`${base}/notes/:note_id`, async (request) => {
      const n = await noteableFor(db, request, kind);
      return one(request, n, await findNote(db, request.actor, n, noteId(request)));
    });

    app.put(`${base}/notes/:note_id`, async (request) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      const input = parseInput(updateNoteSchema, requestParams(request));
      return one(request, n, await updateNote(db, request.actor, n, noteId(request), input.body));
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
        page: q.page,
        perPage: q.per_page,
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
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      const input = newNoteOf(request);
      const made = await createNoteWithQuickActions(db, request.actor, n, input.body, (body) =>
        createDiscussion(db, request.actor, n, { ...input, body }),
      );
      if ('commandsOnly' in made) return reply.status(202).send(presentCommandsOnly(made.commandsOnly));
      return reply.status(201).send((await discussions(request, n, [made.note]))[0]);
    });

    app.post(`${base}/discussions/:discussion_id/notes`, async (request, reply) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      const input = parseInput(replySchema, requestParams(request));
      const made = await createNoteWithQuickActions(db, request.actor, n, input.body, (body) =>
        replyToDiscussion(db, request.actor, n, discussionId(request), { body, createdAt: input.created_at }),
      );
      if ('commandsOnly' in made) return reply.status(202).send(presentCommandsOnly(made.commandsOnly));
      return reply.status(201).send(await one(request, n, made.note));
    });

    app.put(`${base}/discussions/:discussion_id/notes/:note_id`, async (request) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      await noteInDiscussion(request, n);
      const input = parseInput(updateNoteSchema, requestParams(request));
      return one(request, n, await updateNote(db, request.actor, n, noteId(request), input.body));
    });

    app.delete(`${base}/discussions/:discussion_id/notes/:note_id`, async (request, reply) => {
      requireActor(request.actor);
      const n = await noteableFor(db, request, kind);
      await noteInDiscussion(request, n);
      await deleteNote(db, request.actor, n, noteId(request));
      return reply.status(204).send();
    });
  }
};
