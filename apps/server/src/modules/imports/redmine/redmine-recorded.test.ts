import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createUsersWithTokens, postCreated } from '../../../test/api-client';
import { allPages } from '../../../test/group-plan';
import { RECORDED_KEY, replayRedmine } from '../../../test/redmine/redmine-recording';
import { runImportJobs } from '../../../test/run-import-jobs';
import { useTestApp } from '../../../test/use-test-app';
import { allowLocalWebhooks } from '../../../test/webhook-project';
import { redmineClient } from './redmine-client';

/**
 * The Redmine importer on the recorded answers of the test Redmine (`npm run record:redmine`), served
 * again on loopback: the fast twin of `redmine.real.test.ts` (which needs Debian's Redmine), on both
 * databases — the mapping, every kind imported, the report, a resume after kills, the refusals,
 * answers capped.
 */
let replay: Awaited<ReturnType<typeof replayRedmine>>;
beforeAll(async () => {
  replay = await replayRedmine();
});
afterAll(async () => {
  await replay.close();
});

const tok: Record<string, string> = {};
const t = useTestApp(async ({ db }) => {
  await allowLocalWebhooks(db);
  await createUsersWithTokens(db, ['owner', 'alice', 'maintainer'], { into: { tok } });
});
const api = apiClient(() => t.app, tok);

const runJobs = (workerId: string, options?: Parameters<typeof runImportJobs>[2]) =>
  runImportJobs(t, workerId, options);

const counts = async (group: string) => {
  const g = await t.db.selectFrom('namespaces').select('id').where('path', '=', group).executeTakeFirstOrThrow();
  const inGroup = t.db
    .selectFrom('projects as p')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
    .select('p.id')
    .where((eb) => eb.or([eb('n.id', '=', g.id), eb('n.parent_id', '=', g.id)]));
  const n = async (q: Promise<{ n: string | number | bigint }>) => Number((await q).n);
  return {
    issues: await n(
      t.db
        .selectFrom('issues')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('project_id', 'in', inGroup)
        .executeTakeFirstOrThrow() as never,
    ),
    notes: await n(
      t.db
        .selectFrom('notes')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('project_id', 'in', inGroup)
        .executeTakeFirstOrThrow() as never,
    ),
    links: await n(
      t.db
        .selectFrom('issue_links as l')
        .innerJoin('issues as i', 'i.id', 'l.source_id')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('i.project_id', 'in', inGroup)
        .executeTakeFirstOrThrow() as never,
    ),
    timelogs: await n(
      t.db
        .selectFrom('timelogs as l')
        .innerJoin('issues as i', 'i.id', 'l.issue_id')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('i.project_id', 'in', inGroup)
        .executeTakeFirstOrThrow() as never,
    ),
  };
};

describe('Redmine import from recorded answers', () => {
  const body = (extra: object = {}) => ({
    url: replay.url,
    api_key: RECORDED_KEY,
    projects: ['acme'],
    text_formatting: 'common_mark',
    ...extra,
  });

  it('previews the mapping and imports every kind, with the report', async () => {
    await postCreated(api, '/groups', 'owner', { name: 'Recorded', path: 'rec' });
    const preview = await api('POST', '/groups/rec/import/redmine/preview', 'owner', body());
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      user: { login: 'admin', admin: true },
      types: ['issue', 'task', 'incident', 'epic'],
    });
    const started = await api('POST', '/groups/rec/import/redmine', 'owner', body());
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().import_job).toMatchObject({ kind: 'redmine', state: 'created' });
    expect(await runJobs('w')).toEqual(['finished']);
    const job = (await api('GET', `/groups/rec/import_jobs/${started.json().import_job.id}`, 'owner')).json();
    expect(job.counters).toEqual({
      users: { done: 4, skipped: 0, total: 4 },
      groups: { done: 1, skipped: 0, total: 1 },
      projects: { done: 2, skipped: 0, total: 2 },
      labels: { done: 19, skipped: 0, total: 19 },
      milestones: { done: 3, skipped: 0, total: 3 },
      issues: { done: 11, skipped: 0, total: 11 },
      time_entries: { done: 3, skipped: 1, total: 4 },
      references: { done: 1, skipped: 0, total: 1 },
    });
    expect(await counts('rec')).toEqual({ issues: 9, notes: expect.any(Number), links: 4, timelogs: 3 });
    const skipped = await allPages<{ kind: string }>(api, 'owner', `/groups/rec/import_jobs/${job.id}/skipped`);
    expect(skipped.map((s) => s.kind).sort()).toEqual(['relations', 'relations', 'time_entries']);
    const epics = await allPages<{ iid: number; title: string; imported: boolean }>(
      api,
      'owner',
      '/groups/rec/epics?include_descendant_groups=true',
    );
    expect(epics.map((e) => [e.iid, e.title, e.imported]).sort()).toEqual([
      [1, 'Checkout revamp', true],
      [9, 'Mobile site', true],
    ]);

    // Redmine's `#id` names an issue of any project: each now points where that issue went.
    const textOf = (title: string) =>
      // The first import's (this test's): the file's later tests import the same Redmine again.
      t.db
        .selectFrom('issues')
        .select(['id', 'description', 'description_html'])
        .where('title', '=', title)
        .orderBy('id')
        .limit(1);
    const card = await textOf('Pay by card').executeTakeFirstOrThrow();
    expect(card.description).toBe('Cards: Visa, *Mastercard* and Amex.\n\nSee &1.');
    expect(card.description_html).toContain('href="/groups/rec/acme/-/epics/1"');
    const notesOf = async (title: string) => {
      const issue = await textOf(title).executeTakeFirstOrThrow();
      return t.db
        .selectFrom('notes')
        .select(['note', 'note_html'])
        .where('noteable_type', '=', 'Issue')
        .where('noteable_id', '=', issue.id)
        .where('system', '=', false)
        .orderBy('id')
        .execute();
    };
    const button = await notesOf('Button misaligned');
    // #5 is the sibling project's issue; #12 is in a project not imported, and stays as written.
    expect(button.at(-1)?.note).toBe('Same cause as acme#5 (the save handler); not related to #12.');
    expect(button.at(-1)?.note_html).toContain('href="/rec/acme/acme/-/issues/5"');
    // An issue imported as an epic is `&9`; the same project's #8 stays.
    expect((await notesOf('Menu overlaps the logo')).at(-1)?.note).toBe('Part of &9, after #8.');
  }, 60_000);

  it('makes Textile (the default formatting) Markdown: descriptions and journal notes', async () => {
    await postCreated(api, '/groups', 'owner', { name: 'Textile', path: 'rec-textile' });
    const started = await api(
      'POST',
      '/groups/rec-textile/import/redmine',
      'owner',
      body({ text_formatting: undefined }),
    );
    expect(started.statusCode, started.body).toBe(202);
    expect(await runJobs('textile')).toEqual(['finished']);
    const g = await t.db
      .selectFrom('namespaces')
      .select('id')
      .where('path', '=', 'rec-textile')
      .executeTakeFirstOrThrow();
    const inGroup = t.db
      .selectFrom('projects as p')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('p.id')
      .where((eb) => eb.or([eb('n.id', '=', g.id), eb('n.parent_id', '=', g.id)]));
    const issue = await t.db
      .selectFrom('issues')
      .select(['description', 'description_html'])
      .where('project_id', 'in', inGroup)
      .where('title', '=', 'Button misaligned')
      .executeTakeFirstOrThrow();
    // Textile's *strong* is Markdown's **strong**.
    expect(issue.description).toBe('The **Save** button sits 2px too low.');
    expect(issue.description_html).toContain('<strong>Save</strong>');
    const note = await t.db
      .selectFrom('notes')
      .select('note')
      .where('project_id', 'in', inGroup)
      .where('note', 'like', 'Reproduced%')
      .executeTakeFirstOrThrow();
    // Textile's **bold** is <b>, Markdown's **bold**.
    expect(note.note).toBe('Reproduced on **5.0**.');
    // Project descriptions go through the same conversion (plain text comes out as it went in).
    const projects = await t.db.selectFrom('projects').select('description').where('id', 'in', inGroup).execute();
    expect(projects.map((p) => p.description).sort()).toEqual(['The Acme Web project.', 'The Acme project.']);
  }, 60_000);

  it('resumes a run killed after each batch, creating nothing twice', async () => {
    await postCreated(api, '/groups', 'owner', { name: 'Killed', path: 'rec-killed' });
    const started = await api('POST', '/groups/rec-killed/import/redmine', 'owner', body());
    expect(started.statusCode).toBe(202);
    // Killed three times, each run a few batches (of three items) further than the last, then done.
    for (const maxBatches of [2, 4, 6]) {
      expect(await runJobs(`dying-${maxBatches}`, { maxBatches, batchSize: 3, leaseSeconds: 0 })).toEqual([
        'interrupted',
      ]);
    }
    expect(await runJobs('last', { batchSize: 3, leaseSeconds: 0 })).toEqual(['finished']);
    const job = (await api('GET', `/groups/rec-killed/import_jobs/${started.json().import_job.id}`, 'owner')).json();
    expect([job.state, job.counters.issues]).toEqual(['finished', { done: 11, skipped: 0, total: 11 }]);
    expect(await counts('rec-killed')).toEqual(await counts('rec'));
  }, 120_000);

  it('refuses a wrong key, an unknown project, and callers who do not own the group', async () => {
    await postCreated(api, '/groups', 'owner', { name: 'Refusals', path: 'rec-no' });
    const badKey = await api('POST', '/groups/rec-no/import/redmine', 'owner', body({ api_key: 'wrong' }));
    expect([badKey.statusCode, JSON.stringify(badKey.json())]).toEqual([
      422,
      expect.stringContaining('the API key was refused by Redmine'),
    ]);
    const unknown = await api('POST', '/groups/rec-no/import/redmine/preview', 'owner', body({ projects: ['nope'] }));
    expect(unknown.statusCode).toBe(422);
    const badType = await api('POST', '/groups/rec-no/import/redmine', 'owner', body({ trackers: { 1: 'objective' } }));
    expect(badType.statusCode).toBe(400);
    const stranger = await api('POST', '/groups/rec-no/import/redmine', 'maintainer', body());
    expect(stranger.statusCode).toBe(404);
    expect((await api('POST', '/groups/rec-no/import/redmine', undefined, body())).statusCode).toBe(401);
    // An answer past the cap is refused without reading it whole.
    await expect(redmineClient(t.db, replay.url, RECORDED_KEY, 1000).issue(5)).rejects.toThrow(
      'Redmine answered more than 1000 bytes where JSON was expected',
    );
  });
});
