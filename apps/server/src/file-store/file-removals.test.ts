import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storeProjectUpload } from '../modules/uploads';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../test/factories';
import { multipartBody, TINY_PNG } from '../test/multipart-body';
import { useRestTestApp } from '../test/rest-test-app';
import { startFileRemovalWorker } from './file-removals';
import type { FileStore } from './file-store';

/** A deleted project's, group's or issue's files leave the disk with their rows (migration 0052, file-removals.ts). */
const uploadsDir = mkdtempSync(join(tmpdir(), 'meridian-file-removals-'));
const t = useRestTestApp({ prefix: 'fr_', users: ['owner'], env: { UPLOADS_DIR: uploadsDir } });
const { api, uid } = t;
const MB = 1024 * 1024;

const onDisk = (key: string) => existsSync(join(uploadsDir, key));

async function projectWithFiles(groupPath: string) {
  const group = await createGroup(t.db, { path: groupPath });
  await addGroupMember(t.db, group.id, uid.owner as number, AccessLevel.OWNER);
  const project = await createProject(t.db, { namespaceId: group.id, path: 'ops' });
  const files = t.app.ctx.services.files;
  const upload = await storeProjectUpload(
    t.db,
    files,
    { projectId: project.id, filename: 'log.txt', data: Buffer.from('a log'), uploadedById: null },
    MB,
  );
  const incident = await api('POST', `/projects/${project.id}/issues`, 'owner', {
    title: 'Down',
    issue_type: 'incident',
  });
  expect(incident.statusCode, incident.body).toBe(201);
  const body = multipartBody({ file: { filename: 'graph.png', data: TINY_PNG } });
  const image = await t.app.inject({
    method: 'POST',
    url: `/api/v4/projects/${project.id}/issues/${incident.json().iid}/metric_images`,
    headers: { ...body.headers, 'private-token': t.tok.owner ?? '' },
    payload: body.payload,
  });
  expect(image.statusCode, image.body).toBe(201);
  const imageRow = await t.db
    .selectFrom('issuable_metric_images')
    .select('stored_path')
    .where('id', '=', image.json().id)
    .executeTakeFirstOrThrow();
  const keys = [upload.row.stored_path, imageRow.stored_path];
  for (const key of keys) expect(onDisk(key)).toBe(true);
  return { group, project, incidentIid: incident.json().iid as number, keys };
}

describe('files of deleted rows', () => {
  it('a deleted project takes its uploads and metric images off the disk once the worker has run', async () => {
    const { project, keys } = await projectWithFiles('fr-project');
    expect((await api('DELETE', `/projects/${project.id}`, 'owner')).statusCode).toBe(202);
    const queued = await t.db.selectFrom('file_removals').select('file_key').where('file_key', 'in', keys).execute();
    expect(queued.map((row) => row.file_key).sort()).toEqual([...keys].sort());
    await t.app.fileRemovalWorker?.pollNow();
    for (const key of keys) expect(onDisk(key)).toBe(false);
    const done = await t.db.selectFrom('file_removals').select('removed_at').where('file_key', 'in', keys).execute();
    expect(done.every((row) => row.removed_at !== null)).toBe(true);
  });

  it('a deleted group takes the files of its projects; a deleted issue those of its metric images', async () => {
    const inGroup = await projectWithFiles('fr-group');
    const issueOnly = await projectWithFiles('fr-issue');
    expect((await api('DELETE', `/groups/${inGroup.group.id}`, 'owner')).statusCode).toBe(202);
    expect(
      (await api('DELETE', `/projects/${issueOnly.project.id}/issues/${issueOnly.incidentIid}`, 'owner')).statusCode,
    ).toBe(204);
    await t.app.fileRemovalWorker?.pollNow();
    for (const key of inGroup.keys) expect(onDisk(key)).toBe(false);
    const [upload, image] = issueOnly.keys as [string, string];
    expect(onDisk(image)).toBe(false);
    expect(onDisk(upload)).toBe(true);
  });

  it('a delete that rolls back queues nothing and keeps the files', async () => {
    const { project, keys } = await projectWithFiles('fr-rollback');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('projects').where('id', '=', project.id).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const queued = await t.db.selectFrom('file_removals').select('id').where('file_key', 'in', keys).execute();
    expect(queued).toEqual([]);
    await t.app.fileRemovalWorker?.pollNow();
    for (const key of keys) expect(onDisk(key)).toBe(true);
  });

  it('a removal the store refuses (a bucket out of reach) stays queued with its error, and is tried again', async () => {
    const key = 'uploads/0/unreachable/file.txt';
    await sql`INSERT INTO file_removals (file_key) VALUES (${key})`.execute(t.db);
    const removed: string[] = [];
    let reachable = false;
    const store = {
      remove: async (k: string) => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        removed.push(k);
      },
    } as unknown as FileStore;
    const worker = startFileRemovalWorker({ db: t.db, files: store, pollIntervalMs: 3_600_000 });
    try {
      await worker.pollNow();
      const failed = await t.db
        .selectFrom('file_removals')
        .selectAll()
        .where('file_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(failed).toMatchObject({
        removed_at: null,
        failed_at: null,
        attempts: 1,
        last_error: 'connect ECONNREFUSED',
      });
      await t.db
        .updateTable('file_removals')
        .set({ next_attempt_at: new Date() })
        .where('file_key', '=', key)
        .execute();
      reachable = true;
      await worker.pollNow();
      expect(removed).toContain(key);
      const done = await t.db
        .selectFrom('file_removals')
        .selectAll()
        .where('file_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(done.removed_at).not.toBeNull();
      expect(done.last_error).toBeNull();
    } finally {
      await worker.stop();
    }
  });
});
