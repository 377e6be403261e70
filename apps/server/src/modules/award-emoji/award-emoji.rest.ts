import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { pageParams, setPaginationHeaders } from '../../rest/pagination';
import { parseInput, parseIntParam, requestParams } from '../../rest/params';
import { findNote, loadUsers, type Noteable } from '../notes';
import { noteableFor } from '../notes/routes';
import { presentAward } from './award-emoji.presenter';
import { type Awardable, createAward, deleteAward, findAward, listAwards } from './award-emoji.service';

type Params = { note_id?: string; award_id?: string };
type Kind = Noteable['kind'];

/** Where each kind's award emoji live (epics by iid, as GitLab). */
const PARENTS: Record<Kind, string> = {
  issue: '/projects/:id/issues/:issue_iid',
  epic: '/groups/:id/epics/:epic_iid',
  merge_request: '/projects/:id/merge_requests/:merge_request_iid',
};

const createSchema = z.object({ name: z.string().max(128) });

/**
 * Award emoji on issues (`/projects/:id/issues/:issue_iid/award_emoji`), epics
 * (`/groups/:id/epics/:epic_iid/award_emoji`, by iid as GitLab), merge requests
 * (`/projects/:id/merge_requests/:merge_request_iid/award_emoji`) and on their notes
 * (`…/notes/:note_id/award_emoji`).
 */
export const awardEmojiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  async function awardable(request: FastifyRequest, kind: Kind, onNote: boolean): Promise<Awardable> {
    const n = await noteableFor(db, request, kind, 'iid');
    if (!onNote) return { type: n.type, id: n.id };
    const note = await findNote(db, request.actor, n, parseIntParam((request.params as Params).note_id, 'note_id'));
    return { type: 'Note', id: note.id };
  }

  const awardId = (request: FastifyRequest) => parseIntParam((request.params as Params).award_id, 'award_id');

  for (const kind of ['issue', 'epic', 'merge_request'] as const) {
    const parent = PARENTS[kind];
    for (const onNote of [false, true]) {
      const base = `${parent}${onNote ? '/notes/:note_id' : ''}/award_emoji`;

      app.get(base, async (request, reply) => {
        const a = await awardable(request, kind, onNote);
        const q = parseInput(pageParams, request.query);
        const { rows, total } = await listAwards(db, a, { page: q.page, perPage: q.per_page });
        const users = await loadUsers(
          db,
          rows.map((r) => r.user_id),
        );
        setPaginationHeaders(request, reply, q, total);
        return rows.map((r) => presentAward(ctx, r, users));
      });

      app.post(base, async (request, reply) => {
        requireActor(request.actor);
        const a = await awardable(request, kind, onNote);
        const { name } = parseInput(createSchema, requestParams(request));
        const award = await createAward(db, request.actor, a, name);
        return reply.status(201).send(presentAward(ctx, award, await loadUsers(db, [award.user_id])));
      });

      app.get(`${base}/:award_id`, async (request) => {
        const a = await awardable(request, kind, onNote);
        const award = await findAward(db, a, awardId(request));
        return presentAward(ctx, award, await loadUsers(db, [award.user_id]));
      });

      app.delete(`${base}/:award_id`, async (request, reply) => {
        requireActor(request.actor);
        const a = await awardable(request, kind, onNote);
        await deleteAward(db, request.actor, a, awardId(request));
        return reply.status(204).send();
      });
    }
  }
};
