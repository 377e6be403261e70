/** The group-transfer module's face: all that code outside it may import (modules/README.md). */
export {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_KINDS,
  ArchiveError,
  type ArchiveKind,
  type ArchiveManifest,
  kindFile,
  MANIFEST_FILE,
} from './archive-format';
export { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, type GroupArchive, openGroupArchive } from './archive-reader';
export { type ArchiveItem, type ArchiveRecords, RECORD_SCHEMAS } from './archive-records';
export { type GroupExportSource, packArchive, writeGroupArchive } from './archive-writer';
