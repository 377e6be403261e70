import { badGateway } from '../../errors';
import { type AiProvider, callProvider } from './ai-provider';
import type { IssueAiPrompt } from './issue-ai-prompts';

/** The most of a provider's answer read (bytes) and kept (characters): its text is untrusted. */
const MAX_ANSWER_BYTES = 256 * 1024;
export const MAX_ANSWER_CHARS = 20_000;

/** The provider's body, read up to `MAX_ANSWER_BYTES` (a longer answer is refused, not cut mid-JSON). */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw badGateway('502 The AI provider answered with more than the 256 KB an answer may have');
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function contentOf(raw: string): string | null {
  try {
    const json = JSON.parse(raw) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = json.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : null;
  } catch {
    return null;
  }
}

/**
 * One chat completion through the provider (not streamed): the system text of `prompt`, one user
 * message, and the answer's text, trimmed and capped at `MAX_ANSWER_CHARS`. A provider error or an
 * answer without text is a 502 naming it.
 */
export async function chatText(provider: AiProvider, prompt: IssueAiPrompt, userMessage: string): Promise<string> {
  const res = await callProvider(provider, 'chat/completions', {
    ...(provider.model ? { model: provider.model } : {}),
    messages: [
      { role: 'system', content: prompt.system },
      { role: 'user', content: userMessage },
    ],
    max_tokens: prompt.maxTokens,
    temperature: prompt.temperature,
  });
  const raw = await readCapped(res);
  if (!res.ok) throw badGateway(`502 The AI provider answered ${res.status}`);
  const content = contentOf(raw);
  if (content === null) throw badGateway('502 The AI provider answered without a text');
  return content.trim().slice(0, MAX_ANSWER_CHARS);
}
