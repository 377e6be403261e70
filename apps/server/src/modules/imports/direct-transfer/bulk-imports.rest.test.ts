import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importGitlabGroup } from '../../../cli/import';
import { postCreated } from '../../../test/api-client';
import { useDirectTransferInstances } from '../../../test/direct-transfer-instances';
import { groupPlan, issueHistory } from '../../../test/group-plan';
import { sourceInstance } from './source-instance';

/**
 * Issue 32: GitLab's direct transfer (`POST /bulk_imports`) from a second Meridian started by the test
 * (Meridian speaks GitLab's API): the source writes a group export when asked, the destination's
 * worker downloads and imports it, and the two are compared through their APIs, field by field.
 */
const { source, sourceTok, sourceApi, dest, destApi, listenSource } = useDirectTransferInstances('dt-', {
  source: ['owner', 'dev'],
  destination: ['owner', 'dev', 'stranger'],
});

/** A small but complete plan on the source: subgroup, project, labels, milestone, issues, links, epics, notes, emoji. */
async function buildSourceGroup() {
  const group = await postCreated<{ id: number }>(sourceApi, '/groups', 'owner', { name: 'Direct', path: 'dt' });
  const team = await postCreated<{ id: number }>(sourceApi, '/groups', 'owner', {
    name: 'Team',
    path: 'team',
    parent_id: group.id,
  });
  const project = await postCreated<{ id: number }>(sourceApi, '/projects', 'owner', {
    name: 'App',
    path: 'app',
    namespace_id: team.id,
  });
  await postCreated(sourceApi, `/groups/${group.id}/labels`, 'owner', { name: 'bug', color: '#d9534f' });
  const milestone = await postCreated<{ id: number }>(sourceApi, `/projects/${project.id}/milestones`, 'owner', {
    title: 'v1',
  });
  const issues = [];
  for (const title of ['Crash on save', 'Slow search', 'Typo in footer']) {
    issues.push(
      await postCreated<{ id: number; iid: number }>(sourceApi, `/projects/${project.id}/issues`, 'owner', {
        title,
        description: `About **${title}**, see #1`,
        labels: 'bug',
        milestone_id: milestone.id,
        weight: 3,
      }),
    );
  }
  const first = issues[0]?.iid as number;
  await postCreated(sourceApi, `/projects/${project.id}/issues/${first}/notes`, 'owner', { body: 'Seen on **v1**' });
  await postCreated(sourceApi, `/projects/${project.id}/issues/${first}/award_emoji`, 'owner', { name: 'thumbsup' });
  await postCreated(sourceApi, `/projects/${project.id}/issues/${first}/links`, 'owner', {
    target_project_id: project.id,
    target_issue_iid: issues[1]?.iid,
    link_type: 'blocks',
  });
  expect(
    (await sourceApi('PUT', `/projects/${project.id}/issues/${issues[2]?.iid}`, 'owner', { state_event: 'close' }))
      .statusCode,
  ).toBe(200);
  const epic = await postCreated<{ iid: number; id: number }>(sourceApi, `/groups/${group.id}/epics`, 'owner', {
    title: 'Stability',
    start_date_is_fixed: true,
    start_date_fixed: '2026-01-05',
  });
  await postCreated(sourceApi, `/groups/${group.id}/epics`, 'owner', { title: 'Crashes', parent_id: epic.id });
  await postCreated(
    sourceApi,
    `/groups/${group.id}/epics/${epic.iid}/issues/${(await sourceApi('GET', `/projects/${project.id}/issues/${first}`, 'owner')).json().id}`,
    'owner',
  );
  return { project };
}

let url: string;
let project: { id: number };
beforeAll(async () => {
  ({ project } = await buildSourceGroup());
  url = await listenSource();
});

describe('direct transfer from another instance (POST /bulk_imports)', () => {
  it('imports a group of a second server and the two APIs show the same plan', async () => {
    const res = await destApi('POST', '/bulk_imports', 'owner', {
      configuration: { url, access_token: sourceTok.owner },
      entities: [
        {
          source_type: 'group_entity',
          source_full_path: 'dt',
          destination_slug: 'dt-moved',
          destination_namespace: '',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const bulk = res.json();
    expect(bulk).toMatchObject({ status: 'created', source_type: 'gitlab', source_url: url, has_failures: false });

    // The destination's worker asks for the export and waits for it; the source's worker writes it.
    const run = dest.app.importWorker?.pollNow() ?? Promise.resolve([]);
    let settled = false;
    void run.finally(() => {
      settled = true;
    });
    while (!settled) {
      await source.app.groupExportWorker?.pollNow();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await run).toEqual(['finished']);

    expect((await destApi('GET', `/bulk_imports/${bulk.id}`, 'owner')).json()).toMatchObject({
      id: bulk.id,
      status: 'finished',
      has_failures: false,
    });
    const entities = (await destApi('GET', `/bulk_imports/${bulk.id}/entities`, 'owner')).json();
    expect(entities).toEqual([
      expect.objectContaining({
        bulk_import_id: bulk.id,
        status: 'finished',
        entity_type: 'group',
        source_full_path: 'dt',
        destination_full_path: 'dt-moved',
        destination_slug: 'dt-moved',
        destination_namespace: '',
        failures: [],
        stats: expect.objectContaining({ issues: { source: 3, fetched: 3, imported: 3 } }),
      }),
    ]);
    // GitLab's list of every group the user brought over, newest first, by status, paged.
    const mine = await destApi('GET', '/bulk_imports/entities?status=finished&per_page=1', 'owner');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ bulk_import_id: bulk.id, source_full_path: 'dt' })]);
    expect(mine.headers['x-total']).toBe('1');
    expect((await destApi('GET', '/bulk_imports/entities?status=failed', 'owner')).json()).toEqual([]);
    expect((await destApi('GET', '/bulk_imports/entities', 'stranger')).json()).toEqual([]);
    expect((await destApi('GET', '/bulk_imports/entities?status=lost', 'owner')).statusCode).toBe(400);
    // Each group's progress is its import job's, for the new group's Owners (the web's progress bars).
    const [entity] = entities as Array<{ id: number; namespace_id: number }>;
    const progress = await destApi('GET', `/groups/${entity?.namespace_id}/import_jobs/${entity?.id}`, 'owner');
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toMatchObject({
      state: 'finished',
      counters: expect.objectContaining({ issues: { done: 3, skipped: 0, total: 3 } }),
    });
    expect(
      (await destApi('GET', `/groups/${entity?.namespace_id}/import_jobs/${entity?.id}`, 'stranger')).statusCode,
    ).toBe(404);
    // The token is not kept once the job ended.
    const job = await dest.db
      .selectFrom('import_jobs')
      .select(['source_token', 'source_file'])
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ source_token: null, source_file: null });

    const original = await groupPlan(sourceApi, 'owner', 'dt');
    const copy = await groupPlan(destApi, 'owner', 'dt-moved');
    expect(copy.groups).toEqual(original.groups);
    expect(copy.projects).toEqual(original.projects);
    expect(copy.issues).toEqual(original.issues);
    expect(copy.epics).toEqual(original.epics);
    expect(original.issues.size).toBe(3);
    expect(original.epics.size).toBe(2);
    const copyProject = [...copy.projectPath.keys()][0] as number;
    for (const iid of [1, 2]) {
      expect(await issueHistory(destApi, 'owner', copyProject, iid)).toEqual(
        await issueHistory(sourceApi, 'owner', project.id, iid),
      );
    }
    expect((await destApi('GET', `/bulk_imports/${bulk.id}`, 'stranger')).statusCode).toBe(404);
  }, 120_000);

  it('runs from the command line: meridian import gitlab --url --token --group --into', async () => {
    const lines: string[] = [];
    let done = false;
    const imported = importGitlabGroup(dest.db, dest.ctx.config, {
      url,
      token: sourceTok.owner as string,
      group: 'dt/team',
      into: 'dt-team-cli',
      user: 'dt-owner',
      out: (line) => lines.push(line),
    }).finally(() => {
      done = true;
    });
    while (!done) {
      await source.app.groupExportWorker?.pollNow();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await imported).state).toBe('finished');
    expect(lines).toEqual([
      'Imported dt-team-cli: 1 groups, 1 projects, 3 issues, 0 epics, 10 notes; 0 records skipped.',
    ]);
    await expect(
      importGitlabGroup(dest.db, dest.ctx.config, {
        url,
        token: 'wrong',
        group: 'dt',
        into: 'dt-nope',
        user: 'dt-owner',
        out: () => undefined,
      }),
    ).rejects.toThrow('Cannot import dt: the access token was refused by the source instance');
  }, 120_000);

  it('refuses an export larger than an archive may be, without writing it whole', async () => {
    expect((await sourceApi('POST', '/groups/dt/export', 'owner')).statusCode).toBe(202);
    await source.app.groupExportWorker?.pollNow();
    const small = sourceInstance(dest.db, url, sourceTok.owner as string, { maxArchiveBytes: 100 });
    const dir = mkdtempSync(join(tmpdir(), 'meridian-dt-cap-'));
    await expect(small.download('dt', join(dir, 'a.tar.gz'))).rejects.toThrow(
      'the export of the source is larger than an archive may be',
    );
  });

  it('refuses a source it cannot read, with the reason, before making anything', async () => {
    const entity = { source_type: 'group_entity', source_full_path: 'dt', destination_slug: 'dt-refused' };
    const post = (tokens: Record<string, string>, api = destApi, body: object = {}) =>
      api('POST', '/bulk_imports', 'owner', {
        configuration: { url, access_token: tokens.owner },
        entities: [entity],
        ...body,
      });
    const badToken = await post({ owner: 'glpat-not-a-token' });
    expect([badToken.statusCode, badToken.json().error]).toEqual([
      422,
      'the access token was refused by the source instance',
    ]);
    const missing = await post(sourceTok, destApi, { entities: [{ ...entity, source_full_path: 'nope' }] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatch(/group nope was not found on the source instance/);
    const project = await post(sourceTok, destApi, { entities: [{ ...entity, source_type: 'project_entity' }] });
    expect(project.statusCode).toBe(400);
    const notUrl = await destApi('POST', '/bulk_imports', 'owner', {
      configuration: { url: 'file:///etc/passwd', access_token: 'x' },
      entities: [entity],
    });
    expect(notUrl.statusCode).toBe(400);
    // An instance that does not allow local requests refuses a loopback source (SSRF).
    const blocked = await sourceApi('POST', '/bulk_imports', 'owner', {
      configuration: { url, access_token: sourceTok.owner },
      entities: [entity],
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error).toMatch(/^URL is blocked: /);
    expect((await destApi('POST', '/bulk_imports', undefined, {})).statusCode).toBe(401);
    // A destination refused (the second path is taken) makes nothing, not even the first group.
    await postCreated(destApi, '/groups', 'owner', { name: 'Taken', path: 'dt-taken' });
    const bulks = await dest.db.selectFrom('bulk_imports').select('id').execute();
    const taken = await post(sourceTok, destApi, {
      entities: [entity, { ...entity, destination_slug: 'dt-taken' }],
    });
    expect(taken.statusCode, taken.body).toBe(400);
    const made = await dest.db.selectFrom('namespaces').select('path').where('path', '=', 'dt-refused').execute();
    expect(made).toEqual([]);
    expect((await dest.db.selectFrom('bulk_imports').select('id').execute()).length).toBe(bulks.length);
  });
});
