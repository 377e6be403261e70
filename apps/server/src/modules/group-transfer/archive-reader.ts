import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import split2 from 'split2';
import tar from 'tar-stream';
import {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_KINDS,
  ArchiveError,
  type ArchiveKind,
  type ArchiveManifest,
  kindFile,
  MANIFEST_FILE,
  manifestSchema,
} from './archive-format';
import { type ArchiveItem, RECORD_SCHEMAS } from './archive-records';

/** What a reader accepts at most: a hostile archive is refused once it passes one, never held in memory. */
export interface ArchiveLimits {
  /** Bytes of the whole archive once decompressed (a gzip bomb stops here). */
  maxUncompressedBytes: number;
  /** Bytes of one NDJSON line. */
  maxLineBytes: number;
  /** Bytes of manifest.json. */
  maxManifestBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxUncompressedBytes: 20 * 1024 ** 3,
  // A 1 MiB description in JSON, every character escaped: 6 bytes each, plus the other fields.
  maxLineBytes: 8 * 1024 ** 2,
  maxManifestBytes: 64 * 1024,
};

/** Counts the bytes that pass and fails the stream once there are more than `max`. */
function byteCap(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new ArchiveError(`the archive decompresses to more than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

async function readSmall(entry: AsyncIterable<unknown>, max: number, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > max) throw new ArchiveError(`${name} is larger than ${max} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseManifest(text: string): ArchiveManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveError(`${MANIFEST_FILE} is not JSON`);
  }
  const version = (json as { format_version?: unknown } | null)?.format_version;
  if (typeof version === 'number' && version > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      `the archive's format version ${version} is newer than this Meridian reads (${ARCHIVE_FORMAT_VERSION}): upgrade Meridian`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new ArchiveError(`${MANIFEST_FILE}: ${describe(parsed.error)}`);
  return parsed.data;
}

function describe(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const where = first.path.map(String).join('.');
  return where ? `${where}: ${first.message}` : first.message;
}

/** The entry's name, quoted and cut short for a message (it is the archive's, not ours). */
const quoted = (name: string) => JSON.stringify(name.length > 100 ? `${name.slice(0, 100)}…` : name);

async function* kindRecords(
  entryBytes: AsyncIterable<unknown>,
  kind: ArchiveKind,
  manifest: ArchiveManifest,
  limits: ArchiveLimits,
): AsyncGenerator<ArchiveItem> {
  const file = kindFile(kind);
  const expected = manifest.files[kind];
  const hash = createHash('sha256');
  const entry = Readable.from(entryBytes, { objectMode: false });
  entry.on('data', (chunk: Buffer) => hash.update(chunk));
  const lines = entry.pipe(
    split2(
      (line: string) => {
        if (Buffer.byteLength(line) > limits.maxLineBytes) {
          throw new ArchiveError(`${file}: a line is longer than ${limits.maxLineBytes} bytes`);
        }
        return line;
      },
      { maxLength: limits.maxLineBytes },
    ),
  );
  entry.on('error', (error) => lines.destroy(error));
  const schema = RECORD_SCHEMAS[kind];
  let count = 0;
  try {
    for await (const line of lines as AsyncIterable<string>) {
      count += 1;
      if (count > expected.count)
        throw new ArchiveError(`${file} has more lines than the manifest's ${expected.count}`);
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new ArchiveError(`${file} line ${count} is not JSON`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ArchiveError(`${file} line ${count}: ${describe(parsed.error)}`);
      yield { kind, record: parsed.data } as ArchiveItem;
    }
  } catch (error) {
    if (error instanceof Error && error.message === 'maximum buffer reached') {
      throw new ArchiveError(`${file}: a line is longer than ${limits.maxLineBytes} bytes`);
    }
    throw error;
  }
  if (count !== expected.count)
    throw new ArchiveError(`${file} has ${count} lines, the manifest says ${expected.count}`);
  if (hash.digest('hex') !== expected.sha256)
    throw new ArchiveError(`${file} does not match its SHA-256 in the manifest`);
}

/**
 * One pass over the archive: the manifest first, then each kind's file in ARCHIVE_KINDS order, each
 * line parsed and checked against its kind's schema as it streams past. Anything else — another
 * name (`../x`, `/etc/x`), a link or directory entry, a file out of order or missing, a size, count
 * or checksum unlike the manifest's, a line past the limit, more decompressed bytes than allowed —
 * throws an ArchiveError and stops reading.
 */
async function* scanArchive(
  path: string,
  limits: ArchiveLimits,
  onManifest: (manifest: ArchiveManifest) => void,
): AsyncGenerator<ArchiveItem> {
  const source = createReadStream(path);
  const extract = tar.extract();
  const piped = pipeline(source, createGunzip(), byteCap(limits.maxUncompressedBytes), extract);
  let failure: unknown;
  piped.catch((error: unknown) => {
    failure = error;
  });
  let manifest: ArchiveManifest | undefined;
  let next = 0;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const kind = next === 0 ? undefined : ARCHIVE_KINDS[next - 1];
      const wanted = next === 0 ? MANIFEST_FILE : kind ? kindFile(kind) : undefined;
      if (wanted === undefined) throw new ArchiveError(`unexpected entry ${quoted(name)} after the last file`);
      if (name !== wanted) throw new ArchiveError(`unexpected entry ${quoted(name)} where ${wanted} should be`);
      if (entry.header.type !== 'file') throw new ArchiveError(`${wanted} is not a regular file`);
      if (!manifest || !kind) {
        manifest = parseManifest(await readSmall(entry, limits.maxManifestBytes, MANIFEST_FILE));
        onManifest(manifest);
      } else {
        if (entry.header.size !== manifest.files[kind].bytes) {
          throw new ArchiveError(
            `${wanted} is ${entry.header.size} bytes, the manifest says ${manifest.files[kind].bytes}`,
          );
        }
        yield* kindRecords(entry, kind, manifest, limits);
      }
      next += 1;
    }
  } catch (error) {
    throw failure instanceof ArchiveError ? failure : asArchiveError(error);
  } finally {
    source.destroy();
    extract.destroy();
  }
  if (failure) throw asArchiveError(failure);
  if (next === 0) throw new ArchiveError(`the archive has no ${MANIFEST_FILE}`);
  const missing = ARCHIVE_KINDS[next - 1];
  if (missing) throw new ArchiveError(`the archive ends before ${kindFile(missing)}`);
}

function asArchiveError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return new ArchiveError('the archive is not valid gzip');
  if (code === 'ENOENT') return error as Error;
  const message = error instanceof Error ? error.message : String(error);
  return new ArchiveError(`the archive is not a valid tar.gz (${message.slice(0, 200)})`);
}

export interface GroupArchive {
  manifest: ArchiveManifest;
  /** Every record, kind after kind in dependency order (ARCHIVE_KINDS), typed by kind. */
  records(): AsyncGenerator<ArchiveItem>;
}

/**
 * Opens a group export archive: reads it once through, checking everything (see scanArchive), and
 * only then answers its manifest and a second pass that yields its records. A damaged or hostile
 * archive is refused before the importer sees a single record. `checkedBefore`: the same file passed
 * this check already (an upload is checked before its job is made), so only its manifest is read
 * first; the records' pass checks as it reads all the same.
 */
export async function openGroupArchive(
  path: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
  options: { checkedBefore?: boolean } = {},
): Promise<GroupArchive> {
  let manifest: ArchiveManifest | undefined;
  for await (const _ of scanArchive(path, limits, (m) => {
    manifest = m;
  })) {
    if (options.checkedBefore) break;
  }
  if (!manifest) throw new ArchiveError(`the archive has no ${MANIFEST_FILE}`);
  return {
    manifest,
    records: () => scanArchive(path, limits, () => undefined),
  };
}
