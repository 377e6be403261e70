import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroup, createProject, createUser } from '../../test/factories';
import { connect } from '../connection';
import { listMigrations, migrate } from '../migrate';
import { BackupFileError, checkMigrationLevel } from './backup-format';
import { verifyBackup } from './read-backup';
import { restoreBackup } from './restore-backup';
import { writeBackup } from './write-backup';

// The schema of an earlier release: migration 0028_frecent_visits was the last before
// 0029_issuable_last_edited added the columns checked below.
const EARLIER_LEVEL = 28;

const scratch = mkdtempSync(join(tmpdir(), 'meridian-upgrade-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('restoring an earlier release’s backup', () => {
  it('loads the data at its own migration level, then upgrades it with this release’s migrations', async () => {
    const all = listMigrations();
    const earlier = all.filter((m) => m.version <= EARLIER_LEVEL);
    const source = await connect({});
    const file = join(scratch, 'earlier.jsonl.gz');
    try {
      await migrate(source.db, earlier);
      const user = await createUser(source.db, { username: 'ada' });
      const group = await createGroup(source.db, { path: 'old' });
      const project = await createProject(source.db, { namespaceId: group.id, path: 'app' });
      await sql`INSERT INTO issues (project_id, iid, title, author_id, description)
        VALUES (${project.id}, 1, 'Written by the earlier release', ${user.id}, 'Kept across the upgrade')`.execute(
        source.db,
      );
      const gzip = createGzip();
      const written = pipeline(gzip, createWriteStream(file));
      await writeBackup({ db: source.db, kind: source.kind, version: '0.0.9' }, gzip);
      gzip.end();
      await written;
    } finally {
      await source.close();
    }

    const manifest = await verifyBackup(file);
    expect(manifest.migrations.map((m) => m.version)).toEqual(earlier.map((m) => m.version));
    const target = await connect({});
    try {
      const { upgradedWith } = await restoreBackup(target.db, file, manifest, () => undefined, all);
      expect(upgradedWith).toEqual(
        all.filter((m) => m.version > EARLIER_LEVEL).map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`),
      );
      const issue = await target.db
        .selectFrom('issues')
        .select(['title', 'description', 'last_edited_at'])
        .executeTakeFirstOrThrow();
      expect(issue).toEqual({
        title: 'Written by the earlier release',
        description: 'Kept across the upgrade',
        last_edited_at: null,
      });
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a backup from a newer release, or one whose migrations differ', () => {
    const known = [
      { version: 1, name: 'initial_schema' },
      { version: 2, name: 'list_order_indexes' },
    ];
    const header = (migrations: { version: number; name: string }[]) => ({
      meridianBackup: 1 as const,
      version: '9.9.9',
      database: 'postgres' as const,
      createdAt: '2026-11-29T00:00:00Z',
      migrations,
    });
    expect(() => checkMigrationLevel(header(known.slice(0, 1)), known, 'b.gz')).not.toThrow();
    expect(() => checkMigrationLevel(header([...known, { version: 3, name: 'later' }]), known, 'b.gz')).toThrow(
      new BackupFileError(
        'b.gz was made by a newer Meridian (9.9.9): its migration 0003_later is unknown to this release. Upgrade Meridian, then restore.',
      ),
    );
    expect(() => checkMigrationLevel(header([{ version: 1, name: 'other' }]), known, 'b.gz')).toThrow(
      'b.gz does not fit this release: its migration 0001_other is 0001_initial_schema here.',
    );
  });
});
