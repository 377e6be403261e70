import { isValidIsoDate, isValidIsoDateTime } from '@meridian/domain';
import { z } from 'zod';
import { gitlabId } from '../../rest/gitlab-list-params';
import { pageParams } from '../../rest/pagination';
import { gitlabBoolean } from '../../rest/params';

/** 'YYYY-MM-DD' that is a real calendar date; '' or null clears the date. */
export const isoDate = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().max(10).refine(isValidIsoDate, 'not a valid date (YYYY-MM-DD)').nullable(),
);

const isoDateTime = z
  .string()
  .max(64)
  .transform((s, c) => {
    const d = new Date(s);
    if (!isValidIsoDateTime(s) || Number.isNaN(d.getTime())) {
      c.addIssue({ code: 'custom', message: 'not a valid date-time' });
      return z.NEVER;
    }
    return d;
  });

const intList = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(gitlabId).max(100),
);

export const listMilestonesSchema = pageParams.extend({
  state: z.enum(['active', 'closed']).optional(),
  title: z.string().max(255).optional(),
  search: z.string().max(255).optional(),
  search_title: z.string().max(255).optional(),
  iids: intList.optional(),
  include_ancestors: gitlabBoolean.optional(),
  include_parent_milestones: gitlabBoolean.optional(),
  include_descendants: gitlabBoolean.default(false),
  updated_before: isoDateTime.optional(),
  updated_after: isoDateTime.optional(),
});

export const createMilestoneSchema = z.object({
  title: z.string().max(255),
  description: z.string().max(1_000_000).nullable().optional(),
  start_date: isoDate.optional(),
  due_date: isoDate.optional(),
});

export const updateMilestoneSchema = z.object({
  title: z.string().max(255).optional(),
  description: z.string().max(1_000_000).nullable().optional(),
  start_date: isoDate.optional(),
  due_date: isoDate.optional(),
  state_event: z.enum(['close', 'activate']).optional(),
});
