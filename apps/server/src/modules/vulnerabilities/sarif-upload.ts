import type { IncomingMessage } from 'node:http';
import { parseMultipartBody, type UploadedFile } from '../../rest/multipart-body';

/** The most a SARIF report may weigh, as a JSON body or an uploaded file. */
export const SARIF_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The `file` part of a `multipart/form-data` upload (`curl --form file=@report.sarif`), as text: a
 * file part or a plain field of that name, through the API's one multipart parser; 413 past
 * `SARIF_BODY_LIMIT`.
 */
export async function readSarifUpload(request: IncomingMessage): Promise<{ file?: string }> {
  const body = await parseMultipartBody(request, SARIF_BODY_LIMIT, { field: 'file', maxBytes: SARIF_BODY_LIMIT });
  const file = body.file as UploadedFile | string | string[] | undefined;
  if (file === undefined) return {};
  if (typeof file === 'string') return { file };
  if (Array.isArray(file)) return { file: file[0] ?? '' };
  return { file: file.data.toString('utf8') };
}
