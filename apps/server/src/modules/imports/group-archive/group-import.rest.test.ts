import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { seedDemo } from '../../../seed/seed-demo';
import { apiClient, createUsersWithTokens, expectStatuses } from '../../../test/api-client';
import { addGroupMember } from '../../../test/factories';
import { groupPlan, issueHistory } from '../../../test/group-plan';
import { multipartBody } from '../../../test/multipart-body';
import { type TestAppHandle, useTestApp } from '../../../test/use-test-app';
import { claimImportJob } from '../import-jobs';
import { runClaimedJob } from '../import-runner';
import { importerOf } from '../importers';
import { IMPORT_KINDS } from './archive-source';

/**
 * Issue 32: a group export imported into another group (GitLab's `POST /groups/import`, the GitLab
 * importer's file mode), compared with the original through the API, field by field; then into an
 * empty instance, where nobody exists and placeholders hold the contributions, cut short and resumed.
 */
const tok: Record<string, string> = {};
const source = useTestApp(
  async ({ db }) => {
    await seedDemo(db, { password: 'demo-password-1', now: new Date('2026-03-15T12:00:00Z') });
    const acme = await db.selectFrom('namespaces').select('id').where('path', '=', 'acme').executeTakeFirstOrThrow();
    const users = await createUsersWithTokens(db, ['owner', 'outsider'], { prefix: 'gi-', into: { tok } });
    await addGroupMember(db, acme.id, users.uid.owner as number, AccessLevel.OWNER);
    return { acmeId: acme.id };
  },
  { timeout: 180_000 },
);
const api = apiClient(() => source.app, tok);

const emptyTok: Record<string, string> = {};
const empty = useTestApp(async ({ db }) => {
  await createUsersWithTokens(db, ['owner'], { prefix: 'fresh-', into: { tok: emptyTok } });
});

let archive: Buffer;

function postImport(
  app: TestAppHandle<unknown>,
  token: string | undefined,
  parts: Record<string, string | { filename: string; data: Buffer }>,
) {
  const body = multipartBody(parts);
  return app.app.inject({
    method: 'POST',
    url: '/api/v4/groups/import',
    headers: { ...body.headers, ...(token ? { 'private-token': token } : {}) },
    payload: body.payload,
  });
}

async function exportAcme(): Promise<Buffer> {
  if (archive) return archive;
  expect((await api('POST', '/groups/acme/export', 'owner')).statusCode).toBe(202);
  await source.app.groupExportWorker?.pollNow();
  const res = await api('GET', '/groups/acme/export/download', 'owner');
  expect(res.statusCode).toBe(200);
  archive = res.rawPayload;
  return archive;
}

describe('group import from an export archive (POST /groups/import)', () => {
  it('refuses what it cannot import, with the reason, and creates nothing', async () => {
    const file = { filename: 'acme.tar.gz', data: await exportAcme() };
    expect((await postImport(source, undefined, { name: 'X', path: 'x-anon', file })).statusCode).toBe(401);
    const missing = await postImport(source, tok.owner, { name: 'X', path: 'x-missing' });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'file is missing']);
    const garbage = await postImport(source, tok.owner, {
      name: 'X',
      path: 'x-garbage',
      file: { filename: 'a.tar.gz', data: Buffer.from('not an archive') },
    });
    expect([garbage.statusCode, garbage.json().error]).toEqual([400, 'file is invalid: the archive is not valid gzip']);
    const taken = await postImport(source, tok.owner, { name: 'Acme', path: 'acme', file });
    expect(taken.statusCode).toBe(400);
    const badPath = await postImport(source, tok.owner, { name: 'X', path: '../etc', file });
    expect(badPath.statusCode).toBe(400);
    const created = await source.db.selectFrom('namespaces').select('path').where('path', 'like', 'x-%').execute();
    expect(created).toEqual([]);
  });

  it('imports the group as another group of the same instance; the API shows the same plan, field by field', async () => {
    const res = await postImport(source, tok.owner, {
      name: 'Acme copy',
      path: 'acme-copy',
      file: { filename: 'acme.tar.gz', data: await exportAcme() },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      message: '202 Accepted',
      full_path: 'acme-copy',
      import_job: { state: 'created' },
    });
    const jobId = res.json().import_job.id as number;
    const groupId = res.json().id as number;
    expect(await source.app.importWorker?.pollNow()).toEqual(['finished']);

    const job = (await api('GET', `/groups/${groupId}/import_jobs/${jobId}`, 'owner')).json();
    expect(job).toMatchObject({ state: 'finished', percent: 100, error: null, namespace_id: groupId });
    const skipped = (await api('GET', `/groups/${groupId}/import_jobs/${jobId}/skipped`, 'owner')).json();
    expect(skipped).toEqual([]);
    for (const [kind, c] of Object.entries(job.counters as Record<string, { done: number; total: number }>)) {
      expect(c.done, kind).toBe(c.total);
    }
    await expectStatuses(api, [
      ['GET', `/groups/${groupId}/import_jobs/${jobId}`, 'outsider', undefined, 404],
      ['GET', `/groups/${groupId}/import_jobs/${jobId}`, undefined, undefined, 401],
      ['GET', `/groups/${groupId}/import_jobs/999999`, 'owner', undefined, 404],
    ]);

    const [original, copy] = [await groupPlan(api, 'owner', 'acme'), await groupPlan(api, 'owner', 'acme-copy')];
    expect(copy.description).toBe(original.description);
    expect(copy.groups).toEqual(original.groups);
    expect(copy.projects).toEqual(original.projects);
    expect(original.issues.size).toBeGreaterThan(1000);
    expect([...copy.issues.keys()].sort()).toEqual([...original.issues.keys()].sort());
    for (const [key, issue] of original.issues) expect(copy.issues.get(key), key).toEqual(issue);
    expect(original.epics.size).toBeGreaterThan(50);
    expect([...copy.epics.keys()].sort()).toEqual([...original.epics.keys()].sort());
    for (const [key, epic] of original.epics) expect(copy.epics.get(key), key).toEqual(epic);

    // The busiest issues' notes (system notes kept as system notes) and related links.
    const copyIds = new Map([...copy.projectPath].map(([id, path]) => [path, id]));
    for (const issue of original.busiest) {
      const path = original.projectPath.get(issue.project_id) ?? '';
      const copied = await issueHistory(api, 'owner', copyIds.get(path) as number, issue.iid);
      expect(copied, `${path}#${issue.iid}`).toEqual(await issueHistory(api, 'owner', issue.project_id, issue.iid));
      expect(copied.notes.length).toBeGreaterThan(0);
    }
    // Imported items carry the Imported badge.
    const first = [...original.projectPath][0] as [number, string];
    const one = await api('GET', `/projects/${copyIds.get(first[1])}/issues?per_page=1`, 'owner');
    expect(one.json()[0]).toMatchObject({ imported: true, imported_from: 'gitlab_migration' });
  }, 180_000);
});

describe('into an empty instance', () => {
  it('keeps every contribution on placeholder users, and a job cut short resumes without duplicates', async () => {
    const res = await postImport(empty, emptyTok.owner, {
      name: 'Acme',
      path: 'acme',
      file: { filename: 'acme.tar.gz', data: await exportAcme() },
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id as number;
    const deps = (workerId: string) => ({ db: empty.db, config: empty.ctx.services, workerId, importerOf });

    // A process commits batches of 250 up to the first of the issues, and dies holding the lease (the
    // batch in flight is lost); another takes the job once it runs out, with batches of its own size.
    const dying = await claimImportJob(empty.db, 'dying');
    const countersNow = async () =>
      (await empty.db.selectFrom('import_jobs').select('counters').where('id', '=', jobId).executeTakeFirstOrThrow())
        .counters as Record<string, { done: number; skipped: number; total: number }>;
    // No batch yet: the run stores the totals, which say how many batches come before the issues.
    expect(await runClaimedJob(deps('dying'), dying as NonNullable<typeof dying>, { maxBatches: 0 })).toBe(
      'interrupted',
    );
    const totals = await countersNow();
    const beforeIssues = IMPORT_KINDS.slice(0, IMPORT_KINDS.indexOf('issues')).reduce(
      (n, kind) => n + Math.ceil((totals[kind]?.total ?? 0) / 250),
      0,
    );
    expect(
      await runClaimedJob(deps('dying'), dying as NonNullable<typeof dying>, {
        maxBatches: beforeIssues + 1,
        batchSize: 250,
      }),
    ).toBe('interrupted');
    const cut = (await countersNow()).issues ?? { done: 0, skipped: 0, total: 0 };
    expect(cut.done).toBe(250);
    expect(cut.done).toBeLessThan(cut.total);
    await empty.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 120_000) })
      .where('id', '=', jobId)
      .execute();
    // The other writes two batches of issues, notes and award emoji at once (on PostgreSQL each on a
    // connection of its own), each adding its own counts to the job's.
    const other = await claimImportJob(empty.db, 'other');
    expect(await runClaimedJob(deps('other'), other as NonNullable<typeof other>, { writers: 2, batchSize: 250 })).toBe(
      'finished',
    );

    const count = async (table: 'issues' | 'epics' | 'notes' | 'labels') =>
      Number(
        (
          await empty.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const job = await empty.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'finished', error: null });
    expect(await count('issues')).toBeGreaterThan(1000);
    const counters = job.counters as Record<string, { done: number; skipped: number; total: number }>;
    expect(await count('issues')).toBe(counters.issues?.total);
    expect(await count('epics')).toBe(counters.epics?.total);
    expect(await count('notes')).toBe(counters.notes?.total);
    for (const kind of ['issues', 'notes', 'award_emoji'] as const) {
      expect(counters[kind]?.done, kind).toBe(counters[kind]?.total);
    }

    // Nobody existed: each person of the source is a placeholder that cannot sign in, named as they were.
    const people = await empty.db
      .selectFrom('import_source_users as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.source_username', 's.status', 'u.username', 'u.state', 'u.placeholder', 'u.password_hash'])
      .execute();
    expect(people.length).toBe(counters.users?.total);
    for (const p of people) {
      expect(p).toMatchObject({
        status: 'pending_reassignment',
        state: 'blocked',
        placeholder: true,
        password_hash: '',
      });
      expect(p.username.startsWith(`${p.source_username}_placeholder`)).toBe(true);
    }
    // Memberships wait for a reassignment; the importing owner's own stays.
    expect(counters.members?.skipped).toBe(counters.members?.total);
    const skips = await empty.db
      .selectFrom('import_job_skips')
      .select(['kind', 'reason'])
      .where('job_id', '=', jobId)
      .execute();
    expect(new Set(skips.map((s) => s.kind))).toEqual(new Set(['members']));
    expect(skips[0]?.reason).toMatch(/has no account here \(placeholder user\)/);
    const authors = await empty.db
      .selectFrom('issues as i')
      .innerJoin('users as u', 'u.id', 'i.author_id')
      .select('u.placeholder')
      .distinct()
      .execute();
    expect(authors).toEqual([{ placeholder: true }]);
  }, 180_000);
});
