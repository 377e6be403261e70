import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStore } from './file-store';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Ceph, Garage, R2…); AWS itself when unset. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most self-hosted stores need. */
  pathStyle: boolean;
}

/** Files as objects of one bucket of an S3-compatible store, shared by every Meridian process. */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.pathStyle,
    // Checksums the SDK would compute itself go in aws-chunked framing for streams, which some
    // S3-compatible stores keep as part of the object; putFile gives the SHA-256 itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
  });
  const Bucket = settings.bucket;
  return {
    location: `s3://${Bucket}`,
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      // The file's SHA-256, given up front: the store checks the bytes it receives against it.
      const hash = createHash('sha256');
      await pipeline(createReadStream(path), hash);
      const ChecksumSHA256 = hash.digest('base64');
      const Body = createReadStream(path);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: size, ContentType: contentType, ChecksumSHA256 }),
      );
    },
    async getStream(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
