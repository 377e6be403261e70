import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { DOCS_DIR } from '../../docs-dir';
import { parseInput, requestParams } from '../../rest/params';
import type { AiContext } from './ai-context';
import type { OpenAiOperation } from './ai-provider';
import {
  AI_BODY_LIMIT,
  chatCompletionsParams,
  completionsParams,
  embeddingsParams,
  tanukiBotParams,
} from './openai-params';
import { proxyOpenAi } from './openai-proxy.service';
import { askTanukiBot } from './tanuki-bot.service';

const OPERATIONS: Array<[OpenAiOperation, z.ZodType<{ model?: string | undefined }>]> = [
  ['completions', completionsParams],
  ['embeddings', embeddingsParams],
  ['chat/completions', chatCompletionsParams],
];

function aiContext(ctx: AppContext, request: FastifyRequest): AiContext {
  return { db: ctx.database.db, actor: request.actor, provider: ctx.services.ai };
}

/** Aborts the provider call when the client goes away before the answer is done. */
function abortOnClose(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.on('aborted', () => controller.abort());
  return controller.signal;
}

/**
 * IE-81: GitLab's `POST /ai/experimentation/openai/{completions,embeddings,chat/completions}`
 * under /api/v4, proxied to the configured OpenAI-compatible provider; server-sent events
 * (`stream: true`) pass through as they arrive.
 */
export const aiExperimentationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const [operation, params] of OPERATIONS) {
    app.post(`/ai/experimentation/openai/${operation}`, { bodyLimit: AI_BODY_LIMIT }, async (request, reply) => {
      const input = parseInput(params, request.body ?? {});
      const answer = await proxyOpenAi(aiContext(ctx, request), operation, input, abortOnClose(request, reply));
      reply.code(answer.status).header('content-type', answer.contentType).header('cache-control', 'no-store');
      if (answer.contentType.startsWith('text/event-stream')) reply.header('x-accel-buffering', 'no');
      if (!answer.body) return reply.send();
      return reply.send(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>));
    });
  }
};

/** IE-82: GitLab's `POST /-/llm/tanuki_bot/ask` (q): answers about Meridian from its docs. */
export const tanukiBotRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/-/llm/tanuki_bot/ask', { bodyLimit: 64 * 1024 }, async (request) => {
    const { q } = parseInput(tanukiBotParams, requestParams(request));
    return askTanukiBot(aiContext(ctx, request), DOCS_DIR, q);
  });
};
