import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/connection';
import { BlockedUrlError, openExternalRequest } from '../webhooks';

/**
 * What the importers that read another service's API share (GitLab's direct transfer, Redmine): every
 * request through the webhooks' SSRF guard (local addresses only when the admin allows local
 * requests), JSON answers read up to a size cap, and files streamed to disk up to one.
 */

/** A source that cannot be read as asked: the message says why, for the job's error or a 422. */
export class SourceInstanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceInstanceError';
  }
}

/** Opens a request to a source's URL through the SSRF guard; a refusal or no answer is a SourceInstanceError. */
export async function openSourceRequest(
  db: Database,
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  who = 'the source instance',
): Promise<IncomingMessage> {
  try {
    return await openExternalRequest(db, url, method, headers);
  } catch (error) {
    if (error instanceof BlockedUrlError) throw new SourceInstanceError(`URL is blocked: ${error.message}`);
    throw new SourceInstanceError(`${who} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The answer's bytes, refused past `cap` bytes with `tooLarge()` without reading further. */
export async function readCappedBytes(response: IncomingMessage, cap: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > cap) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The answer's JSON (null when it is not JSON), refused past `cap` bytes without reading further. */
export async function readCappedJson(response: IncomingMessage, cap: number, who = 'the source'): Promise<unknown> {
  const body = await readCappedBytes(response, cap, () => {
    const limit = cap >= 1024 * 1024 ? `${Math.round(cap / 1024 / 1024)} MB` : `${cap} bytes`;
    return new SourceInstanceError(`${who} answered more than ${limit} where JSON was expected`);
  });
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Streams a source's answer to a new file only its owner reads, failing with `tooLarge` past `cap`
 * bytes: a source may not fill the disk.
 */
export async function writeCappedFile(response: IncomingMessage, path: string, cap: number, tooLarge: string) {
  let bytes = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > cap) done(new SourceInstanceError(tooLarge));
      else done(null, chunk);
    },
  });
  await pipeline(response, capped, createWriteStream(path, { mode: 0o600 }));
}
