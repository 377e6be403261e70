import { z } from 'zod';

/**
 * A Meridian group export is a tar.gz archive:
 *
 *   manifest.json           the format version, Meridian's version, the source URL and group, when
 *                           it was made, and for each kind its file's line count, byte size and SHA-256
 *   tree/<kind>.ndjson      one JSON record per line, in the order of ARCHIVE_KINDS
 *
 * Kinds come in dependency order: a record refers only to records of its own or an earlier kind,
 * by natural keys (full paths, iids, usernames, titles), never by this instance's row ids — but
 * notes carry their `id` so award emoji on them can point at them, and an epic's `parent` may be a
 * later epic of the same file. Key names follow GitLab's NDJSON export where it has one.
 */
export const ARCHIVE_FORMAT_VERSION = 1;

export const ARCHIVE_KINDS = [
  'users',
  'groups',
  'projects',
  'members',
  'labels',
  'milestones',
  'iterations_cadences',
  'iterations',
  'issues',
  'work_item_parent_links',
  'timelogs',
  'epics',
  'epic_issues',
  'issue_links',
  'notes',
  'award_emoji',
] as const;

export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

export const MANIFEST_FILE = 'manifest.json';
export const kindFile = (kind: ArchiveKind) => `tree/${kind}.ndjson`;

const sha256Hex = z
  .string()
  .length(64)
  .regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');
const fileEntry = z.object({
  count: z.number().int().min(0).max(1e9),
  bytes: z.number().int().min(0).max(1e13),
  sha256: sha256Hex,
});

export const manifestSchema = z.object({
  format_version: z.number().int().min(1).max(1000),
  meridian_version: z.string().min(1).max(64),
  source_url: z.string().max(2048),
  group_full_path: z.string().min(1).max(2048),
  exported_at: z.iso.datetime(),
  files: z.object(
    Object.fromEntries(ARCHIVE_KINDS.map((kind) => [kind, fileEntry])) as Record<ArchiveKind, typeof fileEntry>,
  ),
});

export type ArchiveManifest = z.infer<typeof manifestSchema>;
export type ArchiveFileEntry = z.infer<typeof fileEntry>;

/** Thrown for an archive that is not a whole, intact group export this release can read. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}
