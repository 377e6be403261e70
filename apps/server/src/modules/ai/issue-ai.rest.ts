import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import type { AiContext } from './ai-context';
import { generateIssueDescription } from './generate-description.service';
import { issueAiFeatures } from './issue-ai-features.service';
import { generateDescriptionParams, suggestLabelsParams } from './issue-ai-params';
import { suggestIssueLabels } from './suggest-labels.service';
import { summarizeIssueComments } from './summarize-comments.service';

type Params = { id: string; issue_iid: string };

/** The AI routes' bodies are small: a title and a few words, or a description to label. */
const BODY_LIMIT = 1_100_000;

function aiContext(ctx: AppContext, request: FastifyRequest): AiContext {
  return { db: ctx.database.db, actor: request.actor, provider: ctx.services.ai };
}

/**
 * Issue 29 "Beyond": AI features on issues through the configured provider, answered synchronously
 * (GitLab delivers its `aiAction` answers over the `aiCompletionResponse` subscription; Meridian's
 * live bus carries item changes only — modules/ai/README.md). Under /api/v4; counted in the `ai`
 * rate-limit bucket (`rate-limit/request-kinds.ts`).
 */
export const issueAiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Params: Params }>('/projects/:id/issues/ai/features', async (request) =>
    issueAiFeatures(aiContext(ctx, request), parseIdOrPath(request.params.id)),
  );

  app.post<{ Params: Params }>('/projects/:id/issues/:issue_iid/ai/summarize_comments', async (request) =>
    summarizeIssueComments(
      aiContext(ctx, request),
      parseIdOrPath(request.params.id),
      parseIntParam(request.params.issue_iid, 'issue_iid'),
    ),
  );

  app.post<{ Params: Params }>(
    '/projects/:id/issues/ai/generate_description',
    { bodyLimit: BODY_LIMIT },
    async (request) => {
      const input = parseInput(generateDescriptionParams, requestParams(request));
      return generateIssueDescription(aiContext(ctx, request), parseIdOrPath(request.params.id), input);
    },
  );

  app.post<{ Params: Params }>('/projects/:id/issues/ai/suggest_labels', { bodyLimit: BODY_LIMIT }, async (request) => {
    const input = parseInput(suggestLabelsParams, requestParams(request));
    return suggestIssueLabels(aiContext(ctx, request), parseIdOrPath(request.params.id), input);
  });
};
