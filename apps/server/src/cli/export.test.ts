import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openGroupArchive } from '../modules/group-transfer';
import { createGroup, createIssuesInBulk, createProject, createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { CliError } from './cli-error';
import { exportGroupToFile, runExport } from './export';

describe('export command', () => {
  const t = useTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'meridian-cli-export-'));
  beforeAll(async () => {
    const group = await createGroup(t.db, { path: 'cli-acme' });
    const sub = await createGroup(t.db, { path: 'platform', parentId: group.id });
    const project = await createProject(t.db, { namespaceId: sub.id, path: 'api' });
    const author = await createUser(t.db, { username: 'cli-author' });
    await createIssuesInBulk(t.db, { projectId: project.id, authorId: author.id, count: 3 });
  });

  it('writes the archive, checked, and says what is in it', async () => {
    const file = join(dir, 'acme.tar.gz');
    const summary = await exportGroupToFile(t.db, { groupPath: 'cli-acme', file, sourceUrl: 'http://meridian.test' });
    expect(summary).toMatch(
      /^Group cli-acme exported to .*acme\.tar\.gz \(\d+ KiB\): .*2 groups, 1 projects, .*3 issues/,
    );
    const { manifest } = await openGroupArchive(file);
    expect(manifest).toMatchObject({ group_full_path: 'cli-acme', source_url: 'http://meridian.test' });
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it('refuses an unknown group, an existing file and a missing --group, with a clear CliError', async () => {
    await expect(
      exportGroupToFile(t.db, { groupPath: 'nope', file: join(dir, 'x.tar.gz'), sourceUrl: '' }),
    ).rejects.toThrow(new CliError('No group at nope.'));
    const taken = join(dir, 'taken.tar.gz');
    writeFileSync(taken, 'x');
    await expect(exportGroupToFile(t.db, { groupPath: 'cli-acme', file: taken, sourceUrl: '' })).rejects.toThrow(
      /already exists/,
    );
    await expect(runExport(['group'], t.ctx.config)).rejects.toThrow(/--group PATH is required/);
    await expect(runExport(['project'], t.ctx.config)).rejects.toThrow(/Usage: meridian export group/);
  });
});
