import { describe, expect, it } from 'vitest';
import { importRedmine } from '../../../cli/import-redmine';
import { postCreated } from '../../../test/api-client';
import { useRealRedmineTest } from '../../../test/redmine/real-redmine-kit';

/**
 * Issue 32's Redmine importer against a real Redmine (`redmine.real.test.ts` compares an import field by
 * field): a run killed after two batches resumes without duplicates, the command line, and what cannot be
 * read is refused with the reason. Where Redmine cannot be installed, the suite is skipped and says why.
 */
const { skip, rm, t, api, runJobs, start } = await useRealRedmineTest();

/** How many notes the issues of a group's projects have. */
async function issueNotesIn(groupPath: string) {
  const row = await t.db
    .selectFrom('notes')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('noteable_type', '=', 'Issue')
    .where(
      'project_id',
      'in',
      t.db
        .selectFrom('projects as p')
        .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
        .innerJoin('namespaces as g', 'g.id', 'n.parent_id')
        .select('p.id')
        .where('g.path', '=', groupPath),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.skipIf(skip)('Redmine import from a real Redmine: resume, command line, refusals', () => {
  it('resumes a run killed after two batches without creating anything twice', async () => {
    // The same import run whole, to compare with.
    const body = { projects: ['acme'], trackers: { [rm.seed.trackers.Bug]: 'incident' } };
    await postCreated(api, '/groups', 'owner', { name: 'Whole', path: 'rm-whole' });
    expect((await start('rm-whole', body)).statusCode).toBe(202);
    expect(await runJobs('whole')).toEqual(['finished']);
    await postCreated(api, '/groups', 'owner', { name: 'Resumed', path: 'rm-resumed' });
    const started = await start('rm-resumed', body);
    expect(started.statusCode, started.body).toBe(202);
    expect(await runJobs('dying', { maxBatches: 2 })).toEqual(['interrupted']);
    expect(await runJobs('next', { leaseSeconds: 0 })).toEqual(['finished']);
    const job = (await api('GET', `/groups/rm-resumed/import_jobs/${started.json().import_job.id}`, 'owner')).json();
    expect(job.counters.issues).toEqual({ done: 11, skipped: 0, total: 11 });
    const group = await t.db
      .selectFrom('namespaces')
      .select('id')
      .where('path', '=', 'rm-resumed')
      .executeTakeFirstOrThrow();
    const issues = await t.db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['i.iid', 'i.issue_type'])
      .where('n.parent_id', '=', group.id)
      .execute();
    const epics = await t.db
      .selectFrom('epics as e')
      .innerJoin('namespaces as n', 'n.id', 'e.group_id')
      .select('e.iid')
      .where('n.parent_id', '=', group.id)
      .execute();
    expect(epics.map((e) => e.iid).sort()).toEqual([rm.seed.issues.checkout, rm.seed.issues.mobile]);
    expect(issues.length).toBe(9);
    expect(new Set(issues.map((i) => i.iid)).size).toBe(9);
    // Bugs are incidents by the mapping, but one under an issue is its task all the same.
    const typeOf = (iid: number) => issues.find((i) => i.iid === iid)?.issue_type;
    expect([typeOf(rm.seed.issues.crash), typeOf(rm.seed.issues.button), typeOf(rm.seed.issues.cardCheck)]).toEqual([
      'incident',
      'incident',
      'task',
    ]);
    expect(await issueNotesIn('rm-resumed')).toBe(await issueNotesIn('rm-whole'));
  }, 180_000);

  it('runs from the command line: meridian import redmine --url --key --into --project', async () => {
    await postCreated(api, '/groups', 'owner', { name: 'CLI', path: 'rm-cli' });
    const lines: string[] = [];
    const job = await importRedmine(t.db, t.ctx.config, {
      url: rm.url,
      key: rm.apiKey,
      into: 'rm-cli',
      projects: ['acme-web'],
      trackers: [],
      user: 'owner',
      out: (line) => lines.push(line),
    });
    expect(job.state).toBe('finished');
    expect(lines[0]).toBe('Imported acme-web into rm-cli: 1 projects, 4 issues, 0 time entries; 2 items skipped.');
    await expect(
      importRedmine(t.db, t.ctx.config, {
        url: rm.url,
        key: 'wrong',
        into: 'rm-cli',
        projects: [],
        trackers: [],
        user: 'owner',
        out: () => undefined,
      }),
    ).rejects.toThrow('Cannot import into rm-cli: the API key was refused by Redmine');
  }, 120_000);

  it('refuses a key Redmine refuses, a project it lacks, a blocked URL, and who may not import', async () => {
    await postCreated(api, '/groups', 'owner', { name: 'Refused', path: 'rm-refused' });
    const badKey = await api('POST', '/groups/rm-refused/import/redmine', 'owner', { url: rm.url, api_key: 'nope' });
    expect([badKey.statusCode, badKey.json().message ?? badKey.json().error]).toEqual([
      422,
      'the API key was refused by Redmine',
    ]);
    const unknown = await start('rm-refused', { projects: ['nope'] });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain(
      'project nope was not found on Redmine, or the API key may not read it',
    );
    const notUrl = await start('rm-refused', { url: 'file:///etc/passwd' });
    expect(notUrl.statusCode).toBe(400);
    const stranger = await start('rm-refused', {}, 'stranger');
    expect([403, 404]).toContain(stranger.statusCode);
    expect((await api('POST', '/groups/rm-refused/import/redmine', undefined, {})).statusCode).toBe(401);
    // The SSRF guard: an address never allowed (loopback needs the admin's setting, on in this app).
    const blocked = await start('rm-refused', { url: `http://0.0.0.0:${new URL(rm.url).port}` });
    expect(blocked.statusCode).toBe(422);
    expect(JSON.stringify(blocked.json())).toContain('URL is blocked: Requests to localhost are not allowed');
    const group = await t.db
      .selectFrom('namespaces')
      .select('id')
      .where('path', '=', 'rm-refused')
      .executeTakeFirstOrThrow();
    const made = await t.db.selectFrom('import_jobs').select('id').where('namespace_id', '=', group.id).execute();
    expect(made).toEqual([]);
  });
});
