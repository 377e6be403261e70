import { z } from 'zod';
import { badRequest } from '../../errors';
import { pageParams } from '../../rest/pagination';
import { parseIntParam } from '../../rest/params';

/** A file part as the multipart parser hands it over (`rest/multipart-body.ts`). */
const filePart = z.object({ filename: z.string().max(1024), data: z.instanceof(Buffer) });

/** `POST …/-/issues/import_csv` and its preview: the multipart `file`. */
export function parseCsvUpload(body: unknown): { filename: string; data: Buffer } {
  const parsed = z.object({ file: filePart }).safeParse(body ?? {});
  if (!parsed.success) throw badRequest('file is missing or is not a file (multipart/form-data)', 'file');
  return { filename: parsed.data.file.filename.slice(0, 255), data: parsed.data.file.data };
}

export const parseJobId = (value: string | undefined) => parseIntParam(value, 'import_job_id');

/** The skipped-rows report's page (GitLab's `page` and `per_page`). */
export function parseSkipsPage(query: unknown) {
  const parsed = pageParams.safeParse(query ?? {});
  if (!parsed.success) throw badRequest('page or per_page is invalid', 'page');
  return parsed.data;
}
