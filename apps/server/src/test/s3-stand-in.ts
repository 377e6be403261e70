import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations; `S3rver` below types the little used here.
import S3rverModule from 's3rver';
import { afterAll, beforeAll } from 'vitest';

/** What s3rver (a local server speaking S3's REST API, with SigV4 checks) offers the tests. */
interface S3rver {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rver;

/** s3rver's built-in account: requests signed with other keys are refused, as S3 does. */
export const S3_STAND_IN_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A local S3-compatible object store for the file-store tests (S3 is an internet service: a
 * stand-in speaking its documented protocol, never a fake of our own code), with one bucket.
 * `endpoint` is set once the suite has started.
 */
export function useS3StandIn(bucket: string) {
  const state = { endpoint: '', bucket };
  const directory = mkdtempSync(join(tmpdir(), 'meridian-s3-'));
  let server: S3rver | undefined;
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    state.endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return state;
}
