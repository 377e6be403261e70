import { z } from 'zod';
import { SpooledFile } from '../../../rest/multipart-body';
import { positiveIdParam } from '../../../rest/params';
import { nameParam, pathParam } from '../../namespaces';

/** The upload rule of `POST /groups/import`: the archive is spooled to disk, at most `maxMb` MiB (IMPORT_MAX_UPLOAD_MB). */
export function groupArchiveUpload(maxMb: number) {
  return {
    field: 'file',
    maxBytes: maxMb * 1024 * 1024,
    spool: true,
    tooLarge: `file is too large (maximum is ${maxMb} MB, IMPORT_MAX_UPLOAD_MB)`,
  };
}

/** GitLab's `POST /groups/import`: the new group's name and path, where it goes, and the archive. */
export const groupImportSchema = z.object({
  name: nameParam,
  path: pathParam,
  parent_id: positiveIdParam.optional(),
  file: z.instanceof(SpooledFile),
});
export type GroupImportInput = z.infer<typeof groupImportSchema>;
