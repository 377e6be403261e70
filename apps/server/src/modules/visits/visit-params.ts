import { z } from 'zod';
import { positiveIdParam } from '../../rest/params';

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
  id: positiveIdParam,
});

export type TrackVisitInput = z.infer<typeof trackVisitSchema>;
