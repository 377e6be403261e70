import { z } from 'zod';
import { pageParams } from '../../../rest/pagination';
import { gitlabBoolean } from '../../../rest/params';
import { pathParam } from '../../namespaces';

const fullPath = z.string().trim().min(1).max(2048);

/** A source instance: its base URL and the user's access token there. */
const sourceConnection = z.object({
  url: z
    .string()
    .trim()
    .max(2048)
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'),
  access_token: z.string().trim().min(1).max(2048),
});

/**
 * GitLab's `POST /bulk_imports`: the source instance and the groups (`group_entity`, with their tree)
 * or single projects (`project_entity`, into an existing group: `destination_namespace` required) to
 * bring over (GitLab takes up to 20 a time here).
 */
export const bulkImportSchema = z.object({
  configuration: sourceConnection,
  entities: z
    .array(
      z
        .object({
          source_type: z.enum(['group_entity', 'project_entity'], {
            error: 'source_type must be group_entity or project_entity',
          }),
          source_full_path: fullPath,
          destination_slug: pathParam.optional(),
          /** GitLab's older name for the slug. */
          destination_name: pathParam.optional(),
          /** The full path of the group to import into; empty for a top-level group. */
          destination_namespace: z.string().trim().max(2048).default(''),
          migrate_projects: gitlabBoolean.optional(),
          migrate_memberships: gitlabBoolean.optional(),
        })
        .refine((e) => e.source_type !== 'project_entity' || e.destination_namespace !== '', {
          message: 'a project_entity needs the destination_namespace of an existing group',
          path: ['destination_namespace'],
        }),
    )
    .min(1)
    .max(20),
});
export type BulkImportInput = z.infer<typeof bulkImportSchema>;

/** The web's direct transfer page: a page of the source's groups the token owns. */
export const sourceGroupsSchema = sourceConnection.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(255).optional(),
});
export type SourceGroupsInput = z.infer<typeof sourceGroupsSchema>;

/** GitLab's `GET /bulk_imports/entities` filters: a status (a job's state) and the order by creation. */
export const entitiesListSchema = pageParams.extend({
  status: z.enum(['created', 'started', 'finished', 'failed']).optional(),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
