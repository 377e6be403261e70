import { z } from 'zod';
import { pageParams } from '../../rest/pagination';
import { gitlabBoolean } from '../../rest/params';

/** GitLab's note body limit: 1,000,000 characters. */
export const NOTE_MAX_LENGTH = 1_000_000;

const body = z
  .string()
  .max(NOTE_MAX_LENGTH, `Note is too long (maximum is ${NOTE_MAX_LENGTH} characters)`)
  .refine((s) => s.trim().length > 0, "Note can't be blank");

const createdAt = z
  .string()
  .max(64)
  .transform((s, c) => {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) {
      c.addIssue({ code: 'custom', message: 'not a valid date-time' });
      return z.NEVER;
    }
    return d;
  });

export const listNotesSchema = pageParams.extend({
  order_by: z.enum(['created_at', 'updated_at']).default('created_at'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  /** GitLab's activity filter: comments only, system notes only, or both. */
  activity_filter: z.enum(['all_notes', 'only_comments', 'only_activity']).default('all_notes'),
});

export const createNoteSchema = z.object({
  body,
  internal: gitlabBoolean.optional(),
  /** Deprecated alias of `internal`. */
  confidential: gitlabBoolean.optional(),
  created_at: createdAt.optional(),
});

export const updateNoteSchema = z.object({ body });

export const replySchema = z.object({ body, created_at: createdAt.optional() });

/** `PUT …/merge_requests/:iid/discussions/:id`: resolve or unresolve the thread. */
export const resolveSchema = z.object({ resolved: gitlabBoolean });

/** `PUT …/merge_requests/:iid/discussions/:id/notes/:note_id`: exactly one of `body` and `resolved`. */
export const updateDiscussionNoteSchema = z
  .object({ body: body.optional(), resolved: gitlabBoolean.optional() })
  .refine((x) => (x.body === undefined) !== (x.resolved === undefined), {
    message: 'body, resolved are mutually exclusive and exactly one must be given',
  });
