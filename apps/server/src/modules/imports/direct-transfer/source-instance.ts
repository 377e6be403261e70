import type { IncomingMessage } from 'node:http';
import type { Database } from '../../../db/connection';
import { DEFAULT_ARCHIVE_LIMITS } from '../../group-transfer';
import { openSourceRequest, readCappedJson, SourceInstanceError, writeCappedFile } from '../external-source';

/** The JSON answers read from a source are small; anything larger is not what was asked for. */
const JSON_CAP = 1024 * 1024;
const readJson = (response: IncomingMessage) => readCappedJson(response, JSON_CAP);

/**
 * Another GitLab-compatible instance's API as GitLab's direct transfer reads it, with the user's
 * access token: the group, its export (`POST /groups/:id/export`), and the archive once written
 * (`GET /groups/:id/export/download`, streamed to disk). Every request goes through the webhooks'
 * SSRF guard: local addresses only when the admin allows local requests.
 */
export function sourceInstance(
  db: Database,
  baseUrl: string,
  token: string,
  limits: { maxArchiveBytes: number } = { maxArchiveBytes: DEFAULT_ARCHIVE_LIMITS.maxUncompressedBytes },
) {
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}/api/v4${path}`;
  const headers = { 'PRIVATE-TOKEN': token, Accept: 'application/json' };
  const group = (fullPath: string) => `/groups/${encodeURIComponent(fullPath)}`;
  const open = (method: 'GET' | 'POST', path: string) => openSourceRequest(db, url(path), method, headers);
  const refused = (status: number, what: string) =>
    new SourceInstanceError(
      status === 401
        ? 'the access token was refused by the source instance'
        : status === 404 || status === 403
          ? `${what} was not found on the source instance, or the token may not export it (Owner)`
          : `the source instance answered ${status} to ${what}`,
    );

  return {
    /** The group's name and full path on the source; refused when the token cannot read it. */
    async group(fullPath: string): Promise<{ name: string; full_path: string }> {
      const response = await open('GET', group(fullPath));
      const body = (await readJson(response)) as { name?: unknown; full_path?: unknown } | null;
      if (response.statusCode !== 200 || typeof body?.name !== 'string') {
        throw refused(response.statusCode ?? 0, `group ${fullPath}`);
      }
      return { name: body.name, full_path: typeof body.full_path === 'string' ? body.full_path : fullPath };
    },
    /** A project's name and full path on the source (`project_entity`); refused when the token cannot read it. */
    async project(fullPath: string): Promise<{ name: string; full_path: string }> {
      const response = await open('GET', `/projects/${encodeURIComponent(fullPath)}`);
      const body = (await readJson(response)) as { name?: unknown; path_with_namespace?: unknown } | null;
      if (response.statusCode !== 200 || typeof body?.name !== 'string') {
        throw refused(response.statusCode ?? 0, `project ${fullPath}`);
      }
      const path = typeof body.path_with_namespace === 'string' ? body.path_with_namespace : fullPath;
      return { name: body.name, full_path: path };
    },
    /** Asks the source to write a new export of the group (GitLab answers 202). */
    async startExport(fullPath: string): Promise<void> {
      const response = await open('POST', `${group(fullPath)}/export`);
      response.resume();
      if (response.statusCode !== 202) throw refused(response.statusCode ?? 0, `the export of ${fullPath}`);
    },
    /** Streams the written export to `path`; false while the source has not written it yet. */
    async download(fullPath: string, path: string): Promise<boolean> {
      const response = await open('GET', `${group(fullPath)}/export/download`);
      if (response.statusCode === 404) {
        response.resume();
        return false;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw refused(response.statusCode ?? 0, `the export of ${fullPath}`);
      }
      // Past the reader's own limit the archive could not be read anyway.
      const tooLarge = 'the export of the source is larger than an archive may be';
      await writeCappedFile(response, path, limits.maxArchiveBytes, tooLarge);
      return true;
    },
  };
}
