import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../../test/factories';
import { jiraUpload, runJiraJobs } from '../../../test/jira/jira-import-kit';
import { type StandInJira, startStandInJira } from '../../../test/jira/stand-in-jira';
import { useRestTestApp } from '../../../test/rest-test-app';
import { downloadJiraAttachment } from './jira-attachment-download';

/**
 * The Jira importer downloads the issues' attachments when given the Jira site and credentials: from a
 * stand-in Jira on loopback (src/test/jira/stand-in-jira.ts: Cloud's content endpoint with Basic,
 * Data Center's /secure/attachment with Bearer), through the SSRF guard (local addresses allowed by the
 * admin setting), as project uploads linked from the descriptions and served to the project's readers;
 * what cannot be had (refused, missing, too large, another site) is a report line; a killed job resumed
 * downloads and links nothing twice; the token is never answered and goes when the job ends.
 */
// Each test runs import jobs: on a loaded machine a run takes seconds.
const t = useRestTestApp({ prefix: 'jat_', users: ['maint', 'reader', 'outsider'], admins: ['root'] });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const LOG = Buffer.from('TypeError: pay is not a function\n');
const HUGE = Buffer.alloc(1.5 * 1024 * 1024, 7);
const EMAIL = 'importer@example.com';
const API_TOKEN = 'ATATT3xFfGF0-sample-api-token';
const PAT = 'NjM2OTk0NjY2NzQ2Oi-sample-pat';

const template = (name: string) => readFileSync(join(import.meta.dirname, '../../../test/jira', name), 'utf8');
const basic = (site: string, token = API_TOKEN) => ({ jira_url: site, jira_email: EMAIL, jira_api_token: token });

let jira: StandInJira;
const projects: Record<string, number> = {};
let sample: { json: Buffer; csv: Buffer };

beforeAll(async () => {
  jira = await startStandInJira({
    files: {
      '10001': { filename: 'narrow screen.png', contentType: 'image/png', data: PNG },
      '10002': { filename: 'console.log', contentType: 'text/plain', data: LOG },
      '10003': { filename: 'screen-recording.mp4', contentType: 'video/mp4', data: HUGE },
      '10009': { filename: 'slow.log', contentType: 'text/plain', data: LOG, delayMs: 5_000 },
    },
    basic: { email: EMAIL, apiToken: API_TOKEN },
    bearer: PAT,
  });
  sample = {
    json: Buffer.from(template('jira-attachments.json').replaceAll('{{SITE}}', () => jira.url)),
    csv: Buffer.from(template('jira-attachments.csv').replaceAll('{{SITE}}', () => jira.url)),
  };
  const group = await createGroup(t.db, { path: 'jatg' });
  await addGroupMember(t.db, group.id, t.uid.maint as number, AccessLevel.MAINTAINER);
  await addGroupMember(t.db, group.id, t.uid.reader as number, AccessLevel.REPORTER);
  for (const path of ['cloud', 'dc', 'wrong', 'resumed', 'listed']) {
    projects[path] = (await createProject(t.db, { namespaceId: group.id, path, visibility: 0 })).id;
  }
  // The stand-in is on loopback: the SSRF guard lets it through only with the admin's setting; files up to 1 MB.
  const res = await t.api('PUT', '/application/settings', 'root', {
    allow_local_requests_from_web_hooks_and_services: true,
    max_attachment_size: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => jira.close());

const upload = (project: string, format: 'csv' | 'json', fields: Record<string, string> = {}) =>
  jiraUpload(
    t,
    `/projects/${projects[project]}/import/jira_${format}`,
    'maint',
    format === 'json' ? sample.json : sample.csv,
    `attachments.${format}`,
    fields,
  );

const skipsOf = async (project: string, jobId: number) => {
  const res = await t.api('GET', `/projects/${projects[project]}/import_jobs/${jobId}/skipped?per_page=100`, 'maint');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ kind: string; source_id: string; reason: string }>).filter(
    (s) => s.kind === 'attachment',
  );
};

const issueOf = (project: string, title: string) =>
  t.db
    .selectFrom('issues')
    .select(['id', 'description', 'description_html'])
    .where('project_id', '=', projects[project] as number)
    .where('title', '=', title)
    .executeTakeFirstOrThrow();

const uploadsOf = (project: string) =>
  t.db
    .selectFrom('uploads')
    .selectAll()
    .where('project_id', '=', projects[project] as number)
    .orderBy('id')
    .execute();

const UPLOAD_LINK = /\/uploads\/([0-9a-f]{32})\/([A-Za-z0-9._-]{1,200})\)/g;
const linksIn = (text: string | null) => [...(text ?? '').matchAll(UPLOAD_LINK)].map((m) => m[2]);

describe('Jira attachments downloaded from the Jira site', () => {
  it('JSON (Jira Cloud, email and API token): the files become uploads linked from the descriptions', async () => {
    const res = await upload('cloud', 'json', basic(jira.url));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.body).not.toContain(API_TOKEN);
    const jobId = res.json().import_job.id as number;
    // The credentials are kept on the job while it runs, never answered.
    const waiting = await t.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(waiting.source_url).toBe(jira.url);
    expect(waiting.source_token).toBe(`Basic ${Buffer.from(`${EMAIL}:${API_TOKEN}`).toString('base64')}`);
    const before = await t.api('GET', `/projects/${projects.cloud}/import_jobs/${jobId}`, 'maint');
    expect(before.body).not.toContain(waiting.source_token as string);
    // Nothing is listed before the run: the attachments are items of the job.
    expect(await skipsOf('cloud', jobId)).toEqual([]);

    expect(await runJiraJobs(t, 'w-cloud')).toEqual(['finished']);
    const job = (await t.api('GET', `/projects/${projects.cloud}/import_jobs/${jobId}`, 'maint')).json();
    expect(job.state).toBe('finished');
    expect(job.counters.attachment).toEqual({ done: 3, skipped: 3, total: 6 });
    const ended = await t.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(ended.source_token).toBeNull();

    // Cloud's content endpoint is asked not to redirect; the file of another site is never asked for.
    expect(jira.requests.filter((r) => r.includes('/attachment/content/'))).toEqual(
      expect.arrayContaining([
        '/rest/api/2/attachment/content/10001?redirect=false',
        '/rest/api/2/attachment/content/10002?redirect=false',
      ]),
    );
    expect(jira.requests.some((r) => r.includes('10005'))).toBe(false);

    const skips = await skipsOf('cloud', jobId);
    expect(skips).toEqual(
      expect.arrayContaining([
        {
          kind: 'attachment',
          source_id: 'ATT-1/3/screen-recording.mp4',
          reason: `screen-recording.mp4: larger than the 1 MB a file may be; ${jira.url}/rest/api/2/attachment/content/10003`,
        },
        {
          kind: 'attachment',
          source_id: 'ATT-1/4/gone.pdf',
          reason: `gone.pdf: the Jira site has no such file (404); ${jira.url}/rest/api/2/attachment/content/10004`,
        },
        {
          kind: 'attachment',
          source_id: 'ATT-1/5/elsewhere.png',
          reason: `elsewhere.png: not fetched: it is not on the Jira site ${jira.url}; https://files.elsewhere.example/attachment/10005/elsewhere.png`,
        },
      ]),
    );
    expect(skips).toHaveLength(3);

    // The issue's description links its files, GitLab's way: the image where Jira's text showed it
    // (`!narrow screen.png|thumbnail!`), the other file below the text; the HTML points at the uploads.
    const issue = await issueOf('cloud', 'Checkout page breaks on narrow screens');
    expect(issue.description).toMatch(
      /^The pay button slides off the screen\.\n\n!\[narrow_screen\.png\]\(\/uploads\/[0-9a-f]{32}\/narrow_screen\.png\)\n\nIt happens below 400 px\.\n\n\[console\.log\]\(\/uploads\/[0-9a-f]{32}\/console\.log\)\n\n---\n\n_Imported from Jira: \[ATT-1\]/,
    );
    expect(issue.description_html).toMatch(/<img src="\/jatg\/cloud\/-\/uploads\/[0-9a-f]{32}\/narrow_screen\.png"/);
    expect(issue.description_html).toMatch(
      /<a href="\/jatg\/cloud\/-\/uploads\/[0-9a-f]{32}\/console\.log">console\.log<\/a>/,
    );
    // Its comment that links the file (`[^console.log]`) links the upload there, rendered again.
    const comments = await t.db
      .selectFrom('notes')
      .select(['note', 'note_html'])
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', '=', issue.id)
      .where('system', '=', false)
      .execute();
    expect(comments).toHaveLength(1);
    expect(comments[0]?.note).toMatch(
      /^Seen again today, the stack trace is in \[console\.log\]\(\/uploads\/[0-9a-f]{32}\/console\.log\)\.$/,
    );
    expect(comments[0]?.note_html).toMatch(
      /<a href="\/jatg\/cloud\/-\/uploads\/[0-9a-f]{32}\/console\.log">console\.log<\/a>/,
    );
    // An issue with no description of its own: the link, then the footer.
    const second = await issueOf('cloud', 'Receipt email has no logo');
    expect(second.description).toMatch(
      /^\[console\.log\]\(\/uploads\/[0-9a-f]{32}\/console\.log\)\n\n---\n\n_Imported from Jira: \[ATT-2\]/,
    );

    // Real uploads: in the file store, served to the project's readers, hidden from others.
    const rows = await uploadsOf('cloud');
    expect(rows.map((r) => [r.filename, r.content_type, r.byte_size])).toEqual([
      ['narrow_screen.png', 'image/png', PNG.length],
      ['console.log', 'application/octet-stream', LOG.length],
      ['console.log', 'application/octet-stream', LOG.length],
    ]);
    for (const row of rows) expect(await t.ctx.services.files.get(row.stored_path)).not.toBeNull();
    const [png, log] = rows;
    const fileUrl = (r: { secret: string; filename: string }) => `/jatg/cloud/-/uploads/${r.secret}/${r.filename}`;
    const asReader = await t.app.inject({
      method: 'GET',
      url: fileUrl(png as (typeof rows)[number]),
      headers: { 'private-token': t.tok.reader ?? '' },
    });
    expect(asReader.statusCode, asReader.body).toBe(200);
    expect(asReader.headers['content-type']).toBe('image/png');
    expect(asReader.rawPayload.equals(PNG)).toBe(true);
    const logFile = await t.app.inject({
      method: 'GET',
      url: fileUrl(log as (typeof rows)[number]),
      headers: { 'private-token': t.tok.reader ?? '' },
    });
    expect(logFile.statusCode).toBe(200);
    expect(logFile.headers['content-disposition']).toBe('attachment; filename="console.log"');
    expect(logFile.rawPayload.equals(LOG)).toBe(true);
    for (const headers of [{ 'private-token': t.tok.outsider ?? '' }, {}]) {
      const hidden = await t.app.inject({ method: 'GET', url: fileUrl(png as (typeof rows)[number]), headers });
      expect(hidden.statusCode).toBe(404);
    }
    const wrongSecret = await t.app.inject({
      method: 'GET',
      url: `/jatg/cloud/-/uploads/${'0'.repeat(32)}/narrow_screen.png`,
      headers: { 'private-token': t.tok.reader ?? '' },
    });
    expect(wrongSecret.statusCode).toBe(404);
  }, 120_000);

  it('CSV (Jira Data Center, personal access token): /secure/attachment files with Bearer', async () => {
    const res = await upload('dc', 'csv', { jira_url: `${jira.url}/`, jira_personal_access_token: PAT });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id as number;
    expect(await runJiraJobs(t, 'w-dc')).toEqual(['finished']);
    const job = (await t.api('GET', `/projects/${projects.dc}/import_jobs/${jobId}`, 'maint')).json();
    expect(job.counters.attachment).toEqual({ done: 2, skipped: 1, total: 3 });
    expect(await skipsOf('dc', jobId)).toEqual([
      {
        kind: 'attachment',
        source_id: 'DC-2/1/gone.pdf',
        reason: `gone.pdf: the Jira site has no such file (404); ${jira.url}/secure/attachment/10004/gone.pdf`,
      },
    ]);
    const issue = await issueOf('dc', 'Logo is blurry on retina screens');
    expect(linksIn(issue.description)).toEqual(['narrow_screen.png', 'console.log']);
    expect((await uploadsOf('dc')).map((r) => r.filename)).toEqual(['narrow_screen.png', 'console.log']);
  }, 120_000);

  it('wrong credentials: every file on the site is a 401 report line, the issues are imported', async () => {
    const res = await upload('wrong', 'json', basic(jira.url, 'not-the-token'));
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id as number;
    expect(await runJiraJobs(t, 'w-wrong')).toEqual(['finished']);
    const job = (await t.api('GET', `/projects/${projects.wrong}/import_jobs/${jobId}`, 'maint')).json();
    expect(job.counters.issue).toEqual({ done: 2, skipped: 0, total: 2 });
    expect(job.counters.attachment).toEqual({ done: 0, skipped: 6, total: 6 });
    const reasons = (await skipsOf('wrong', jobId)).map((s) => s.reason.split(';')[0] ?? '');
    expect(reasons.filter((r) => r.endsWith('the Jira site refused the credentials (401)'))).toHaveLength(5);
    expect(await uploadsOf('wrong')).toEqual([]);
    const issue = await issueOf('wrong', 'Checkout page breaks on narrow screens');
    expect(issue.description).toContain('The pay button slides off the screen.');
    expect(linksIn(issue.description)).toEqual([]);
  }, 120_000);

  it('a job killed between attachments and resumed downloads and links nothing twice', async () => {
    const served = new Map(jira.served);
    const res = await upload('resumed', 'json', basic(jira.url));
    const jobId = res.json().import_job.id as number;
    // People, issues, the comment, then one attachment per batch: killed after the first two files.
    expect(await runJiraJobs(t, 'dying', { maxBatches: 5 })).toEqual(['interrupted']);
    expect((await uploadsOf('resumed')).map((r) => r.filename)).toEqual(['narrow_screen.png', 'console.log']);
    await t.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 120_000) })
      .where('id', '=', jobId)
      .execute();
    expect(await runJiraJobs(t, 'other')).toEqual(['finished']);
    expect((await uploadsOf('resumed')).map((r) => r.filename)).toEqual([
      'narrow_screen.png',
      'console.log',
      'console.log',
    ]);
    expect(linksIn((await issueOf('resumed', 'Checkout page breaks on narrow screens')).description)).toEqual([
      'narrow_screen.png',
      'console.log',
    ]);
    const resumedIssue = await issueOf('resumed', 'Checkout page breaks on narrow screens');
    const comment = await t.db
      .selectFrom('notes')
      .select('note')
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', '=', resumedIssue.id)
      .where('system', '=', false)
      .executeTakeFirstOrThrow();
    expect(linksIn(comment.note)).toEqual(['console.log']);
    const delta = (id: string) => (jira.served.get(id) ?? 0) - (served.get(id) ?? 0);
    expect([delta('10001'), delta('10002')]).toEqual([1, 2]);
    const job = (await t.api('GET', `/projects/${projects.resumed}/import_jobs/${jobId}`, 'maint')).json();
    expect(job.counters.attachment).toEqual({ done: 3, skipped: 3, total: 6 });
  }, 120_000);

  it('without a Jira site the attachments are listed in the report when the job is made, as before', async () => {
    const res = await upload('listed', 'json');
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id as number;
    expect(await skipsOf('listed', jobId)).toHaveLength(6);
    const asked = jira.requests.length;
    expect(await runJiraJobs(t, 'w-listed')).toEqual(['finished']);
    expect(await uploadsOf('listed')).toEqual([]);
    expect(jira.requests.length).toBe(asked);
  }, 120_000);

  it.each([
    [{ jira_email: EMAIL, jira_api_token: API_TOKEN }, 'jira_url is missing: the credentials are for a Jira site'],
    [{ jira_url: 'ftp://jira.example' }, 'jira_url is invalid: it must start with https:// or http://'],
    [{ jira_url: 'not a url' }, 'jira_url is invalid: not a URL'],
    [
      { jira_url: 'https://me:pw@jira.example' },
      'jira_url is invalid: credentials go in jira_email and jira_api_token, not the URL',
    ],
    [
      { jira_url: 'https://jira.example', jira_email: EMAIL },
      'jira_api_token is missing: an email and an API token go together',
    ],
    [
      { jira_url: 'https://jira.example', jira_personal_access_token: PAT, jira_api_token: API_TOKEN },
      'jira_personal_access_token is invalid: give either a personal access token or an email and an API token',
    ],
    [
      { jira_url: 'https://jira.example', jira_personal_access_token: 'x'.repeat(1025) },
      'jira_personal_access_token is invalid: must be at most 1024 characters',
    ],
    [{ jira_url: `https://jira.example/${'a'.repeat(2048)}` }, 'jira_url is invalid: must be at most 2048 characters'],
  ])('refuses %#: a 400 naming the field, and no job', async (fields, message) => {
    const jobs = async () =>
      Number((await t.db.selectFrom('import_jobs').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await jobs();
    const res = await upload('listed', 'json', fields as Record<string, string>);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await jobs()).toBe(before);
  });

  it('a file the site is too slow to send is given up after the time limit', async () => {
    const connection = { url: jira.url, authorization: `Bearer ${PAT}` };
    const url = `${jira.url}/secure/attachment/10009/slow.log`;
    const started = Date.now();
    expect(await downloadJiraAttachment(t.db, connection, url, 1024 * 1024, 300)).toEqual({
      problem: 'the Jira site did not send it within 0.3 s',
    });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  // Last: it turns the admin's setting off again.
  it('goes through the SSRF guard: without the admin setting a site on loopback is not asked', async () => {
    const res = await t.api('PUT', '/application/settings', 'root', {
      allow_local_requests_from_web_hooks_and_services: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const asked = jira.requests.length;
    const got = await downloadJiraAttachment(
      t.db,
      { url: jira.url, authorization: `Bearer ${PAT}` },
      `${jira.url}/secure/attachment/10002/console.log`,
      1024 * 1024,
    );
    expect(got).toEqual({ problem: expect.stringMatching(/^URL is blocked: /) });
    expect(jira.requests.length).toBe(asked);
  });
});
