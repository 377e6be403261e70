import { z } from 'zod';

/** One prompt, message or input text: long enough for a large context, bounded all the same. */
export const MAX_AI_TEXT = 100_000;
/** The request body limit of the AI routes (bytes). */
export const AI_BODY_LIMIT = 1024 * 1024;

const text = z.string().max(MAX_AI_TEXT);
const texts = (max: number) => z.union([text, z.array(text).min(1).max(max)]);

/** The OpenAI parameters passed on (unknown ones are dropped, as GitLab's `rest` is a fixed list). */
const common = {
  model: z.string().min(1).max(255).optional(),
  user: z.string().max(255).optional(),
};
const sampling = {
  max_tokens: z.number().int().min(1).max(1_000_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  n: z.number().int().min(1).max(10).optional(),
  stop: texts(4).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  frequency_penalty: z.number().min(-2).max(2).optional(),
  seed: z.number().int().optional(),
  stream: z.boolean().optional(),
};

export const completionsParams = z.object({
  ...common,
  ...sampling,
  prompt: texts(100),
  suffix: z.string().max(MAX_AI_TEXT).optional(),
  echo: z.boolean().optional(),
  logprobs: z.number().int().min(0).max(5).optional(),
});

const contentPart = z.object({ type: z.literal('text'), text });

const message = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([text, z.array(contentPart).max(50)]).nullable(),
  name: z.string().max(255).optional(),
  tool_call_id: z.string().max(255).optional(),
});

export const chatCompletionsParams = z.object({
  ...common,
  ...sampling,
  messages: z.array(message).min(1).max(200),
  response_format: z.object({ type: z.enum(['text', 'json_object']) }).optional(),
});

export const embeddingsParams = z.object({
  ...common,
  input: texts(256),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).max(16_384).optional(),
});

export const tanukiBotParams = z.object({
  q: z.string().trim().min(1, 'q is missing').max(2000),
});
