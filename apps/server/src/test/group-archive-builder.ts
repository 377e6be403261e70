import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_KINDS,
  type ArchiveKind,
  kindFile,
  MANIFEST_FILE,
} from '../modules/group-transfer';

/**
 * Group export archives written by hand: a valid one (one user, one group, the other files empty)
 * whose lines and manifest a test replaces, packed as the exporter packs them — for the reader's
 * hostile-archive tests and the importer's refused records.
 */
const dir = mkdtempSync(join(tmpdir(), 'meridian-archive-reader-'));
let n = 0;

export type Entry = {
  name: string;
  body?: string | Buffer;
  type?: 'file' | 'symlink' | 'directory';
  linkname?: string;
  size?: number;
};

export const USER = { username: 'ada', email: 'ada@example.com', name: 'Ada', state: 'active' };
export const GROUP = {
  full_path: 'acme',
  path: 'acme',
  name: 'Acme',
  description: '',
  visibility_level: 0,
  parent_path: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A valid archive's entries: one user and one group, the other files empty; `lines` replaces a kind's lines. */
export function entries(
  lines: Partial<Record<ArchiveKind, string[]>> = {},
  manifestPatch: Record<string, unknown> = {},
): Entry[] {
  const bodies = Object.fromEntries(
    ARCHIVE_KINDS.map((kind) => {
      const rows =
        lines[kind] ?? (kind === 'users' ? [JSON.stringify(USER)] : kind === 'groups' ? [JSON.stringify(GROUP)] : []);
      return [kind, rows.map((l) => `${l}\n`).join('')];
    }),
  ) as Record<ArchiveKind, string>;
  const manifest = {
    format_version: ARCHIVE_FORMAT_VERSION,
    meridian_version: '0.1.0',
    source_url: 'http://localhost',
    group_full_path: 'acme',
    exported_at: '2026-01-01T00:00:00.000Z',
    files: Object.fromEntries(
      ARCHIVE_KINDS.map((kind) => [
        kind,
        {
          count: bodies[kind].split('\n').length - 1,
          bytes: Buffer.byteLength(bodies[kind]),
          sha256: createHash('sha256').update(bodies[kind]).digest('hex'),
        },
      ]),
    ),
    ...manifestPatch,
  };
  return [
    { name: MANIFEST_FILE, body: JSON.stringify(manifest) },
    ...ARCHIVE_KINDS.map((kind) => ({ name: kindFile(kind), body: bodies[kind] })),
  ];
}

export async function archiveOf(list: Entry[]): Promise<string> {
  const path = join(dir, `a${n++}.tar.gz`);
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(path));
  for (const e of list) {
    if (e.type === 'symlink' || e.type === 'directory')
      pack.entry({ name: e.name, type: e.type, linkname: e.linkname });
    else pack.entry({ name: e.name }, e.body ?? '');
  }
  pack.finalize();
  await done;
  return path;
}
