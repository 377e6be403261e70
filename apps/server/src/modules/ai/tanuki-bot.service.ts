import { assertAiAllowed } from './ai-access';
import type { AiContext } from './ai-context';
import { callProvider } from './ai-provider';
import { type DocsHit, docsIndex } from './docs-index';

/** Passages retrieved per question, and how much of each is shown or sent to the provider. */
const PASSAGES = 4;
const PASSAGE_CHARS = 1200;

export interface TanukiBotSource {
  title: string;
  source_url: string;
  source_type: 'doc';
}

/** GitLab's TanukiBot answer: the message and the documentation it comes from. */
export interface TanukiBotAnswer {
  msg: string;
  sources: TanukiBotSource[];
}

export const NO_PASSAGES =
  "I couldn't find anything about that in Meridian's documentation. Try other words, or read docs/ARCHITECTURE.md.";

function excerpt(hit: DocsHit): string {
  const text = hit.text.trim();
  return text.length > PASSAGE_CHARS ? `${text.slice(0, PASSAGE_CHARS)}…` : text;
}

function sourceOf(hit: DocsHit): TanukiBotSource {
  return { title: `${hit.page} › ${hit.heading}`, source_url: `docs/${hit.page}#${hit.anchor}`, source_type: 'doc' };
}

function passagesAnswer(hits: DocsHit[]): string {
  const parts = hits.map((hit, i) => `[${i + 1}] ${hit.page} › ${hit.heading}\n${excerpt(hit)}`);
  return `From Meridian's documentation:\n\n${parts.join('\n\n')}`;
}

function phrasingPrompt(question: string, hits: DocsHit[]) {
  const passages = hits.map((hit, i) => `[${i + 1}] (${hit.page} › ${hit.heading})\n${excerpt(hit)}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        "You answer questions about Meridian, a planning platform, using only the numbered documentation passages given. Cite the passages you use as [1], [2]. If they don't answer the question, say so.",
    },
    { role: 'user', content: `Passages:\n\n${passages}\n\nQuestion: ${question}` },
  ];
}

/** The provider's phrasing of the answer, or null when it gave none (then the passages answer). */
async function phrase(ctx: AiContext, question: string, hits: DocsHit[]): Promise<string | null> {
  const provider = ctx.provider;
  if (!provider?.model) return null;
  try {
    const res = await callProvider(provider, 'chat/completions', {
      model: provider.model,
      messages: phrasingPrompt(question, hits),
      temperature: 0.2,
    });
    if (!res.ok) return null;
    const json = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = json.choices?.[0]?.message?.content;
    return typeof content === 'string' && content.trim() !== '' ? content.trim() : null;
  } catch {
    return null;
  }
}

/**
 * IE-82, `POST /-/llm/tanuki_bot/ask`: answers a question about Meridian from its own docs/. The
 * passages come from a full-text index over the docs (built once per process); the provider, when
 * one is configured, phrases the answer from them, and without one (or when it fails) the passages
 * are the answer. The sources are the pages' sections either way.
 */
export async function askTanukiBot(ctx: AiContext, docsDir: string, question: string): Promise<TanukiBotAnswer> {
  await assertAiAllowed(ctx.db, ctx.actor);
  const hits = (await docsIndex(docsDir)).search(question, PASSAGES);
  if (hits.length === 0) return { msg: NO_PASSAGES, sources: [] };
  const msg = (await phrase(ctx, question, hits)) ?? passagesAnswer(hits);
  return { msg, sources: hits.map(sourceOf) };
}
