import { z } from 'zod';

/** The largest reassignment CSV taken: GitLab's limit is far above what a group's people need. */
export const REASSIGNMENT_CSV_MAX_BYTES = 10 * 1024 * 1024;

/** `POST /groups/:id/placeholder_reassignments`: the filled-in CSV (multipart `file`). */
export const placeholderReassignmentsSchema = z.object({
  file: z.object({ filename: z.string().max(1024), data: z.instanceof(Buffer) }),
});
