import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addProjectMember, createGroup, createProject, createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { CliError } from './cli-error';
import { importCsvFile } from './import';

describe('import csv command', () => {
  const t = useTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'meridian-import-cli-'));
  const file = join(dir, 'issues.csv');
  let projectId: number;

  beforeAll(async () => {
    const user = await createUser(t.db, { username: 'cli_importer' });
    await createUser(t.db, { username: 'cli_reporter' });
    const group = await createGroup(t.db, { path: 'cliimp' });
    const project = await createProject(t.db, { namespaceId: group.id, path: 'board' });
    projectId = project.id;
    await addProjectMember(t.db, project.id, user.id, AccessLevel.DEVELOPER);
    writeFileSync(file, 'title;description\nFrom the CLI;one\n;no title\nAgain;two\n');
  });

  it('runs the import job here with a progress bar, then prints the count and the skip report', async () => {
    const lines: string[] = [];
    const progress = new PassThrough();
    let drawn = '';
    progress.on('data', (chunk) => {
      drawn += String(chunk);
    });
    const job = await importCsvFile(t.db, t.ctx.config, {
      file,
      into: 'cliimp/board',
      user: 'cli_importer',
      progress,
      out: (line) => lines.push(line),
    });
    expect(job.state).toBe('finished');
    expect(lines).toEqual(['Imported 2 issues into cliimp/board; 1 rows skipped.', "  line 3: Title can't be blank"]);
    expect(drawn).toContain('3/3 issues');
    const titles = await t.db
      .selectFrom('issues')
      .select('title')
      .where('project_id', '=', projectId)
      .orderBy('iid')
      .execute();
    expect(titles.map((r) => r.title)).toEqual(['From the CLI', 'Again']);
  });

  it.each([
    ['an unknown user', { user: 'ghost' }, /No active user with the username "ghost"/],
    ['a user who may not import', { user: 'cli_reporter' }, /Cannot import into cliimp\/board: 404 Project Not Found/],
    ['a missing project', { into: 'cliimp/nothing' }, /404 Project Not Found/],
    ['a missing file', { file: join(dir, 'none.csv') }, /No file at/],
  ])('refuses %s with a clear CliError', async (_name, override, message) => {
    const attempt = importCsvFile(t.db, t.ctx.config, {
      file,
      into: 'cliimp/board',
      user: 'cli_importer',
      out: () => undefined,
      ...override,
    });
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toThrow(message);
  });
});
