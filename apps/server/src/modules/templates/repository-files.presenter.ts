import { createHash } from 'node:crypto';
import { templateFilePath } from './repository-file-path';
import type { TemplateRow } from './templates.service';

/** The file's bytes and the identifiers git would give them (a blob's id is the SHA-1 of its header and bytes). */
export function templateFileBytes(t: TemplateRow) {
  const bytes = Buffer.from(t.content, 'utf8');
  const blobId = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  const path = templateFilePath(t.issuable_type as 'issue' | 'merge_request', t.name);
  return {
    bytes,
    path,
    fileName: path.slice(path.lastIndexOf('/') + 1),
    blobId,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * GitLab's repository file (`GET /projects/:id/repository/files/:file_path`), content in base64.
 * Meridian keeps no commits: `commit_id` and `last_commit_id` are null.
 */
export function presentRepositoryFile(t: TemplateRow, ref: string) {
  const file = templateFileBytes(t);
  return {
    file_name: file.fileName,
    file_path: file.path,
    size: file.bytes.length,
    encoding: 'base64',
    content_sha256: file.sha256,
    ref,
    blob_id: file.blobId,
    commit_id: null,
    last_commit_id: null,
    execute_filemode: false,
    content: file.bytes.toString('base64'),
  };
}
