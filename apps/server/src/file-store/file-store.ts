import type { Readable } from 'node:stream';

/**
 * Where uploaded files (incident metric images) and group export archives are kept, by key
 * (`metric_images/<id>/<name>`, `group_exports/<group id>/<name>.tar.gz`):
 * this instance's disk (`disk-file-store.ts`) or an S3-compatible object store shared by every
 * process (`s3-file-store.ts`), chosen by configuration (`fileStoreOf`).
 */
export interface FileStore {
  /** Where files go, for the start-up log: a directory or `s3://bucket`. */
  readonly location: string;
  /** Stores new bytes under a key no file has yet. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key; null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Stores a file of this disk under a new key, read as a stream (large archives never sit in memory). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The bytes under the key as a stream, with their length; null when there are none. */
  getStream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file under the key, if there is one. */
  remove(key: string): Promise<void>;
}
