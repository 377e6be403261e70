import { z } from 'zod';
import { gitlabId } from '../../rest/gitlab-list-params';

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
  id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(12).pipe(gitlabId)),
});

export type TrackVisitInput = z.infer<typeof trackVisitSchema>;
