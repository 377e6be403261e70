import { MAX_INT4 } from '@meridian/domain';
import { z } from 'zod';
import { gitlabBoolean, gitlabList } from '../../rest/params';

const MAX_TEXT = 255;

/** An http(s) URL, kept with a trailing slash as GitLab stores a site's URL. */
const siteUrl = z
  .string()
  .trim()
  .max(MAX_TEXT)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http or https URL')
  .transform((value) => (value.endsWith('/') ? value : `${value}/`));

const capacity = z.coerce.number().int().min(0).max(1_000_000);

/** GitLab's site fields (POST and PUT /geo_nodes, /geo_sites). */
const siteFields = {
  name: z.string().trim().min(1).max(MAX_TEXT),
  url: siteUrl,
  internal_url: siteUrl.nullable(),
  primary: gitlabBoolean,
  enabled: gitlabBoolean,
  files_max_capacity: capacity,
  repos_max_capacity: capacity,
  verification_max_capacity: capacity,
  container_repositories_max_capacity: capacity,
  minimum_reverification_interval: z.coerce.number().int().min(1).max(3650),
  sync_object_storage: gitlabBoolean,
  selective_sync_type: z.enum(['namespaces', 'shards']).nullable(),
  selective_sync_shards: gitlabList,
  selective_sync_namespace_ids: gitlabList
    .transform((ids) => ids.map(Number))
    .pipe(z.array(z.number().int().min(1).max(MAX_INT4))),
};

export const createGeoSiteSchema = z.object(siteFields).partial().required({ name: true, url: true });
export type CreateGeoSiteInput = z.infer<typeof createGeoSiteSchema>;

export const updateGeoSiteSchema = z.object(siteFields).partial();
export type UpdateGeoSiteInput = z.infer<typeof updateGeoSiteSchema>;
