import { z } from 'zod';

/** A new issue's title, as the issues API caps it. */
const title = z.string().trim().min(1, 'title is missing').max(255);

export const generateDescriptionParams = z.object({
  title,
  /** The author's few words (GitLab's `content`). */
  content: z.string().max(10_000).default(''),
  description_template_name: z.string().trim().min(1).max(255).optional(),
});

export const suggestLabelsParams = z.object({
  title,
  /** Only its start is sent to the provider (`SUGGEST_DESCRIPTION_CHARS`). */
  description: z.string().max(1_048_576).default(''),
});

export type GenerateDescriptionInput = z.infer<typeof generateDescriptionParams>;
export type SuggestLabelsInput = z.infer<typeof suggestLabelsParams>;
