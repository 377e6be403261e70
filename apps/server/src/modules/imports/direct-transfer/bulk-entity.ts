import { z } from 'zod';

/**
 * What a direct transfer job brings over, kept in its `source_options`: a group with its tree
 * (GitLab's `group_entity`, the default: jobs made before this option hold none) or one project
 * (`project_entity`) into the job's group, under the slug chosen for it.
 */
const projectEntity = z.object({ entity: z.literal('project'), destination_slug: z.string().min(1).max(255) });
export type BulkEntity = { entity: 'group' } | z.infer<typeof projectEntity>;

export function bulkEntityOf(job: { source_options: unknown }): BulkEntity {
  const parsed = projectEntity.safeParse(job.source_options);
  return parsed.success ? parsed.data : { entity: 'group' };
}
