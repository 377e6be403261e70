import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { Database } from '../../db/connection';
import { fullPathOf } from '../namespaces';
import {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_KINDS,
  type ArchiveFileEntry,
  type ArchiveKind,
  type ArchiveManifest,
  kindFile,
  MANIFEST_FILE,
} from './archive-format';
import type { ArchiveRecords } from './archive-records';
import { epicIssueRecords, epicRecords } from './export-epics';
import { issueLinkRecords, issueRecords, timelogRecords, workItemParentLinkRecords } from './export-issues';
import { groupRecords, memberRecords, projectRecords, userRecords } from './export-namespaces';
import { awardEmojiRecords, noteRecords } from './export-notes';
import { cadenceRecords, iterationRecords, labelRecords, milestoneRecords } from './export-planning';
import { type ExportScope, scopeOf } from './export-scope';

type Readers = { [K in ArchiveKind]: (scope: ExportScope) => AsyncGenerator<ArchiveRecords[K]> };

const READERS: Readers = {
  users: userRecords,
  groups: groupRecords,
  projects: projectRecords,
  members: memberRecords,
  labels: labelRecords,
  milestones: milestoneRecords,
  iterations_cadences: cadenceRecords,
  iterations: iterationRecords,
  issues: issueRecords,
  work_item_parent_links: workItemParentLinkRecords,
  timelogs: timelogRecords,
  epics: epicRecords,
  epic_issues: epicIssueRecords,
  issue_links: issueLinkRecords,
  notes: noteRecords,
  award_emoji: awardEmojiRecords,
};

/** Users are read last (once every record has named its users) and written first. */
const READ_ORDER: ArchiveKind[] = [...ARCHIVE_KINDS.filter((k) => k !== 'users'), 'users'];

export interface GroupExportSource {
  db: Database;
  groupId: number;
  /** This instance's external URL, recorded in the manifest. */
  sourceUrl: string;
  meridianVersion: string;
}

/** Writes one kind's records as NDJSON to a file, counting lines and bytes and hashing them. */
async function writeKind(records: AsyncGenerator<unknown>, path: string): Promise<ArchiveFileEntry> {
  const out: WriteStream = createWriteStream(path);
  const hash = createHash('sha256');
  let count = 0;
  let bytes = 0;
  try {
    for await (const record of records) {
      const line = Buffer.from(`${JSON.stringify(record)}\n`);
      hash.update(line);
      bytes += line.length;
      count += 1;
      if (!out.write(line)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { count, bytes, sha256: hash.digest('hex') };
}

/** Packs the manifest and the kinds' files (`<dir>/<kind>.ndjson`), in order, into a gzipped tar at `outPath`. */
export async function packArchive(manifest: ArchiveManifest, dir: string, outPath: string): Promise<void> {
  const packer = tar.pack();
  const written = pipeline(packer, createGzip(), createWriteStream(outPath, { flags: 'wx' }));
  const mtime = new Date(manifest.exported_at);
  packer.entry({ name: MANIFEST_FILE, mtime, mode: 0o644 }, `${JSON.stringify(manifest, null, 2)}\n`);
  for (const kind of ARCHIVE_KINDS) {
    const entry = packer.entry({ name: kindFile(kind), size: manifest.files[kind].bytes, mtime, mode: 0o644 });
    await pipeline(createReadStream(join(dir, `${kind}.ndjson`)), entry);
  }
  packer.finalize();
  await written;
}

/**
 * Writes a group's export archive (archive-format.ts) to `outPath`, which must not exist. Every
 * kind is read from one REPEATABLE READ snapshot in keyset batches and written to a temporary file
 * as it is read, then the files are packed: memory holds one batch, never the group.
 */
export async function writeGroupArchive(source: GroupExportSource, outPath: string): Promise<ArchiveManifest> {
  const dir = await mkdtemp(join(tmpdir(), 'meridian-group-export-'));
  try {
    const manifest = await source.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const group = await trx
          .selectFrom('namespaces as n')
          .select([fullPathOf('n.traversal_ids').as('full_path'), sql<string>`now()`.as('now')])
          .where('n.id', '=', source.groupId)
          .where('n.type', '=', 'Group')
          .executeTakeFirstOrThrow();
        const scope = scopeOf(trx, source.groupId);
        const files = {} as Record<ArchiveKind, ArchiveFileEntry>;
        for (const kind of READ_ORDER) {
          files[kind] = await writeKind(READERS[kind](scope), join(dir, `${kind}.ndjson`));
        }
        return {
          format_version: ARCHIVE_FORMAT_VERSION,
          meridian_version: source.meridianVersion,
          source_url: source.sourceUrl,
          group_full_path: group.full_path,
          exported_at: new Date(group.now).toISOString(),
          files: Object.fromEntries(ARCHIVE_KINDS.map((k) => [k, files[k]])) as Record<ArchiveKind, ArchiveFileEntry>,
        } satisfies ArchiveManifest;
      });
    await packArchive(manifest, dir, outPath);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
