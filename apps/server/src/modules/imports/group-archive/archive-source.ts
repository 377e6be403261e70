import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../../../file-store';
import { ARCHIVE_KINDS, type ArchiveItem, openGroupArchive } from '../../group-transfer';
import type { ImportJobRow } from '../import-jobs';
import type { ImportSource, SourceItem } from '../importer';
import { type EpicRecord, keys, sourceIdOf } from './archive-keys';

/** An archive record as an import item; `epic_parents` items carry an epic again, to link it to its parent. */
export type EpicParent = Pick<EpicRecord, 'group_path' | 'iid' | 'parent'>;
export type ArchiveSourceItem = ArchiveItem | { kind: 'epic_parents'; record: EpicParent };

const EPICS_AT = ARCHIVE_KINDS.indexOf('epics');

/** The order items are imported in: the archive's, with the epics' parent links right after the epics. */
export const IMPORT_KINDS = ARCHIVE_KINDS.flatMap((kind) =>
  kind === 'epics' ? [kind, 'epic_parents' as const] : [kind],
);

/** Copies the job's archive out of the file store into a private temporary file the reader can open twice. */
async function localCopy(files: FileStore, key: string): Promise<{ path: string; dir: string }> {
  const stored = await files.getStream(key);
  if (!stored) throw new Error('The archive of this import is no longer stored; start the import again.');
  const dir = await mkdtemp(join(tmpdir(), 'meridian-group-import-'));
  const path = join(dir, 'archive.tar.gz');
  await pipeline(stored.stream, createWriteStream(path, { mode: 0o600 }));
  return { path, dir };
}

/**
 * A group export archive as an import source: checked whole before the first item (the reader
 * refuses a damaged or hostile archive) unless it was checked when it was uploaded, then read again in
 * dependency order. An epic's parent may
 * be a later line of the same file, so epics are created first and linked to their parents in a
 * second kind (`epic_parents`) once every epic exists.
 */
export async function openArchiveSource(
  job: ImportJobRow,
  files: FileStore,
  options: { checkedBefore?: boolean } = {},
): Promise<ImportSource<ArchiveSourceItem> & { sourceUrl: string }> {
  if (!job.source_file) throw new Error('The import has no archive.');
  const copy = await localCopy(files, job.source_file);
  try {
    const archive = await openGroupArchive(copy.path, undefined, options);
    const counts = archive.manifest.files;
    return {
      sourceUrl: archive.manifest.source_url,
      totals: () =>
        Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, counts[kind === 'epic_parents' ? 'epics' : kind].count])),
      async *batches(size) {
        let batch: SourceItem<ArchiveSourceItem>[] = [];
        const add = function* (item: SourceItem<ArchiveSourceItem>) {
          if (batch.length > 0 && (batch[0]?.kind !== item.kind || batch.length >= size)) {
            yield batch;
            batch = [];
          }
          batch.push(item);
        };
        // Only what the second pass needs of each epic is kept: a group of a million epics fits.
        const parents: EpicParent[] = [];
        const epicParents = function* () {
          for (const record of parents.splice(0)) {
            yield* add({ kind: 'epic_parents', sourceId: keys.epic(record), data: { kind: 'epic_parents', record } });
          }
        };
        const seen = new Map<string, number>();
        let pastEpics = false;
        for await (const item of archive.records()) {
          if (!pastEpics && ARCHIVE_KINDS.indexOf(item.kind) > EPICS_AT) {
            pastEpics = true;
            yield* epicParents();
          }
          if (item.kind === 'epics') {
            const { group_path, iid, parent } = item.record;
            parents.push({ group_path, iid, parent });
          }
          const index = seen.get(item.kind) ?? 0;
          seen.set(item.kind, index + 1);
          yield* add({ kind: item.kind, sourceId: sourceIdOf(item, index), data: item });
        }
        if (!pastEpics) yield* epicParents();
        if (batch.length > 0) yield batch;
      },
      close: () => rm(copy.dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(copy.dir, { recursive: true, force: true });
    throw error;
  }
}
