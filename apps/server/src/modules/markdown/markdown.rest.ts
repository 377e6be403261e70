import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { renderMarkdown } from '../../markdown/render-markdown';
import { requireActor } from '../../policy/require-actor';
import { gitlabBoolean, parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findProject } from '../namespaces/namespace-lookup.service';

/** As long as a description may be: previewing one costs what saving it does. */
const MAX_TEXT = 1_048_576;

const renderSchema = z.object({
  text: z.string().max(MAX_TEXT),
  gfm: gitlabBoolean.optional(),
  project: z.string().max(1000).optional(),
});

/**
 * GitLab's `POST /markdown` (IE-5): the editor's preview, rendered and sanitized by the same
 * renderer as stored descriptions and notes. Signed-in users only, as GitLab requires. `project`
 * must name a project the user can read (404 otherwise); `gfm` is accepted: Meridian always renders
 * GitLab Flavored Markdown.
 */
export const markdownRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/markdown', async (request, reply) => {
    requireActor(request.actor);
    const input = parseInput(renderSchema, requestParams(request));
    if (input.project) await findProject(ctx.database.db, request.actor, parseIdOrPath(input.project, 'project'));
    return reply.status(201).send({ html: renderMarkdown(input.text) });
  });
};
