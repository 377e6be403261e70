import { MAX_INT4 } from '@meridian/domain';
import { z } from 'zod';

/** What a visit is of: GitLab's `type` values (`Users::TrackNamespaceVisitsWorker::PROJECTS`/`GROUPS`). */
export const VISIT_TYPES = ['projects', 'groups'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** `POST /-/track_namespace_visits`: `type` and `id`, from a JSON body or form fields. */
export const trackVisitSchema = z.object({
  // A string first, so a missing type is 'type is missing' (parseInput), a wrong one names the choices.
  type: z
    .string()
    .max(20)
    .pipe(z.enum(VISIT_TYPES, { message: 'must be projects or groups' })),
  // JSON numbers and form strings alike; a missing id stays 'id is missing'.
  id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .max(12)
      .regex(/^\d{1,10}$/, 'must be a positive integer')
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_INT4)),
  ),
});

export type TrackVisitInput = z.infer<typeof trackVisitSchema>;
