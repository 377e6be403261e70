import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, createUsersWithTokens } from '../../../test/api-client';
import { archiveOf, entries, GROUP, USER } from '../../../test/group-archive-builder';
import { multipartBody } from '../../../test/multipart-body';
import { useTestApp } from '../../../test/use-test-app';

/*
 * `POST /groups/import` spools the archive to a temporary file as it arrives (no archive is held in
 * memory), refuses one past IMPORT_MAX_UPLOAD_MB, and leaves no temporary file behind: after an
 * import, a refusal, or a client that goes away mid-upload.
 */

const spoolDir = mkdtempSync(join(tmpdir(), 'meridian-spool-test-'));
const previousTmpdir = process.env.TMPDIR;
beforeAll(() => {
  process.env.TMPDIR = spoolDir;
});
afterAll(() => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(spoolDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

const tok: Record<string, string> = {};
const t = useTestApp(
  async ({ db }) => {
    await createUsersWithTokens(db, ['owner'], { prefix: 'up-', into: { tok } });
  },
  { env: { IMPORT_MAX_UPLOAD_MB: '1' } },
);
const api = apiClient(() => t.app, tok);
const uploads = () => readdirSync(spoolDir).filter((name) => name.startsWith('meridian-upload-'));

function post(path: string, file: Buffer) {
  const body = multipartBody({ name: 'Up', path, file: { filename: 'a.tar.gz', data: file } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v4/groups/import',
    headers: { ...body.headers, 'private-token': tok.owner ?? '' },
    payload: body.payload,
  });
}

describe('uploading a group archive', () => {
  it('imports a spooled archive and removes the temporary file once answered', async () => {
    const archive = await archiveOf(entries({ users: [JSON.stringify(USER)], groups: [JSON.stringify(GROUP)] }));
    const res = await post('up-one', readFileSync(archive));
    expect(res.statusCode, res.body).toBe(202);
    await vi.waitFor(() => expect(uploads()).toEqual([]));
    expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);
    expect((await api('GET', '/groups/up-one', 'owner')).statusCode).toBe(200);
  });

  it('refuses an archive past IMPORT_MAX_UPLOAD_MB naming the limit, creating nothing', async () => {
    const res = await post('up-big', Buffer.alloc(1024 * 1024 + 1, 7));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'file is too large (maximum is 1 MB, IMPORT_MAX_UPLOAD_MB)', field: 'file' });
    expect((await api('GET', '/groups/up-big', 'owner')).statusCode).toBe(404);
    await vi.waitFor(() => expect(uploads()).toEqual([]));
  });

  it('refuses a request without the archive part, naming it', async () => {
    const body = multipartBody({ name: 'Up', path: 'up-none' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/groups/import',
      headers: { ...body.headers, 'private-token': tok.owner ?? '' },
      payload: body.payload,
    });
    expect([res.statusCode, res.json().error]).toEqual([400, 'file is missing']);
  });

  it('takes the archive only as an uploaded part, never a server path named in a JSON body', async () => {
    const archive = await archiveOf(entries({ users: [JSON.stringify(USER)], groups: [JSON.stringify(GROUP)] }));
    const res = await api('POST', '/groups/import', 'owner', {
      name: 'Up',
      path: 'up-json',
      file: { filename: 'a.tar.gz', path: archive, size: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('file');
    expect((await api('GET', '/groups/up-json', 'owner')).statusCode).toBe(404);
  });

  it('removes what a client that went away mid-upload had sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'abandoned-upload';
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v4/groups/import',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'private-token': tok.owner ?? '',
        'content-length': String(10 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
    );
    req.write(Buffer.alloc(256 * 1024, 1));
    await vi.waitFor(() => expect(uploads()).toHaveLength(1));
    req.destroy();
    await vi.waitFor(() => expect(uploads()).toEqual([]), { timeout: 5000 });
  });
});
