import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { multipartBody, TINY_PNG } from '../../test/multipart-body';
import { useRestTestApp } from '../../test/rest-test-app';
import { S3_STAND_IN_KEYS, useS3StandIn } from '../../test/s3-stand-in';

/** IE-78 with OBJECT_STORAGE_BUCKET: metric images kept in an S3-compatible bucket, which every process shares. */
const BUCKET = 'meridian-uploads';
const s3 = useS3StandIn(BUCKET);
const env: Record<string, string> = {
  OBJECT_STORAGE_BUCKET: BUCKET,
  OBJECT_STORAGE_ACCESS_KEY_ID: S3_STAND_IN_KEYS.accessKeyId,
  OBJECT_STORAGE_SECRET_ACCESS_KEY: S3_STAND_IN_KEYS.secretAccessKey,
};
// Before the app starts (hooks run in order): the stand-in's port is known once it listens.
beforeAll(() => {
  env.OBJECT_STORAGE_ENDPOINT = s3.endpoint;
});
const t = useRestTestApp({ prefix: 'mis3_', users: ['reporter', 'outsider'], env });

async function storedKeys(): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3_STAND_IN_KEYS,
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

let base: string;
beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'mis3acme' });
  const project = await createProject(t.db, { namespaceId: g.id, path: 'ops' });
  await addGroupMember(t.db, g.id, t.uid.reporter as number, AccessLevel.REPORTER);
  const created = await t.api('POST', `/projects/${project.id}/issues`, 'reporter', {
    title: 'Disk full',
    issue_type: 'incident',
  });
  base = `/api/v4/projects/${project.id}/issues/${created.json().iid}/metric_images`;
});

describe('metric images in an S3-compatible bucket', () => {
  it('uploads into the bucket, serves the file from it to readers only, and deletes it there', async () => {
    const body = multipartBody({ file: { filename: 'disk.png', data: TINY_PNG } });
    const headers = (who: string) => ({ 'private-token': t.tok[who] ?? '' });
    const res = await t.app.inject({
      method: 'POST',
      url: base,
      headers: { ...body.headers, ...headers('reporter') },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    const keys = await storedKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^issuable_metric_image\/\d+\/[0-9a-f]{32}\.png$/);

    const file = await t.app.inject({ method: 'GET', url: image.file_path, headers: headers('reporter') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\/png/);
    expect(file.rawPayload).toEqual(TINY_PNG);
    const hidden = await t.app.inject({ method: 'GET', url: image.file_path, headers: headers('outsider') });
    expect(hidden.statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `${base}/${image.id}`, headers: headers('reporter') });
    expect(removed.statusCode).toBe(204);
    await t.app.fileRemovalWorker?.pollNow();
    expect(await storedKeys()).toEqual([]);
  });
});
