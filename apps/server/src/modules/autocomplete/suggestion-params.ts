import { z } from 'zod';
import { gitlabBoolean } from '../../rest/params';

/** Free text typed into the bar; matched case-insensitively, `%` and `_` taken literally. */
export const searchParam = z.string().trim().max(255).optional();

/** At most 20 suggestions unless `per_page` (1..100) says otherwise. */
export const perPageParam = z.coerce.number().int().min(1).max(100).default(20);

/** A GitLab boolean query parameter with a default. */
export const flag = (fallback: boolean) => gitlabBoolean.default(fallback);

/** `search` and `per_page`, shared by every suggestion route. */
export const suggestionParams = z.object({ search: searchParam, per_page: perPageParam });
