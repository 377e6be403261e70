import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { csvObjects, parseCsv } from '../../test/csv-records';
import { useRestTestApp } from '../../test/rest-test-app';

/** "Export as CSV" of a group's epic list (issue 32): the issue export's columns for epics, the list's rules. */
const t = useRestTestApp({
  prefix: 'epcsv_',
  users: ['owner', 'guest', 'outsider'],
  groups: {
    acme: { path: 'epcsvacme', members: { owner: AccessLevel.OWNER, guest: AccessLevel.GUEST } },
    sub: { path: 'epcsvsub', parent: 'acme' },
    open: { path: 'epcsvopen', visibility: 20, members: { owner: AccessLevel.OWNER } },
  },
});
const { api, tok, gid } = t;

const COLUMNS = [
  'Title',
  'Description',
  'Epic ID',
  'URL',
  'State',
  'Author',
  'Author Username',
  'Created At (UTC)',
  'Updated At (UTC)',
  'Closed At (UTC)',
  'Start Date',
  'Due Date',
  'Labels',
  'Parent',
  'Confidential',
];

const csvGet = (path: string, who?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: who ? { 'private-token': tok[who] ?? '' } : {} });

async function exportRows(path: string, who?: string) {
  const res = await csvGet(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return csvObjects(res.body);
}

async function newEpic(groupId: number, fields: Record<string, unknown>) {
  const res = await api('POST', `/groups/${groupId}/epics`, 'owner', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { iid: number; id: number };
}

let secretIid = 0;
let childIid = 0;

beforeAll(async () => {
  const parent = await newEpic(gid.acme, {
    title: 'Alpha, "quoted"',
    description: 'Line one\nline two',
    labels: 'feature,bug',
    start_date_is_fixed: true,
    start_date_fixed: '2031-01-02',
    due_date_is_fixed: true,
    due_date_fixed: '2031-05-06',
  });
  childIid = (await newEpic(gid.acme, { title: 'Child', parent_id: parent.id, labels: 'bug' })).iid;
  await newEpic(gid.sub, { title: 'In the subgroup', parent_id: parent.id });
  await newEpic(gid.acme, { title: '=cmd|" /C calc"!A0', description: '+1+1' });
  const closed = await newEpic(gid.acme, { title: 'Closed one' });
  const put = await api('PUT', `/groups/${gid.acme}/epics/${closed.iid}`, 'owner', { state_event: 'close' });
  expect(put.statusCode, put.body).toBe(200);
  secretIid = (await newEpic(gid.acme, { title: 'Secret epic', confidential: true })).iid;
  await newEpic(gid.open, { title: 'Public epic' });
});

describe('GET /groups/<group>/-/epics.csv', () => {
  it('answers its columns as a dated CSV attachment', async () => {
    const res = await csvGet('/groups/epcsvacme/-/epics.csv', 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="epcsvacme-epics-${today}.csv"`);
    expect(parseCsv(res.body)[0]).toEqual(COLUMNS);
  });

  it("writes each epic's cells as the issue export writes them", async () => {
    const rows = await exportRows('/groups/epcsvacme/-/epics.csv?state=all', 'owner');
    const alpha = rows.find((r) => r.Title === 'Alpha, "quoted"');
    expect(alpha).toMatchObject({
      Description: 'Line one\nline two',
      'Epic ID': '1',
      State: 'Open',
      'Author Username': 'epcsv_owner',
      'Closed At (UTC)': '',
      'Start Date': '2031-01-02',
      'Due Date': '2031-05-06',
      Labels: 'bug,feature',
      Parent: '',
      Confidential: 'No',
    });
    expect(alpha?.URL).toMatch(/\/groups\/epcsvacme\/-\/epics\/1$/);
    expect(alpha?.['Created At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(rows.find((r) => r['Epic ID'] === String(childIid))?.Parent).toBe('&1');
    expect(rows.find((r) => r.Title === 'In the subgroup')?.Parent).toBe('epcsvacme&1');
    const closed = rows.find((r) => r.Title === 'Closed one');
    expect(closed?.State).toBe('Closed');
    expect(closed?.['Closed At (UTC)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('prefixes cells a spreadsheet would run as formulas with a quote', async () => {
    const rows = await exportRows('/groups/epcsvacme/-/epics.csv', 'owner');
    const formula = rows.find((r) => r.Title?.includes('calc'));
    expect(formula?.Title).toBe(`'=cmd|" /C calc"!A0`);
    expect(formula?.Description).toBe("'+1+1");
  });

  it.each([
    '',
    '?state=all',
    '?state=opened&labels=bug&order_by=title&sort=asc',
    '?state=all&order_by=start_date&sort=desc',
    '?order_by=updated_at&sort=asc&include_descendant_groups=false',
    '?search=Alpha',
  ])('lists what the REST list lists, in its order: %s', async (query) => {
    const rest = await api('GET', `/groups/${gid.acme}/epics${query}${query ? '&' : '?'}per_page=100`, 'owner');
    expect(rest.statusCode, rest.body).toBe(200);
    const rows = await exportRows(`/groups/epcsvacme/-/epics.csv${query}`, 'owner');
    expect(rows.map((r) => r.URL)).toEqual((rest.json() as Array<{ web_url: string }>).map((e) => e.web_url));
  });

  it('leaves confidential epics out for a Guest, as the list does', async () => {
    const asGuest = await exportRows('/groups/epcsvacme/-/epics.csv', 'guest');
    expect(asGuest.length).toBeGreaterThan(0);
    expect(asGuest.map((r) => r['Epic ID'])).not.toContain(String(secretIid));
    const asOwner = await exportRows('/groups/epcsvacme/-/epics.csv', 'owner');
    expect(asOwner.map((r) => r['Epic ID'])).toContain(String(secretIid));
  });

  it('is 404 for a group the caller may not see, and works anonymously on a public group', async () => {
    expect((await csvGet('/groups/epcsvacme/-/epics.csv', 'outsider')).statusCode).toBe(404);
    expect((await csvGet('/groups/epcsvacme/-/epics.csv')).statusCode).toBe(404);
    expect((await csvGet('/groups/nothing-here/-/epics.csv', 'owner')).statusCode).toBe(404);
    const rows = await exportRows('/groups/epcsvopen/-/epics.csv');
    expect(rows.map((r) => r.Title)).toEqual(['Public epic']);
  });

  it('refuses a bad filter with a 400 naming it, as the list does', async () => {
    const res = await csvGet('/groups/epcsvacme/-/epics.csv?order_by=bogus', 'owner');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('order_by');
  });

  it('streams a long list page after page through the keyset cursor', async () => {
    const COUNT = 1_100;
    await sql`INSERT INTO epics (group_id, iid, title, author_id)
      SELECT ${gid.sub}::int, 100000 + g, 'Bulk epic ' || g, ${t.uid.owner}::int
      FROM generate_series(1, ${COUNT}::int) g`.execute(t.db);
    const rows = await exportRows('/groups/epcsvacme/epcsvsub/-/epics.csv?order_by=title&sort=asc', 'owner');
    expect(rows).toHaveLength(COUNT + 1);
    const titles = rows.map((r) => r.Title);
    expect(new Set(titles).size).toBe(COUNT + 1);
  });
});
