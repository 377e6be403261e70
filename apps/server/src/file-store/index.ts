import { join } from 'node:path';
import type { Config } from '../config';
import { diskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

export type { FileStore } from './file-store';

/** The S3-compatible store when OBJECT_STORAGE_BUCKET is set, else UPLOADS_DIR (default DATA_DIR/uploads). */
export function fileStoreOf(config: Config): FileStore {
  const bucket = config.OBJECT_STORAGE_BUCKET;
  if (!bucket) return diskFileStore(config.UPLOADS_DIR ?? join(config.DATA_DIR, 'uploads'));
  return s3FileStore({
    bucket,
    region: config.OBJECT_STORAGE_REGION,
    pathStyle: config.OBJECT_STORAGE_PATH_STYLE === 'true',
    accessKeyId: config.OBJECT_STORAGE_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.OBJECT_STORAGE_SECRET_ACCESS_KEY ?? '',
    ...(config.OBJECT_STORAGE_ENDPOINT ? { endpoint: config.OBJECT_STORAGE_ENDPOINT } : {}),
  });
}
