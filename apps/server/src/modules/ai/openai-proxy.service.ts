import { badRequest } from '../../errors';
import { assertAiAllowed, requireProvider } from './ai-access';
import type { AiContext } from './ai-context';
import { callProvider, type OpenAiOperation } from './ai-provider';

export interface ProxiedAnswer {
  status: number;
  contentType: string;
  /** The provider's body, unread: JSON, or server-sent events when the request asked `stream: true`. */
  body: ReadableStream<Uint8Array> | null;
}

/**
 * IE-81, GitLab's `POST /ai/experimentation/openai/{operation}`: the caller's (validated) OpenAI
 * request sent to the configured provider, the model defaulting to AI_MODEL, and its answer passed
 * back as it is — errors with the provider's status and body, as GitLab's `present_response`.
 */
export async function proxyOpenAi(
  ctx: AiContext,
  operation: OpenAiOperation,
  input: { model?: string | undefined },
  signal?: AbortSignal,
): Promise<ProxiedAnswer> {
  await assertAiAllowed(ctx.db, ctx.actor);
  const provider = requireProvider(ctx.provider);
  const model = input.model ?? provider.model;
  if (!model) throw badRequest('model is missing (and AI_MODEL is not set)', 'model');
  const answer = await callProvider(provider, operation, Object.assign({}, input, { model }), signal);
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type') ?? 'application/json',
    body: answer.body,
  };
}
