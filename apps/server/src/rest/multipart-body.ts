import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { errorCodes } from 'fastify';
import { badRequest } from '../errors';
import { maxParameters, parseGitlabParams } from './query-string';

/** A file part a route accepts (route config `upload`), read whole into memory. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * A file part a route spools to disk (`upload.spool`): a private temporary file, removed when the
 * answer has been sent (or the client went away), so an archive of gigabytes costs no memory. A
 * class, so that a schema takes only what the parser made (`z.instanceof`), never a path a JSON body names.
 */
export class SpooledFile {
  constructor(
    readonly filename: string,
    readonly path: string,
    readonly size: number,
  ) {}
}

const spooled = new WeakMap<IncomingMessage, string[]>();

/** Removes the files the request's body spooled (a hook calls it once the answer is sent). */
export async function removeSpooledFiles(request: IncomingMessage): Promise<void> {
  const paths = spooled.get(request) ?? [];
  spooled.delete(request);
  await Promise.all(paths.map((path) => rm(dirname(path), { recursive: true, force: true })));
}

/**
 * Writes the part to a new private temporary directory, registered for removal with the request.
 * `signal` stops it (refused past its limit, or abandoned), then nothing is kept, even when that
 * happened before the directory existed.
 */
async function spool(
  request: IncomingMessage,
  stream: NodeJS.ReadableStream,
  signal: AbortSignal,
): Promise<{ path: string; size: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'meridian-upload-'));
  const path = join(dir, 'upload');
  spooled.set(request, [...(spooled.get(request) ?? []), path]);
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  try {
    signal.throwIfAborted();
    await pipeline(stream, createWriteStream(path, { mode: 0o600 }), { signal });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { path, size };
}

/** The one file part a route takes: its field name and the most bytes it may hold. */
export interface UploadRule {
  field: string;
  maxBytes: number;
  /** Written to a temporary file (a `SpooledFile` parameter) instead of memory. */
  spool?: boolean;
  /**
   * What the 400 says when the file is larger ('file is too large (maximum is 1 MB)'); without it a
   * larger file is a 413, as a body past its limit is (the file is the body: a SARIF report).
   */
  tooLarge?: string;
}

/**
 * `multipart/form-data` bodies (`curl --form`) as GitLab's API accepts them: the fields become the
 * same parameters a query string or form body would give. A file part is a 400 naming its field,
 * except the one a route's `upload` rule names (metric images): that becomes an `UploadedFile`
 * parameter, bounded by the rule's size. The fields are bounded by `bodyLimit`.
 */
export function parseMultipartBody(
  request: IncomingMessage,
  bodyLimit: number,
  upload?: UploadRule,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    let file: UploadedFile | SpooledFile | undefined;
    let fileDone: Promise<void> = Promise.resolve();
    let bytes = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      request.resume();
      reject(error);
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: request.headers as { 'content-type': string },
        limits: {
          fields: maxParameters,
          files: 1,
          fieldSize: bodyLimit,
          fieldNameSize: 255,
          ...(upload ? { fileSize: upload.maxBytes } : {}),
        },
      });
    } catch {
      reject(badRequest('body is invalid: malformed multipart/form-data', 'body'));
      return;
    }
    parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      bytes += name.length + value.length;
      if (valueTruncated || bytes > bodyLimit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (nameTruncated) return fail(badRequest('body is invalid: field name too long', 'body'));
      const previous = fields[name];
      if (previous === undefined) fields[name] = value;
      else fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    });
    parser.on('file', (name: string, stream: NodeJS.ReadableStream, filename: string) => {
      if (!upload || name !== upload.field) {
        stream.resume();
        return fail(badRequest(`${name} is invalid: file uploads are not accepted here`, name));
      }
      // A refused or abandoned part stops being written at once, and its file is removed.
      const stopped = new AbortController();
      const stop = () => {
        stopped.abort();
        (stream as unknown as Readable).destroy();
      };
      stream.on('limit', () => {
        fail(upload.tooLarge ? badRequest(upload.tooLarge, name) : new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        stop();
      });
      if (upload.spool) {
        const abandoned = () => {
          if (!request.complete) stop();
        };
        request.once('close', abandoned);
        fileDone = spool(request, stream, stopped.signal).then(
          ({ path, size }) => {
            request.off('close', abandoned);
            file = new SpooledFile(filename ?? '', path, size);
          },
          () => {
            request.off('close', abandoned);
            fail(badRequest(`${name} is invalid: the upload could not be stored`, name));
          },
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      fileDone = new Promise((done) =>
        stream.on('end', () => {
          file = { filename: filename ?? '', data: Buffer.concat(chunks) };
          done();
        }),
      );
    });
    parser.on('fieldsLimit', () => fail(badRequest(`body is invalid: more than ${maxParameters} fields`, 'body')));
    parser.on('error', () => fail(badRequest('body is invalid: malformed multipart/form-data', 'body')));
    parser.on('finish', () => {
      void fileDone.then(() => {
        if (failed) return;
        const params = parseGitlabParams(fields);
        resolve(upload && file ? { ...params, [upload.field]: file } : params);
      });
    });
    request.pipe(parser);
  });
}
