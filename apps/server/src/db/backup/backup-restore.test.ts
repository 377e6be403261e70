import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import { runMeridian, type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { createThrowawayDatabase } from '../../test/throwaway-database';
import { connect, type DatabaseHandle } from '../connection';
import { migrate } from '../migrate';

/** One database: how the CLI and a server reach it, and a direct connection for set-up and checks. */
interface Target {
  env: Record<string, string>;
  server: string | { dataDir: string };
  open: () => Promise<DatabaseHandle>;
}

const scratch = mkdtempSync(join(tmpdir(), 'meridian-backup-'));
const dropAfter: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropAfter) await drop();
  rmSync(scratch, { recursive: true, force: true });
});

let dirs = 0;
async function embeddedTarget(): Promise<Target> {
  dirs += 1;
  const dataDir = join(scratch, `data-${dirs}`);
  return { env: { DATA_DIR: dataDir }, server: { dataDir }, open: () => connect({ dataDir }) };
}

async function postgresTarget(): Promise<Target> {
  const database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL ?? '', 'meridian_backup');
  dropAfter.push(database.drop);
  return { env: { DATABASE_URL: database.url }, server: database.url, open: () => connect({ url: database.url }) };
}

async function tableCount(target: Target): Promise<number> {
  if (typeof target.server !== 'string' && !existsSync(join(target.server.dataDir, 'PG_VERSION'))) return 0;
  const handle = await target.open();
  try {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(handle.db);
    return rows[0]?.n ?? 0;
  } finally {
    await handle.close();
  }
}

/** A maintainer with a token and a project, written before any server runs (the embedded database is one process's). */
async function seedOwner(target: Target): Promise<{ token: string; projectId: number }> {
  const handle = await target.open();
  try {
    await migrate(handle.db);
    const user = await createUser(handle.db, { username: 'keeper' });
    const token = await createToken(handle.db, user.id);
    const group = await createGroup(handle.db, { path: 'vault' });
    const projectId = (await createProject(handle.db, { namespaceId: group.id, path: 'app' })).id;
    await addGroupMember(handle.db, group.id, user.id, AccessLevel.MAINTAINER);
    return { token, projectId };
  } finally {
    await handle.close();
  }
}

async function createIssue(server: ServerProcess, token: string, projectId: number, title: string) {
  const res = await fetch(`${server.url}/api/v4/projects/${projectId}/issues`, {
    method: 'POST',
    headers: { 'private-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ title, description: `${title} — “quoted” ✓ \\ 100% ${'x'.repeat(200)}` }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { iid: number; title: string; description: string; created_at: string };
}

async function issueTitles(server: ServerProcess, token: string, projectId: number): Promise<Set<string>> {
  const titles = new Set<string>();
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${server.url}/api/v4/projects/${projectId}/issues?per_page=100&page=${page}`, {
      headers: { 'private-token': token },
    });
    const issues = (await res.json()) as { title: string }[];
    for (const issue of issues) titles.add(issue.title);
    if (issues.length < 100) return titles;
  }
}

const backends = [
  { name: 'the embedded database', target: embeddedTarget, skip: Boolean(process.env.TEST_DATABASE_URL) },
  { name: 'PostgreSQL', target: postgresTarget, skip: !process.env.TEST_DATABASE_URL },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`backup and restore on ${backend.name}`, () => {
    it('backs up while the server takes writes; the restore holds every write acknowledged before the backup began', async () => {
      const source = await backend.target();
      const { token, projectId } = await seedOwner(source);
      const server = await startServerProcess(source.server);
      const acknowledged: string[] = [];
      let restored: ServerProcess | undefined;
      try {
        for (let i = 0; i < 20; i += 1)
          acknowledged.push((await createIssue(server, token, projectId, `Before ${i}`)).title);
        // Writes go on while the backup is taken.
        let writing = true;
        const during: string[] = [];
        const writer = (async () => {
          for (let i = 0; writing; i += 1)
            during.push((await createIssue(server, token, projectId, `During ${i}`)).title);
        })();
        const ackedBeforeBackup = [...acknowledged];
        const file = join(scratch, `${backend.name.replaceAll(' ', '-')}.jsonl.gz`);
        const backup = await runMeridian(['backup', '--output', file], source.env);
        writing = false;
        await writer;
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toMatch(/Backup written to .*: [\d,]+ rows in \d+ tables, .*sha256 [0-9a-f]{64}\./);
        expect(during.length).toBeGreaterThan(0);

        const target = await backend.target();
        const restore = await runMeridian(['restore', file], target.env);
        expect(restore.code, restore.output).toBe(0);
        expect(restore.output).toContain('Restored ');
        restored = await startServerProcess(target.server);
        const titles = await issueTitles(restored, token, projectId);
        for (const title of ackedBeforeBackup) expect(titles.has(title), title).toBe(true);
        // Values come back whole (text, timestamps to the microsecond), and ids go on from where they were.
        const original = await (
          await fetch(`${server.url}/api/v4/projects/${projectId}/issues/1`, { headers: { 'private-token': token } })
        ).json();
        const copy = await (
          await fetch(`${restored.url}/api/v4/projects/${projectId}/issues/1`, { headers: { 'private-token': token } })
        ).json();
        expect(copy).toEqual(original);
        const next = await createIssue(restored, token, projectId, 'After the restore');
        expect(next.iid).toBeGreaterThan(ackedBeforeBackup.length);

        // A second restore into the now non-empty database is refused, and changes nothing.
        await stopServerProcess(restored);
        const again = await runMeridian(['restore', file], target.env);
        expect(again.code).toBe(1);
        expect(again.output).toContain('Restore needs an empty database');
        restored = await startServerProcess(target.server);
        expect((await issueTitles(restored, token, projectId)).has('After the restore')).toBe(true);
      } finally {
        await stopServerProcess(server);
        await stopServerProcess(restored);
      }
    }, 180_000);

    it('refuses a damaged or cut-short backup before writing anything', async () => {
      const source = await backend.target();
      await seedOwner(source);
      const file = join(scratch, `${backend.name.replaceAll(' ', '-')}-whole.jsonl.gz`);
      const backup = await runMeridian(['backup', '--output', file], source.env);
      expect(backup.code, backup.output).toBe(0);
      const bytes = readFileSync(file);
      const cut = join(scratch, 'cut.jsonl.gz');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const flipped = join(scratch, 'flipped.jsonl.gz');
      const changed = Buffer.from(bytes);
      const middle = Math.floor(changed.length / 2);
      changed[middle] = (changed[middle] ?? 0) ^ 0xff;
      writeFileSync(flipped, changed);
      for (const damaged of [cut, flipped]) {
        const target = await backend.target();
        const restore = await runMeridian(['restore', damaged], target.env);
        expect(restore.code, restore.output).toBe(1);
        expect(restore.output).toContain('is damaged or not a Meridian backup');
        expect(await tableCount(target)).toBe(0);
      }
      // An existing file is never overwritten.
      const twice = await runMeridian(['backup', '--output', file], source.env);
      expect(twice.code).toBe(1);
      expect(twice.output).toContain('already exists');
    }, 120_000);
  });
}
