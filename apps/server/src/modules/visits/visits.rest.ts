import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { parseInput, requestParams } from '../../rest/params';
import { trackVisitSchema } from './visit-params';
import { trackVisit } from './visits.service';

/**
 * IE-18 `POST /-/track_namespace_visits` (GitLab's `Users::NamespaceVisitsController#create`, the
 * super sidebar's `track_visits_path`): `type` (`projects` | `groups`) and `id`. Signed-in users
 * only (401 otherwise); a session write carries the CSRF header like every other (auth plugin).
 * Answers 200 with an empty body; errors only are reported: 400 naming the bad field, 404 for a
 * missing or hidden item.
 */
export const visitsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  applyGitlabTransport(app);
  app.post('/-/track_namespace_visits', async (request, reply) => {
    const actor = requireActor(request.actor);
    await trackVisit(ctx.database.db, actor, parseInput(trackVisitSchema, requestParams(request)));
    return reply.code(200).send();
  });
};
