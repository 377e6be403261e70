import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, addProjectMember, createGroup, createProject, createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { CliError } from './cli-error';
import { exportGroupToFile } from './export';
import { importCsvFile, importGroupFile } from './import';
import { importJiraFile } from './import-jira';

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
    // Before the totals are known the bar says so, rather than "100% | 0/0".
    expect(drawn).toContain('counting the issues…');
    expect(drawn).not.toContain('0/0');
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

describe('import group command', () => {
  const t = useTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'meridian-import-group-cli-'));
  const archive = join(dir, 'group.tar.gz');

  beforeAll(async () => {
    const owner = await createUser(t.db, { username: 'cli_group_owner', admin: true });
    const group = await createGroup(t.db, { path: 'cligroup' });
    const project = await createProject(t.db, { namespaceId: group.id, path: 'app' });
    await t.db
      .insertInto('issues')
      .values({ project_id: project.id, iid: 7, title: 'Carried by the archive', author_id: owner.id })
      .execute();
    await exportGroupToFile(t.db, { groupPath: 'cligroup', file: archive, sourceUrl: 'https://old.example.com' });
  });

  it('imports an export archive as a new group below another, with a progress bar and a summary', async () => {
    await createGroup(t.db, { path: 'cliparent' });
    const lines: string[] = [];
    const progress = new PassThrough();
    let drawn = '';
    progress.on('data', (chunk) => {
      drawn += String(chunk);
    });
    const job = await importGroupFile(t.db, t.ctx.config, {
      file: archive,
      path: 'restored',
      parent: 'cliparent',
      user: 'cli_group_owner',
      progress,
      out: (line) => lines.push(line),
    });
    expect(job.state).toBe('finished');
    expect(lines).toEqual([
      'Imported cliparent/restored: 1 groups, 1 projects, 1 issues, 0 epics, 0 notes; 0 records skipped.',
    ]);
    expect(drawn).toMatch(/\d+\/\d+ records/);
    const issue = await t.db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['i.iid', 'i.title', 'i.imported_from', 'n.path'])
      .where('i.title', '=', 'Carried by the archive')
      .where('n.path', '=', 'restored')
      .executeTakeFirst();
    expect(issue).toEqual({
      iid: 7,
      title: 'Carried by the archive',
      imported_from: 'gitlab_migration',
      path: 'restored',
    });
  });

  it.each([
    ['a missing file', { file: join(dir, 'none.tar.gz') }, /No file at/],
    [
      'a file that is not an archive',
      { file: join(dir, 'bad.tar.gz') },
      /file is invalid: the archive is not valid gzip/,
    ],
    ['a path that is taken', { path: 'cligroup' }, /Cannot import the group: .*taken/],
  ])('refuses %s with a clear CliError', async (_name, override, message) => {
    writeFileSync(join(dir, 'bad.tar.gz'), 'not gzip');
    const attempt = importGroupFile(t.db, t.ctx.config, {
      file: archive,
      path: 'another',
      user: 'cli_group_owner',
      out: () => undefined,
      ...override,
    });
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toThrow(message);
  });
});

describe('import jira command', () => {
  const t = useTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'meridian-import-jira-cli-'));
  const samples = join(import.meta.dirname, '../test/jira');

  beforeAll(async () => {
    const user = await createUser(t.db, { username: 'cli_jira_maint' });
    await createUser(t.db, { username: 'cli_jira_dev' });
    const group = await createGroup(t.db, { path: 'clijira' });
    await createProject(t.db, { namespaceId: group.id, path: 'board' });
    await addGroupMember(t.db, group.id, user.id, AccessLevel.MAINTAINER);
    writeFileSync(join(dir, 'mapping.json'), JSON.stringify({ types: { Bug: { kind: 'skip' } } }));
    writeFileSync(join(dir, 'gitlab.csv'), 'title,description\nOne,two\n');
  });

  it('imports the JSON sample with a progress bar, then prints what it made and the skip report', async () => {
    const lines: string[] = [];
    const progress = new PassThrough();
    let drawn = '';
    progress.on('data', (chunk) => {
      drawn += String(chunk);
    });
    const job = await importJiraFile(t.db, t.ctx.config, {
      file: join(samples, 'jira-search.json'),
      into: 'clijira/board',
      user: 'cli_jira_maint',
      mapping: join(dir, 'mapping.json'),
      progress,
      out: (line) => lines.push(line),
    });
    expect(job.state).toBe('finished');
    expect(job.kind).toBe('jira_json');
    // The bugs (OPS-5, OPS-10) skipped by the mapping, with the link another issue has to one of them.
    expect(lines[0]).toBe(
      'Imported into clijira/board from Jira: 2 epics, 8 issues and tasks, 5 comments, 1 links, 3 work logs, 5 people; 3 items skipped.',
    );
    expect(lines).toContain('  issue OPS-5: its type Bug is mapped to be skipped');
    expect(drawn).toMatch(/\d+\/\d+ items/);
  });

  it.each([
    ['a user who may not administer the project', { user: 'cli_jira_dev' }, /404 Project Not Found/],
    [
      'a file that is not Jira’s',
      { file: join(dir, 'gitlab.csv') },
      /file is not a Jira CSV export: the header has no/,
    ],
    ['a missing mapping file', { mapping: join(dir, 'none.json') }, /No file at .*none\.json/],
    [
      'credentials without the Jira site',
      { site: { url: '', email: 'me@example.com', token: 'secret' } },
      /jira_url is missing: the credentials are for a Jira site/,
    ],
    [
      'an email without its API token',
      { site: { url: 'https://jira.example', email: 'me@example.com' } },
      /jira_api_token is missing: an email and an API token go together/,
    ],
  ])('refuses %s with a clear CliError', async (_name, override, message) => {
    const attempt = importJiraFile(t.db, t.ctx.config, {
      file: join(samples, 'jira-issues.csv'),
      into: 'clijira/board',
      user: 'cli_jira_maint',
      out: () => undefined,
      ...override,
    });
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toThrow(message);
  });
});
