import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createUsersWithTokens } from '../../../../test/api-client';
import { startRelationsSource } from '../../../../test/gitlab-relations-source';
import { useTestApp } from '../../../../test/use-test-app';
import { allowLocalWebhooks } from '../../../../test/webhook-project';
import { claimImportJob } from '../../import-jobs';
import { runClaimedJob } from '../../import-runner';
import { importerOf } from '../../importers';
import { RELATION_LIMITS } from './relations-archive';
import { relationsClient } from './relations-client';

/**
 * Issue 32: GitLab's direct transfer from a GitLab source, over GitLab's own bulk import protocol
 * (`export_relations`): a stand-in on loopback serves the sample relations of
 * `src/test/gitlab-relations/`; the import is compared with them through Meridian's REST API.
 */
const SOURCE_TOKEN = 'glpat-relations-source';
const tok: Record<string, string> = {};
const dest = useTestApp(async ({ db }) => {
  await allowLocalWebhooks(db);
  await createUsersWithTokens(db, ['owner', 'dev', 'stranger'], { prefix: 'glr-', into: { tok } });
});
const api = apiClient(() => dest.app, tok);

let source: Awaited<ReturnType<typeof startRelationsSource>>;
const lineCap = RELATION_LIMITS.maxLineBytes;
beforeAll(async () => {
  // A small cap, so that the test's oversize line is small too.
  RELATION_LIMITS.maxLineBytes = 64 * 1024;
  source = await startRelationsSource({
    token: SOURCE_TOKEN,
    extraLines: { 'projects/200/labels': [`{"title":"${'x'.repeat(70 * 1024)}"}`] },
    failed: ['groups/101/milestones'],
    corrupt: ['groups/101/epics'],
  });
});
afterAll(async () => {
  RELATION_LIMITS.maxLineBytes = lineCap;
  await source?.close();
});

const startImport = async (slug: string) => {
  const res = await api('POST', '/bulk_imports', 'owner', {
    configuration: { url: source.url, access_token: SOURCE_TOKEN },
    entities: [
      { source_type: 'group_entity', source_full_path: 'orbit', destination_slug: slug, destination_namespace: '' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return dest.db
    .selectFrom('import_jobs')
    .select('id')
    .where('bulk_import_id', '=', res.json().id)
    .executeTakeFirstOrThrow();
};
const get = async (path: string) => {
  const res = await api('GET', path, 'owner');
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
};
const usernames = (users: { username: string }[]) => users.map((u) => u.username).sort();
const PLACEHOLDER = (name: string) => expect.stringMatching(new RegExp(`^${name.replace('.', '\\.')}_placeholder`));

describe('direct transfer from a GitLab source (export_relations)', () => {
  it('imports the group tree and the REST API shows the sample relations field by field', async () => {
    const { id: jobId } = await startImport('orbit-copy');
    expect(await dest.app.importWorker?.pollNow()).toEqual(['finished']);
    const job = await dest.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'finished', error: null, source_token: null, source_file: null });
    expect(source.requests).toEqual(
      expect.arrayContaining([
        'POST /api/v4/groups/100/export_relations',
        'POST /api/v4/groups/101/export_relations',
        'POST /api/v4/projects/200/export_relations',
        'GET /api/v4/projects/200/export_relations/download?relation=issues&batched=true&batch_number=2',
      ]),
    );

    // Groups, subgroup and project.
    const top = await get('/groups/orbit-copy');
    expect(top).toMatchObject({ name: 'Orbit', description: 'Satellite ground software' });
    const [ground] = await get('/groups/orbit-copy/subgroups');
    expect(ground).toMatchObject({ path: 'ground', name: 'Ground', description: 'Ground station' });
    const project = await get(`/projects/${encodeURIComponent('orbit-copy/ground/console')}`);
    expect(project).toMatchObject({ name: 'Console', description: 'Operator console' });

    // Labels (one scoped) and milestones, where they were.
    const groupLabels = await get('/groups/orbit-copy/labels');
    expect(groupLabels.map((l: { name: string; color: string }) => [l.name, l.color]).sort()).toEqual([
      ['bug', '#d9534f'],
      ['priority::high', '#cc0033'],
    ]);
    expect(
      (await get(`/projects/${project.id}/labels?include_ancestor_groups=false`)).map((l: { name: string }) => l.name),
    ).toEqual(['frontend']);
    expect(await get('/groups/orbit-copy/milestones')).toEqual([
      expect.objectContaining({
        iid: 1,
        title: 'Q1',
        state: 'active',
        start_date: '2025-01-01',
        due_date: '2025-03-31',
      }),
    ]);
    expect(await get(`/projects/${project.id}/milestones`)).toEqual([
      expect.objectContaining({ iid: 1, title: 'v1.0', state: 'closed' }),
    ]);

    // An iteration cadence and its iterations.
    expect((await get('/groups/orbit-copy/iteration_cadences')).map((c: { title: string }) => c.title)).toEqual([
      'Sprints',
    ]);
    const iterations = await get('/groups/orbit-copy/iterations?state=all');
    expect(
      iterations
        .map((i: { iid: number; start_date: string; due_date: string }) => [i.iid, i.start_date, i.due_date])
        .sort(),
    ).toEqual([
      [1, '2025-01-06', '2025-01-19'],
      [2, '2025-01-20', '2025-02-02'],
    ]);
    // The subgroup's sample stands for a source before 15.4: iterations without cadence, under one made.
    expect(
      (await get('/groups/orbit-copy%2Fground/iteration_cadences')).map((c: { title: string }) => c.title),
    ).toEqual(['Iterations']);
    const legacy = await get('/groups/orbit-copy%2Fground/iterations?state=all&include_ancestors=false');
    expect(
      legacy
        .map((i: { iid: number; title: string | null; start_date: string; sequence: number }) => [
          i.iid,
          i.title,
          i.start_date,
          i.sequence,
        ])
        .sort(),
    ).toEqual([
      [1, 'Ground sprint 2', '2025-01-27', 2],
      [2, null, '2025-01-13', 1],
    ]);

    // Issues: iids, types, authors (a matched user, placeholders), dates, states, assignees, labels, milestones,
    // iteration, epic.
    const issues = (await get(`/projects/${project.id}/issues?state=all`)).sort(
      (a: { iid: number }, b: { iid: number }) => a.iid - b.iid,
    );
    expect(issues.map((i: { iid: number }) => i.iid)).toEqual([1, 2, 3, 7, 8]);
    const [one, two, three, , eight] = issues;
    expect(one).toMatchObject({
      title: 'Console crashes on start',
      issue_type: 'issue',
      state: 'opened',
      author: { username: PLACEHOLDER('alice.source') },
      created_at: '2025-01-15T08:00:00.000Z',
      updated_at: '2025-01-20T08:00:00.000Z',
      due_date: '2025-02-15',
      weight: 3,
      milestone: expect.objectContaining({ title: 'Q1' }),
      epic_iid: 2,
      iteration: expect.objectContaining({ iid: 2, start_date: '2025-01-20', due_date: '2025-02-02' }),
      time_stats: expect.objectContaining({ time_estimate: 7200, total_time_spent: 3600 }),
    });
    expect([...one.labels].sort()).toEqual(['bug', 'frontend', 'priority::high']);
    expect(usernames(one.assignees)).toEqual([expect.stringMatching(/^carol_placeholder/), 'glr-dev']);
    expect(two).toMatchObject({
      title: 'Telemetry dropouts after midnight',
      state: 'closed',
      confidential: true,
      closed_at: '2025-02-01T08:00:00.000Z',
      closed_by: { username: 'glr-dev' },
      author: { username: PLACEHOLDER('gitlab-user-99') },
      milestone: expect.objectContaining({ title: 'v1.0' }),
    });
    expect(three).toMatchObject({ title: 'Add dark mode', labels: ['ops'], issue_type: 'incident' });
    expect(eight).toMatchObject({
      title: 'Pick the night theme palette',
      issue_type: 'task',
      author: { username: PLACEHOLDER('carol') },
      time_stats: expect.objectContaining({ time_estimate: 1800 }),
    });

    // Notes: comments, a system note kept as one, state, label, milestone and iteration events as system notes,
    // emoji.
    const notes = async (iid: number) =>
      (await get(`/projects/${project.id}/issues/${iid}/notes?sort=asc&order_by=created_at`)).map(
        (n: { body: string; system: boolean; author: { username: string }; created_at: string }) => [
          n.body,
          n.system,
          n.author.username,
          n.created_at,
        ],
      );
    expect(await notes(1)).toEqual([
      ['changed the description', true, PLACEHOLDER('alice.source'), '2025-01-15T08:05:00.000Z'],
      ['changed milestone to %"Q1"', true, PLACEHOLDER('alice.source'), '2025-01-15T08:06:00.000Z'],
      ['changed iteration to *iteration:"Jan 6, 2025 - Jan 19, 2025"', true, 'glr-dev', '2025-01-15T09:00:00.000Z'],
      ['Reproduced on the staging console', false, 'glr-dev', '2025-01-16T08:00:00.000Z'],
      ['Same here, only with the night theme', false, PLACEHOLDER('carol'), '2025-01-16T10:00:00.000Z'],
      [
        'changed iteration to *iteration:"Jan 20, 2025 - Feb 2, 2025"',
        true,
        PLACEHOLDER('alice.source'),
        '2025-01-19T09:00:00.000Z',
      ],
    ]);
    // A thread stays one thread (GitLab's discussion_id), its reply under the first note.
    const threads = (await get(`/projects/${project.id}/issues/1/discussions`)).map(
      (d: { notes: { body: string }[] }) => d.notes.map((n) => n.body),
    );
    expect(threads).toContainEqual(['Reproduced on the staging console', 'Same here, only with the night theme']);
    expect(threads.filter((t: string[]) => t.length > 1)).toHaveLength(1);
    expect(await notes(2)).toEqual([
      ['Still happens on my side', false, PLACEHOLDER('gitlab-user-99'), '2025-01-20T08:00:00.000Z'],
      ['closed', true, 'glr-dev', '2025-02-01T08:00:00.000Z'],
    ]);
    expect(await notes(3)).toEqual([['added ~ops label', true, PLACEHOLDER('carol'), '2025-01-21T08:00:00.000Z']]);
    const emoji = await get(`/projects/${project.id}/issues/1/award_emoji`);
    expect(emoji.map((e: { name: string; user: { username: string } }) => [e.name, e.user.username])).toEqual([
      ['thumbsup', PLACEHOLDER('carol')],
    ]);
    const comment = (await get(`/projects/${project.id}/issues/1/notes`)).find(
      (n: { body: string }) => n.body === 'Reproduced on the staging console',
    );
    const noteEmoji = await get(`/projects/${project.id}/issues/1/notes/${comment.id}/award_emoji`);
    expect(noteEmoji.map((e: { name: string }) => e.name)).toEqual(['eyes']);

    // Epics: parent and child, labels, state, notes and emoji.
    const epics = (await get('/groups/orbit-copy/epics')).sort(
      (a: { iid: number }, b: { iid: number }) => a.iid - b.iid,
    );
    expect(epics).toEqual([
      expect.objectContaining({
        iid: 1,
        title: 'Launch readiness',
        state: 'opened',
        labels: ['bug'],
        parent_iid: null,
        start_date: '2025-02-01',
        due_date: '2025-04-30',
        created_at: '2025-01-10T08:00:00.000Z',
      }),
      expect.objectContaining({
        iid: 2,
        title: 'Telemetry pipeline',
        state: 'closed',
        parent_iid: 1,
        closed_at: '2025-02-20T08:00:00.000Z',
      }),
    ]);
    const epicNotes = await get('/groups/orbit-copy/epics/1/notes');
    expect(epicNotes.map((n: { body: string }) => n.body)).toEqual(['Kick-off is on Monday']);
    expect((await get('/groups/orbit-copy/epics/1/award_emoji')).map((e: { name: string }) => e.name)).toEqual([
      'rocket',
    ]);

    // Members: the matched user keeps the role; placeholders get none (reported).
    const members = await get('/groups/orbit-copy/members');
    expect(members.find((m: { username: string }) => m.username === 'glr-dev')).toMatchObject({
      access_level: 30,
      expires_at: '2027-01-01',
    });

    // The report: hostile lines, the bad note, the relations not imported, what GitLab does not export.
    const skips = await dest.db
      .selectFrom('import_job_skips')
      .select(['kind', 'source_id', 'reason'])
      .where('job_id', '=', jobId)
      .orderBy('source_id')
      .execute();
    const reasons = skips.map((s) => `${s.kind} ${s.source_id}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'relation orbit/ground/console:merge_requests: not imported: Meridian imports the plan (groups, projects, members, labels, milestones, iterations, epics, issues)',
        'relation orbit:badges: not imported: Meridian imports the plan (groups, projects, members, labels, milestones, iterations, epics, issues)',
        "relation orbit/ground/console:issue_links: not in GitLab's export: linked issues (relates to, blocks) are not exported by the source",
        "relation orbit:related_epic_links: not in GitLab's export: linked epics (relates to, blocks) are not exported by the source",
        'issues orbit/ground/console:issues:2:6: task: GitLab does not export its parent issue; imported without one',
        'issues orbit/ground/console:issues:2:1: incident: GitLab does not export its severity or escalation status; imported as unknown and triggered',
        'issues orbit/ground/console:issues:2:2: line 2: title: Invalid input: expected string, received number',
        expect.stringMatching(/^issues orbit\/ground\/console:issues:2:3: line 3: title: Too big/),
        'issues orbit/ground/console:issues:2:4: line 4 is not JSON',
        'issues orbit/ground/console:issues:2:5: note 1: note: Invalid input: expected string, received array',
        'labels orbit/ground/console:labels:1:2: line 2 is longer than 65536 bytes',
        'relation orbit/ground:milestones: the source failed to export it: Export failed on the source',
        'epics orbit/ground:epics:1: the file could not be read further: incorrect header check',
      ]),
    );
  }, 120_000);

  it('resumes a job whose worker died after a batch, with no duplicates and without asking the source again', async () => {
    const { id: jobId } = await startImport('orbit-resumed');
    const deps = (workerId: string) => ({ db: dest.db, config: dest.ctx.services, workerId, importerOf });
    const dying = await claimImportJob(dest.db, 'dying');
    expect(await runClaimedJob(deps('dying'), dying as NonNullable<typeof dying>, { maxBatches: 2 })).toBe(
      'interrupted',
    );
    const asked = source.requests.length;
    await dest.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 120_000) })
      .where('id', '=', jobId)
      .execute();
    const other = await claimImportJob(dest.db, 'other');
    expect(await runClaimedJob(deps('other'), other as NonNullable<typeof other>)).toBe('finished');
    // The second run read the stored archive: no export started, nothing downloaded again.
    expect(source.requests.length).toBe(asked);
    const project = await get(`/projects/${encodeURIComponent('orbit-resumed/ground/console')}`);
    const issues = await get(`/projects/${project.id}/issues?state=all`);
    expect(issues.map((i: { iid: number }) => i.iid).sort()).toEqual([1, 2, 3, 7, 8]);
    expect((await get('/groups/orbit-resumed/epics')).length).toBe(2);
    expect((await get('/groups/orbit-resumed/labels')).length).toBe(2);
    expect((await get(`/projects/${project.id}/issues/1/notes`)).length).toBe(6);
  }, 120_000);

  it('imports one project (project_entity) into an existing group, its group labels made project labels', async () => {
    const landing = await api('POST', '/groups', 'owner', { name: 'Landing', path: 'landing', description: 'Ours' });
    expect(landing.statusCode, landing.body).toBe(201);
    const post = (entity: object) =>
      api('POST', '/bulk_imports', 'owner', {
        configuration: { url: source.url, access_token: SOURCE_TOKEN },
        entities: [{ source_type: 'project_entity', source_full_path: 'orbit/ground/console', ...entity }],
      });
    // The destination group is required, and the slug must be free there.
    expect((await post({ destination_slug: 'console' })).statusCode).toBe(400);
    const res = await post({ destination_namespace: 'landing', destination_slug: 'console-copy' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await dest.app.importWorker?.pollNow()).toEqual(['finished']);

    const project = await get(`/projects/${encodeURIComponent('landing/console-copy')}`);
    expect(project).toMatchObject({
      name: 'Console',
      description: 'Operator console',
      namespace: { full_path: 'landing' },
    });
    // People: the members of the source's groups above the project are matched by username (GitLab's
    // `members/all` shows no email), not made members here.
    // The group it went into is left as it was: no subgroup, its description kept.
    expect(await get('/groups/landing')).toMatchObject({ name: 'Landing', description: 'Ours' });
    expect(await get('/groups/landing/subgroups')).toEqual([]);
    const [entity] = await get(`/bulk_imports/${res.json().id}/entities`);
    expect(entity).toMatchObject({
      entity_type: 'project',
      status: 'finished',
      source_full_path: 'orbit/ground/console',
      destination_full_path: 'landing/console-copy',
      destination_slug: 'console-copy',
      destination_namespace: 'landing',
      project_id: project.id,
    });

    const issues = (await get(`/projects/${project.id}/issues?state=all`)).sort(
      (a: { iid: number }, b: { iid: number }) => a.iid - b.iid,
    );
    expect(issues.map((i: { iid: number }) => i.iid)).toEqual([1, 2, 3, 7, 8]);
    const [one, two] = issues;
    // Group labels the issues use became labels of the project; group milestones, epics and
    // iterations are not there (reported).
    expect([...one.labels].sort()).toEqual(['bug', 'frontend', 'priority::high']);
    expect(
      (await get(`/projects/${project.id}/labels`)).map((l: { name: string; color: string }) => l.name).sort(),
    ).toEqual(['bug', 'frontend', 'ops', 'priority::high']);
    expect(one).toMatchObject({
      milestone: null,
      epic_iid: null,
      iteration: null,
      author: { username: PLACEHOLDER('alice.source') },
    });
    expect(two).toMatchObject({
      milestone: expect.objectContaining({ title: 'v1.0' }),
      // matched by username only: bob's email is not shown by members/all
      closed_by: { username: PLACEHOLDER('bob') },
    });
    expect((await get(`/projects/${project.id}/issues/1/notes`)).length).toBe(6);
    const job = await dest.db
      .selectFrom('import_jobs')
      .select('id')
      .where('bulk_import_id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    const reasons = (
      await dest.db
        .selectFrom('import_job_skips')
        .select(['source_id', 'reason'])
        .where('job_id', '=', job.id)
        .execute()
    ).map((s) => `${s.source_id}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'orbit/ground/console:issues:1:1: iteration Jan 20, 2025 - Feb 2, 2025: its group is not imported; milestone Q1: its group is not imported; epic &2: its group is not imported',
        "orbit/ground/console:issue_links: not in GitLab's export: linked issues (relates to, blocks) are not exported by the source",
      ]),
    );
    const taken = await post({ destination_namespace: 'landing', destination_slug: 'console-copy' });
    expect([taken.statusCode, taken.json().error]).toEqual([
      422,
      'Import failed. Destination URL console-copy has already been taken.',
    ]);
  }, 120_000);

  it('refuses a relation file larger than allowed, without writing more than the cap', async () => {
    const small = relationsClient(dest.db, source.url, SOURCE_TOKEN, 16);
    const file = join(mkdtempSync(join(tmpdir(), 'meridian-glr-cap-')), 'labels.ndjson.gz');
    await expect(small.download('projects', 200, 'labels', file)).rejects.toThrow(
      "the source's labels is larger than allowed",
    );
    expect(existsSync(file) ? statSync(file).size : 0).toBeLessThanOrEqual(16);
  });

  it('refuses a bad token or an unreachable source at POST /bulk_imports, making nothing', async () => {
    const post = (url: string, token: string) =>
      api('POST', '/bulk_imports', 'owner', {
        configuration: { url, access_token: token },
        entities: [{ source_type: 'group_entity', source_full_path: 'orbit', destination_slug: 'orbit-refused' }],
      });
    const bad = await post(source.url, 'glpat-wrong');
    expect([bad.statusCode, bad.json().error]).toEqual([422, 'the access token was refused by the source instance']);
    const unreachable = await post('http://127.0.0.1:1', SOURCE_TOKEN);
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().error).toMatch(/did not answer/);
    const made = await dest.db.selectFrom('namespaces').select('id').where('path', '=', 'orbit-refused').execute();
    expect(made).toEqual([]);
  });
});
