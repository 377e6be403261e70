import { z } from 'zod';
import { positiveIdParam } from '../../../rest/params';
import { nameParam, pathParam } from '../../namespaces';

/** The largest archive the API takes (it is read into memory); larger ones go through `meridian import group`. */
export const GROUP_ARCHIVE_MAX_BYTES = 50 * 1024 * 1024;
export const GROUP_ARCHIVE_TOO_LARGE =
  'file is too large (maximum is 50 MB; import larger archives with `meridian import group`)';

/** GitLab's `POST /groups/import`: the new group's name and path, where it goes, and the archive. */
export const groupImportSchema = z.object({
  name: nameParam,
  path: pathParam,
  parent_id: positiveIdParam.optional(),
  file: z.object({ filename: z.string().max(1024), data: z.instanceof(Buffer) }),
});
export type GroupImportInput = z.infer<typeof groupImportSchema>;
