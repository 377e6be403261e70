import { REDMINE_TEXT_FORMATTINGS, REDMINE_WORK_ITEM_TYPES } from '@meridian/domain';
import { z } from 'zod';

/**
 * `POST /groups/:id/import/redmine` and its preview: the Redmine's URL and a user's API key (an
 * administrator's lets every person be matched), the projects to bring over (their identifiers; their
 * subprojects come along; none: every top project the key can read), and the work item type of each
 * tracker (by id) where the suggestion will not do, and the Redmine's text formatting (Textile unless said:
 * its API does not tell; Textile is made Markdown).
 */
export const redmineImportSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2048)
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL'),
  api_key: z.string().trim().min(1).max(255),
  projects: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  trackers: z.record(z.string().max(10).regex(/^\d+$/), z.enum(REDMINE_WORK_ITEM_TYPES)).default({}),
  text_formatting: z.enum(REDMINE_TEXT_FORMATTINGS).default('textile'),
});
export type RedmineImportInput = z.infer<typeof redmineImportSchema>;
