import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { S3_STAND_IN_KEYS, useS3StandIn } from '../test/s3-stand-in';
import { diskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

const s3 = useS3StandIn('meridian-files');
const s3Store = (keys: { accessKeyId: string; secretAccessKey: string } = S3_STAND_IN_KEYS) =>
  s3FileStore({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', pathStyle: true, ...keys });

const stores: Array<[string, () => FileStore]> = [
  ['disk', () => diskFileStore(mkdtempSync(join(tmpdir(), 'meridian-files-')))],
  ['S3-compatible', () => s3Store()],
];

describe.each(stores)('the %s file store', (_name, make) => {
  it('keeps bytes under a key, answers null for a missing one, and removes them', async () => {
    const store = make();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await store.put('issuable_metric_image/1/a.png', bytes, 'image/png');
    expect(await store.get('issuable_metric_image/1/a.png')).toEqual(bytes);
    expect(await store.get('issuable_metric_image/1/missing.png')).toBeNull();
    await store.remove('issuable_metric_image/1/a.png');
    expect(await store.get('issuable_metric_image/1/a.png')).toBeNull();
    await store.remove('issuable_metric_image/1/a.png'); // removing nothing is fine
  });

  it('stores a file of this disk as a stream and gives it back as one', async () => {
    const store = make();
    const dir = mkdtempSync(join(tmpdir(), 'meridian-put-file-'));
    const bytes = randomBytes(300_000);
    writeFileSync(join(dir, 'a.tar.gz'), bytes);
    await store.putFile('group_exports/1/a.tar.gz', join(dir, 'a.tar.gz'), 'application/gzip');
    const found = await store.getStream('group_exports/1/a.tar.gz');
    expect(found?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of found?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);
    expect(await store.getStream('group_exports/1/missing.tar.gz')).toBeNull();
    await store.remove('group_exports/1/a.tar.gz');
  });
});

describe('the S3-compatible file store', () => {
  it('fails loudly with keys the store does not know, rather than losing the file', async () => {
    const store = s3Store({ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' });
    await expect(store.put('x/y.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
  });
});

describe('the disk file store', () => {
  it('refuses a key that leaves its directory', async () => {
    const store = diskFileStore(mkdtempSync(join(tmpdir(), 'meridian-files-')));
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/outside/);
  });
});
