import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import type { ItemChange } from '../../realtime/change-channel';
import { addGroupMember, addProjectMember, createGroup, createMilestone, createProject } from '../../test/factories';
import { gql } from '../../test/graphql-client';
import { multipartBody } from '../../test/multipart-body';
import { useRestTestApp } from '../../test/rest-test-app';
import { claimImportJob } from './import-jobs';
import { runClaimedJob } from './import-runner';
import { importerOf } from './importers';
import { CSV_IMPORT_STARTED } from './imports.service';

/** Issue 32: GitLab's CSV issue import, run as a resumable, idempotent import job with progress events. */
const t = useRestTestApp({ prefix: 'ic_', users: ['dev', 'planner', 'reporter', 'outsider', 'private'] });
const { uid, tok } = t;

let projectPath: string;
let projectId: number;
let hiddenPath: string;

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'icacme' });
  const project = await createProject(t.db, { namespaceId: g.id, path: 'tracker', visibility: 20 });
  projectId = project.id;
  projectPath = `icacme/tracker`;
  await addGroupMember(t.db, g.id, uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(t.db, g.id, uid.reporter as number, AccessLevel.REPORTER);
  await createMilestone(t.db, { group_id: g.id, iid: 1, title: 'v1.0' });
  const hiddenGroup = await createGroup(t.db, { path: 'icsecret' });
  const hidden = await createProject(t.db, { namespaceId: hiddenGroup.id, path: 'vault', visibility: 0 });
  await addProjectMember(t.db, hidden.id, uid.private as number, AccessLevel.DEVELOPER);
  hiddenPath = 'icsecret/vault';
});

function post(path: string, who: string | undefined, file: string | Buffer, filename = 'issues.csv') {
  const body = multipartBody({ file: { filename, data: Buffer.isBuffer(file) ? file : Buffer.from(file) } });
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...body.headers, ...(who ? { 'private-token': tok[who] ?? '' } : {}) },
    payload: body.payload,
  });
}
const get = (path: string, who: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { 'private-token': tok[who] ?? '' } });

/** Runs the import worker's jobs as one more process would (`maxBatches`: as if killed after that many commits). */
async function runJobs(workerId: string, options: { maxBatches?: number; batchSize?: number } = {}) {
  const results: string[] = [];
  for (;;) {
    const job = await claimImportJob(t.db, workerId);
    if (!job) return results;
    const deps = { db: t.db, config: t.ctx.services, workerId, importerOf };
    results.push(await runClaimedJob(deps, job, options));
    if (options.maxBatches !== undefined) return results;
  }
}

const GOOD_AND_BAD = [
  'Title,Description,Due Date,Milestone,Weight',
  'First issue,"Has a, comma",2026-12-01,v1.0,3',
  ',no title here,,,',
  'Third issue,,2026-02-31,,',
  'Fourth issue,"multi',
  'line",,,',
].join('\n');

describe('CSV issue import', () => {
  it('previews the file: the rows as they will be imported and each row’s errors; writes nothing', async () => {
    const res = await post(`/${projectPath}/-/issues/import_csv/preview`, 'dev', GOOD_AND_BAD);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.headers).toEqual(['title', 'description', 'due_date', 'milestone', 'weight']);
    expect(preview.row_count).toBe(4);
    expect(preview.rows[0]).toEqual({
      line: 2,
      title: 'First issue',
      description: 'Has a, comma',
      due_date: '2026-12-01',
      milestone: 'v1.0',
      errors: [],
    });
    expect(preview.rows[3].description).toBe('multi\nline');
    expect(preview.error_lines).toEqual([
      { line: 3, errors: ["Title can't be blank"] },
      { line: 4, errors: ['Due date is not a date (YYYY-MM-DD)'] },
    ]);
    expect(preview.missing_milestones).toEqual([]);
    const jobs = await t.db.selectFrom('import_jobs').select('id').execute();
    expect(jobs).toEqual([]);
  });

  it('imports the good rows as issues marked imported from csv, reports the bad ones, and sends progress events', async () => {
    const events: ItemChange[] = [];
    const off = t.app.realtime.bus.onChange((change) => {
      if (change.kind === 'ImportJob') events.push(change);
    });
    const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', GOOD_AND_BAD);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(CSV_IMPORT_STARTED);
    const job = res.json().import_job;
    expect(job).toMatchObject({ state: 'created', source_name: 'issues.csv', kind: 'csv_issues' });

    expect(await runJobs('worker-a', { batchSize: 2 })).toEqual(['finished']);
    const view = await get(`/${projectPath}/-/import_jobs/${job.id}`, 'dev');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      state: 'finished',
      counters: { issue: { done: 2, skipped: 2, total: 4 } },
      processed: 4,
      total: 4,
      percent: 100,
      seconds_left: 0,
      error: null,
    });
    expect(view.json().issues.map((i: { title: string }) => i.title)).toEqual(['First issue', 'Fourth issue']);

    const issues = await t.db
      .selectFrom('issues')
      .select(['title', 'description', 'due_date', 'milestone_id', 'imported_from', 'author_id'])
      .where('project_id', '=', projectId)
      .orderBy('iid')
      .execute();
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatchObject({
      title: 'First issue',
      due_date: '2026-12-01',
      imported_from: 'csv',
      author_id: uid.dev,
    });
    expect(issues[0]?.milestone_id).not.toBeNull();
    // The REST issue answers `imported`, which the web's "Imported" badge reads.
    const rest = await t.api('GET', `/projects/${projectId}/issues?search=First`, 'dev');
    expect(rest.json()[0]).toMatchObject({ imported: true, imported_from: 'csv' });

    const skipped = await get(`/${projectPath}/-/import_jobs/${job.id}/skipped?per_page=1`, 'dev');
    expect(skipped.statusCode).toBe(200);
    expect(skipped.headers['x-total']).toBe('2');
    expect(skipped.json()).toEqual([{ kind: 'issue', source_id: '3', reason: "Title can't be blank" }]);
    const page2 = await get(`/${projectPath}/-/import_jobs/${job.id}/skipped?per_page=1&page=2`, 'dev');
    expect(page2.json()).toEqual([{ kind: 'issue', source_id: '4', reason: 'Due date is not a date (YYYY-MM-DD)' }]);

    // created, then one per batch (two batches), the start and the end: heard on the live channel.
    await expect.poll(() => events.filter((e) => e.id === job.id).length).toBeGreaterThanOrEqual(4);
    off();
  });

  it('answers the progress poll 304 until a progress event on the live channel changes the job', async () => {
    const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', 'title,description\nPolled,\n');
    const url = `/${projectPath}/-/import_jobs/${res.json().import_job.id}`;
    const poll = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'private-token': tok.dev ?? '', ...(etag ? { 'if-none-match': etag } : {}) },
      });
    // The creation's event may still be on its way: poll until the answer carries a settled ETag.
    let etag: string | undefined;
    await expect
      .poll(async () => {
        etag = (await poll()).headers.etag as string | undefined;
        return etag;
      })
      .toBeTruthy();
    expect((await poll(etag)).statusCode).toBe(304);
    await t.app.importWorker?.pollNow();
    await expect.poll(async () => (await poll(etag)).statusCode).toBe(200);
    expect((await poll()).json().state).toBe('finished');
  });

  it('resumes a job cut short after a batch (kill -9) without creating anything twice, and counts right', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => `Resumed ${i + 1},row ${i + 1}`);
    const res = await post(`/${projectPath}/-/issues/import_csv`, 'planner', ['title,description', ...rows].join('\n'));
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id;

    // The first process commits two batches of three, then dies holding the lease.
    expect(await runJobs('dying', { batchSize: 3, maxBatches: 2 })).toEqual(['interrupted']);
    const half = await t.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(half).toMatchObject({ state: 'started', claimed_by: 'dying' });
    expect(half.counters).toEqual({ issue: { done: 6, skipped: 0, total: 7 } });

    // While its lease holds, no other worker takes it.
    expect(await runJobs('other')).toEqual([]);
    // The lease runs out (the dead process never renews it): another worker resumes the job.
    await t.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 120_000) })
      .where('id', '=', jobId)
      .execute();
    expect(await runJobs('other', { batchSize: 3 })).toEqual(['finished']);

    const titles = await t.db
      .selectFrom('issues')
      .select('title')
      .where('project_id', '=', projectId)
      .where('title', 'like', 'Resumed %')
      .orderBy('iid')
      .execute();
    expect(titles.map((r) => r.title)).toEqual(rows.map((r) => r.split(',')[0]));
    const done = await t.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ state: 'finished', attempts: 2, claimed_by: null, source_text: null });
    expect(done.counters).toEqual({ issue: { done: 7, skipped: 0, total: 7 } });
    const keys = await t.db.selectFrom('import_job_items').select('source_id').where('job_id', '=', jobId).execute();
    expect(keys).toHaveLength(7);
  });

  it('writes each batch without waiting for its commit to reach the disk (its keys are in it)', async () => {
    const res = await post(
      `/${projectPath}/-/issues/import_csv`,
      'dev',
      'title,description\nUnsynced A,\nUnsynced B,\n',
    );
    expect(res.statusCode, res.body).toBe(202);
    const inBatches: string[] = [];
    const observed: typeof importerOf = (job) => {
      const importer = importerOf(job);
      return {
        ...importer,
        prepare: async (ctx, ...rest) => {
          const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(ctx.db);
          inBatches.push(rows[0]?.synchronous_commit ?? '');
          return importer.prepare(ctx, ...rest);
        },
      };
    };
    const job = await claimImportJob(t.db, 'unsynced');
    if (!job) throw new Error('the job was not queued');
    const deps = { db: t.db, config: t.ctx.services, workerId: 'unsynced', importerOf: observed };
    expect(await runClaimedJob(deps, job, { batchSize: 1 })).toBe('finished');
    expect(inBatches).toEqual(['off', 'off']);
    const keys = await t.db.selectFrom('import_job_items').select('source_id').where('job_id', '=', job.id).execute();
    expect(keys).toHaveLength(2);
  });

  it('a worker whose lease was taken over stops without writing its batch', async () => {
    const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', 'title,description\nLease A,\nLease B,\n');
    const jobId = res.json().import_job.id;
    const job = await claimImportJob(t.db, 'slow');
    expect(job?.id).toBe(jobId);
    // Another process took the job meanwhile (the slow one's lease ran out).
    await t.db.updateTable('import_jobs').set({ claimed_by: 'fast' }).where('id', '=', jobId).execute();
    const deps = { db: t.db, config: t.ctx.services, workerId: 'slow', importerOf };
    expect(await runClaimedJob(deps, job as NonNullable<typeof job>, { batchSize: 1 })).toBe('lost');
    const created = await t.db.selectFrom('issues').select('id').where('title', 'like', 'Lease %').execute();
    expect(created).toEqual([]);
    await t.db
      .updateTable('import_jobs')
      .set({ claimed_by: null, heartbeat_at: null })
      .where('id', '=', jobId)
      .execute();
    expect(await runJobs('fast')).toEqual(['finished']);
  });

  it("two workers claiming at once never run one job twice; the app's own worker runs what is queued", async () => {
    for (const name of ['Twin A', 'Twin B', 'Twin C']) {
      const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', `title,description\n${name},\n`);
      expect(res.statusCode).toBe(202);
    }
    const [a, b] = await Promise.all([runJobs('twin-1'), runJobs('twin-2')]);
    expect([...(a ?? []), ...(b ?? [])]).toEqual(['finished', 'finished', 'finished']);
    const twins = await t.db.selectFrom('issues').select('title').where('title', 'like', 'Twin %').execute();
    expect(twins.map((r) => r.title).sort()).toEqual(['Twin A', 'Twin B', 'Twin C']);

    const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', 'title,description\nBy the plugin,\n');
    expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);
    const view = await get(`/${projectPath}/-/import_jobs/${res.json().import_job.id}`, 'dev');
    expect(view.json()).toMatchObject({
      state: 'finished',
      issues: [{ title: 'By the plugin', imported_from: 'csv' }],
    });
  });

  it('refuses a file naming milestones the project does not have, listing them', async () => {
    const res = await post(
      `/${projectPath}/-/issues/import_csv`,
      'dev',
      'title,description,milestone\nA,,v9\nB,,v1.0\nC,,v8\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('file is invalid: milestones not found in the project or its groups: v8, v9');
  });

  it.each([
    ['an empty file', '', 'File is empty, no headers found'],
    ['no separator in the header', 'title\nA\n', 'Invalid CSV format'],
    ['missing headers', 'name,body\nA,B\n', 'Invalid CSV format - missing required headers.'],
    ['an unclosed quote', 'title,description\n"A,B\n', 'Invalid CSV format - malformed at line 2'],
    [
      'binary garbage',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x2c, 0xff, 0xfe]),
      'Invalid CSV format - the file is not UTF-8 text',
    ],
    ['a NUL byte', Buffer.from('title,description\nA\0,B\n'), 'Invalid CSV format - the file is not text'],
  ])('answers 400 for %s', async (_name, file, message) => {
    const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 400 for a file over 10 MB and for a request without a file', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const res = await post(`/${projectPath}/-/issues/import_csv`, 'dev', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('file is too large (maximum is 10 MB)');
    const none = await t.app.inject({
      method: 'POST',
      url: `/${projectPath}/-/issues/import_csv`,
      headers: { 'private-token': tok.dev ?? '', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('file is missing or is not a file (multipart/form-data)');
  });

  it('answers 404 to who may not import or see the project, 401 to anonymous callers', async () => {
    const file = 'title,description\nX,Y\n';
    for (const who of ['reporter', 'outsider']) {
      expect((await post(`/${projectPath}/-/issues/import_csv`, who, file)).statusCode).toBe(404);
      expect((await post(`/${projectPath}/-/issues/import_csv/preview`, who, file)).statusCode).toBe(404);
    }
    expect((await post(`/${hiddenPath}/-/issues/import_csv`, 'dev', file)).statusCode).toBe(404);
    expect((await post(`/${hiddenPath}/-/issues/import_csv`, 'private', file)).statusCode).toBe(202);
    expect((await post(`/${projectPath}/-/issues/import_csv`, undefined, file)).statusCode).toBe(401);
    const job = await t.db
      .selectFrom('import_jobs')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect((await get(`/${projectPath}/-/import_jobs/${job.id}`, 'reporter')).statusCode).toBe(404);
    expect((await get(`/${hiddenPath}/-/import_jobs/${job.id}`, 'private')).statusCode).toBe(404);
    expect((await get(`/${projectPath}/-/import_jobs/abc`, 'dev')).statusCode).toBe(400);
  });
  it('tells the web who may import: ProjectPermissions.importIssues', async () => {
    const query = 'query($p: ID!) { project(fullPath: $p) { userPermissions { importIssues } } }';
    const may = async (who: string) => {
      const project = (await gql(t.app, query, { p: projectPath }, tok[who])).body.data?.project as
        | { userPermissions: { importIssues: boolean } }
        | undefined;
      return project?.userPermissions.importIssues;
    };
    expect(await may('dev')).toBe(true);
    expect(await may('planner')).toBe(true);
    expect(await may('reporter')).toBe(false);
    expect(await may('outsider')).toBe(false);
  });
});
