import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { csvDownloads, itAnswersAsItsList } from '../../test/csv-downloads';
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
const { api, gid } = t;
const { exportRows } = csvDownloads(t);

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
  itAnswersAsItsList(t, {
    csvPath: '/groups/epcsvacme/-/epics.csv',
    restPath: () => `/groups/${gid.acme}/epics`,
    attachmentName: 'epcsvacme-epics',
    columns: COLUMNS,
    queries: [
      '',
      '?state=all',
      '?state=opened&labels=bug&order_by=title&sort=asc',
      '?state=all&order_by=start_date&sort=desc',
      '?order_by=updated_at&sort=asc&include_descendant_groups=false',
      '?search=Alpha',
    ],
    column: 'URL',
    field: 'web_url',
    missingPath: '/groups/nothing-here/-/epics.csv',
    publicDownload: { path: '/groups/epcsvopen/-/epics.csv', titles: ['Public epic'] },
    badFilter: 'order_by',
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

  it('leaves confidential epics out for a Guest, as the list does', async () => {
    const asGuest = await exportRows('/groups/epcsvacme/-/epics.csv', 'guest');
    expect(asGuest.length).toBeGreaterThan(0);
    expect(asGuest.map((r) => r['Epic ID'])).not.toContain(String(secretIid));
    const asOwner = await exportRows('/groups/epcsvacme/-/epics.csv', 'owner');
    expect(asOwner.map((r) => r['Epic ID'])).toContain(String(secretIid));
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
