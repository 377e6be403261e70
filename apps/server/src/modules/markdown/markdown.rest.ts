import { MAX_INT4, projectReferenceContext } from '@meridian/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { renderMarkdown } from '../../markdown/render-markdown';
import { requireActor } from '../../policy/require-actor';
import { gitlabBoolean, parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { findProject } from '../namespaces';
import { explainMergeRequestQuickActions, explainQuickActions } from '../quick-actions';
import { redactReferencesIn } from './reference-redaction.service';

/** As long as a description may be: previewing one costs what saving it does. */
const MAX_TEXT = 1_048_576;

const renderSchema = z.object({
  text: z.string().max(MAX_TEXT),
  gfm: gitlabBoolean.optional(),
  project: z.string().max(1000).optional(),
  render_quick_actions: gitlabBoolean.optional(),
  /**
   * The issue or merge request being edited or commented on (GitLab's preview
   * `target_type=Issue&target_id=<iid>`, or `target_type=MergeRequest`).
   */
  target_type: z.string().max(40).optional(),
  target_id: z.coerce.number().int().positive().max(MAX_INT4).optional(),
});

/**
 * GitLab's `POST /markdown` (IE-5): the editor's preview, rendered and sanitized by the same
 * renderer as stored descriptions and notes. Signed-in users only, as GitLab requires. `project`
 * must name a project the user can read (404 otherwise); `gfm` is accepted: Meridian always renders
 * GitLab Flavored Markdown. With `render_quick_actions` and a `project` (and the issue's `target_id`
 * when editing one, or `target_type=MergeRequest` and the merge request's), quick action lines are left out of the html and explained in `references`.
 */
export const markdownRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.post('/markdown', async (request, reply) => {
    requireActor(request.actor);
    const input = parseInput(renderSchema, requestParams(request));
    const project = input.project
      ? await findProject(db, request.actor, parseIdOrPath(input.project, 'project'))
      : null;
    const targetType = input.target_type ?? 'Issue';
    // A merge request is previewed only when it exists (target_id): a new one's commands are not explained.
    const mergeRequestIid = targetType === 'MergeRequest' ? input.target_id : undefined;
    if (input.render_quick_actions && project && (targetType === 'Issue' || mergeRequestIid !== undefined)) {
      const { text, explanations } =
        mergeRequestIid === undefined
          ? await explainQuickActions(db, request.actor, project, input.target_id ?? null, input.text)
          : await explainMergeRequestQuickActions(db, request.actor, project, mergeRequestIid, input.text);
      const html = await redactReferencesIn(db, request.actor, renderMarkdown(text, projectReferenceContext(project)));
      // GitLab's preview answer: the text without its command lines, and what the commands will do.
      return reply
        .status(201)
        .send({ html, body: html, references: { commands: renderMarkdown(explanations.join('<br>')), explanations } });
    }
    const html = renderMarkdown(input.text, project ? projectReferenceContext(project) : undefined);
    return reply.status(201).send({ html: await redactReferencesIn(db, request.actor, html) });
  });
};
