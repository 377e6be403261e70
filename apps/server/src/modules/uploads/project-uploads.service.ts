import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import type { UploadsTable } from '../../db/schema';
import { notFound } from '../../errors';
import type { ServiceConfig } from '../../service-context';
import { cachedApplicationSettings } from '../application-settings';
import { safeUploadFilename, uploadMarkdown, uploadUrl } from './upload-markdown';

/**
 * A project's uploads (GitLab's project `uploads`): files kept in the instance's file store under
 * `uploads/<project id>/<secret>/<name>`, a row per file, linked from the project's Markdown as
 * `/uploads/<secret>/<name>` and served to whoever may read the project. Their size is capped by the
 * instance's `max_attachment_size` (MB, GitLab's setting, 100 by default).
 */

export type UploadRow = Selectable<UploadsTable>;

/** Types a browser may show inline; every other file is served as a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The largest file a project upload may be, in bytes (the `max_attachment_size` setting). */
export async function maxUploadBytes(db: Database): Promise<number> {
  return (await cachedApplicationSettings(db)).max_attachment_size * 1024 * 1024;
}

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than the ${Math.round(maxBytes / 1024 / 1024)} MB a file may be`);
    this.name = 'UploadTooLargeError';
  }
}

/**
 * Stores `data` as an upload of the project and answers its row, its `/uploads/…` URL and the Markdown
 * that links it; `maxBytes` is `maxUploadBytes` (read once by a caller that stores many files). The bytes go to the file store first; when the row cannot be written, they are removed.
 */
export async function storeProjectUpload(
  db: Executor,
  files: ServiceConfig['files'],
  input: { projectId: number; filename: string; data: Buffer; uploadedById: number | null },
  maxBytes: number,
) {
  if (input.data.length > maxBytes) throw new UploadTooLargeError(maxBytes);
  const secret = randomBytes(16).toString('hex');
  const filename = safeUploadFilename(input.filename);
  const contentType = (await fileTypeFromBuffer(input.data))?.mime ?? 'application/octet-stream';
  const stored = `uploads/${input.projectId}/${secret}/${filename}`;
  await files.put(stored, input.data, contentType);
  try {
    const row = await db
      .insertInto('uploads')
      .values({
        project_id: input.projectId,
        secret,
        filename,
        stored_path: stored,
        content_type: contentType,
        byte_size: input.data.length,
        uploaded_by_id: input.uploadedById,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, url: uploadUrl(secret, filename), markdown: uploadMarkdown(secret, filename) };
  } catch (error) {
    await files.remove(stored).catch(() => undefined);
    throw error;
  }
}

/**
 * The file of the project's upload `secret/filename` (404 when there is none), for a caller who may
 * read the project (the route finds the project as the caller sees it). Images are shown inline,
 * anything else is a download, never sniffed.
 */
export async function readProjectUpload(
  db: Database,
  files: ServiceConfig['files'],
  projectId: number,
  secret: string,
  filename: string,
) {
  const row = /^[0-9a-f]{32}$/.test(secret)
    ? await db
        .selectFrom('uploads')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('secret', '=', secret)
        .where('filename', '=', filename)
        .executeTakeFirst()
    : undefined;
  const data = row ? await files.get(row.stored_path) : null;
  if (!row || !data) throw notFound('File');
  return {
    data,
    filename: row.filename,
    contentType: row.content_type,
    inline: INLINE_TYPES.has(row.content_type),
  };
}
