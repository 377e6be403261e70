import { GFM_AUTOCOMPLETE_LIMIT, GFM_QUERY_MAX_LENGTH } from '@meridian/domain';
import { z } from 'zod';
import { flag } from './suggestion-params';

/** The Markdown autocomplete's sources (GitLab's `autocomplete_sources`, plus Meridian's `emojis`). */
export const GFM_SOURCES = ['members', 'issues', 'merge_requests', 'labels', 'milestones', 'epics', 'emojis'] as const;
export type GfmSourceName = (typeof GFM_SOURCES)[number];

/**
 * One schema for every source: the typed query (IE §9: at most 20 characters — longer is a 400
 * naming `search`), at most 5 suggestions unless `per_page` (1..20) says otherwise, and
 * `confidential_only` for a confidential noteable's issues and epics.
 */
export const gfmSourceParams = z.object({
  search: z.string().trim().max(GFM_QUERY_MAX_LENGTH).optional(),
  per_page: z.coerce.number().int().min(1).max(20).default(GFM_AUTOCOMPLETE_LIMIT),
  confidential_only: flag(false),
});
export type GfmSourceParams = z.infer<typeof gfmSourceParams>;
