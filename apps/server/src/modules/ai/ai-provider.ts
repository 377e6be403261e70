import type { Config } from '../../config';
import { badGateway } from '../../errors';

/** An OpenAI-compatible provider (OpenAI, Ollama, vLLM, llama.cpp server) from AI_BASE_URL and friends. */
export interface AiProvider {
  /** Without a trailing slash, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | null;
  /** The model used when a request names none. */
  model: string | null;
  timeoutMs: number;
}

export type OpenAiOperation = 'completions' | 'embeddings' | 'chat/completions';

export function aiProviderOf(config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>) {
  if (!config.AI_BASE_URL) return null;
  return {
    baseUrl: config.AI_BASE_URL.replace(/\/+$/, ''),
    apiKey: config.AI_API_KEY ?? null,
    model: config.AI_MODEL ?? null,
    timeoutMs: config.AI_TIMEOUT_MS,
  } satisfies AiProvider;
}

/**
 * POSTs `body` to the provider's `operation` with the plain `fetch` (undici): the provider's answer
 * (status, content type, body stream) comes back untouched, so a `stream: true` answer's server-sent
 * events can be passed on as they arrive. `signal` aborts it (the client went away).
 */
export async function callProvider(
  provider: AiProvider,
  operation: OpenAiOperation,
  body: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const timeout = AbortSignal.timeout(provider.timeoutMs);
  try {
    return await fetch(`${provider.baseUrl}/${operation}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    });
  } catch (error) {
    const reason = timeout.aborted ? 'did not answer in time' : 'could not be reached';
    throw Object.assign(badGateway(`502 The AI provider ${reason}`), { cause: error });
  }
}
