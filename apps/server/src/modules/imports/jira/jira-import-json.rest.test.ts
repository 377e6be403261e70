import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { addProjectMember, createProject } from '../../../test/factories';
import {
  JIRA_CSV_SAMPLE as CSV,
  JIRA_JSON_SAMPLE as JSON_SAMPLE,
  type JiraJson as Json,
  useJiraImportTest,
} from '../../../test/jira/jira-import-kit';

/**
 * Issue 32's Jira importer: the CSV and JSON samples (written from Jira's documented formats, in
 * src/test/jira/) import with their hierarchy, comments, links, labels, milestones, people, states and
 * dates — compared field by field through Meridian's API —; a job cut short resumes without
 * duplicates; what is not a Jira file is refused with the reason, and nothing is created.
 */
const jira = useJiraImportTest('ji_');
const { t, uid, projects } = jira;

describe('Jira JSON import (the REST API search answer)', () => {
  it('imports the issues with their hierarchy, people by email, sprints, versions and work logs', async () => {
    const res = await jira.upload(
      `/projects/${projects.fromjson}/import/jira_json`,
      'maint',
      JSON_SAMPLE,
      'search.json',
    );
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().import_job;
    expect(job.kind).toBe('jira_json');
    expect(await jira.runJobs('worker-json')).toEqual(['finished']);
    const done = await jira.get(`/projects/${projects.fromjson}/import_jobs/${job.id}`);
    expect(done).toMatchObject({ state: 'finished', processed: 42, total: 42 });
    // Meridian has no custom fields: those the mapping does not make labels are reported; attachments are listed.
    const skips = await jira.skipsOf(projects.fromjson as number, job.id);
    expect(skips).toHaveLength(3);
    expect(skips).toEqual(
      expect.arrayContaining([
        { kind: 'custom_field', source_id: 'Team', reason: 'custom field left out (3 issues have it)' },
        { kind: 'custom_field', source_id: 'Epic Name', reason: 'custom field left out (1 issue has it)' },
        {
          kind: 'attachment',
          source_id: 'OPS-2/1/lb-switch.png',
          reason:
            'not imported: lb-switch.png (48213 bytes) is on the Jira site, which the import does not sign in to; https://meridian-sample.atlassian.net/secure/attachment/10200/lb-switch.png',
        },
      ]),
    );
    // The changelog (`expand=changelog`) as system notes, by their authors at their times, in the writers' words.
    const lockIssue = await t.db
      .selectFrom('issues')
      .select('id')
      .where('project_id', '=', projects.fromjson as number)
      .where('title', 'like', 'Deploy script leaves%')
      .executeTakeFirstOrThrow();
    const history = await t.db
      .selectFrom('notes as n')
      .innerJoin('users as u', 'u.id', 'n.author_id')
      .select(['n.note', 'u.username', 'n.created_at'])
      .where('n.noteable_type', '=', 'Issue')
      .where('n.noteable_id', '=', lockIssue.id)
      .where('n.system', '=', true)
      .orderBy('n.created_at')
      .orderBy('n.id')
      .execute();
    const labelTitles = new Map(
      (await t.db.selectFrom('labels').select(['id', 'title']).execute()).map((l) => [String(l.id), l.title]),
    );
    const named = (note: string) => note.replace(/~(\d+)/g, (_m, id: string) => `~"${labelTitles.get(id)}"`);
    expect(history.map((n) => [named(n.note), n.username, new Date(n.created_at).toISOString()])).toEqual([
      ['added ~"priority::Highest" label and removed ~"priority::Medium" label', 'carol_m', '2024-02-06T08:00:00.000Z'],
      ['assigned to @alice', 'carol_m', '2024-02-06T08:00:00.000Z'],
      [
        'added ~"status::In Progress" ~"regression" labels and removed ~"status::To Do" label',
        'alice',
        '2024-02-07T09:15:00.000Z',
      ],
      [
        'changed title from **Deploy script leaves a lock** to **Deploy script leaves a stale lock (“deploy.lock”)**',
        'alice',
        '2024-02-07T09:15:00.000Z',
      ],
      ['added ~"status::Done" label and removed ~"status::In Progress" label', 'alice', '2024-02-09T16:45:00.000Z'],
      ['closed', 'alice', '2024-02-09T16:45:00.000Z'],
      ['changed milestone to %"2024.1"', 'alice', '2024-02-09T16:45:00.000Z'],
    ]);

    const pid = projects.fromjson as number;
    const issues = await jira.issuesOf(pid);
    expect(issues.size).toBe(10);
    const issue = (title: string) => issues.get(title) as Json;
    expect(issue('Blue/green switch on the load balancer')).toMatchObject({
      state: 'opened',
      author: { username: 'bob' },
      assignees: [{ username: 'carol_m' }],
      labels: ['deploys', 'lb', 'priority::High', 'sprint::OPS Sprint 4', 'status::In Progress', 'type::story'],
      milestone: { title: '2024.1' },
      created_at: '2024-02-02T09:30:00.000Z',
      updated_at: '2024-02-21T11:00:00.000Z',
      time_stats: { time_estimate: 57600, total_time_spent: 10800 },
      imported_from: 'jira',
    });
    expect(issue('Blue/green switch on the load balancer').description).toBe(
      [
        'The switch flips the upstream pool.',
        '```bash',
        'lbctl switch --pool green',
        '```',
        '',
        '---',
        '',
        '_Imported from Jira: [OPS-2](https://meridian-sample.atlassian.net/browse/OPS-2)_',
        '- Earlier sprints: OPS Sprint 3',
      ].join('\n'),
    );
    expect(issue('Grafana dashboard shows UTC, not local time')).toMatchObject({
      state: 'closed',
      closed_at: '2024-01-22T08:00:00.000Z',
      labels: expect.arrayContaining(["status::Won't Fix"]),
    });
    expect(issue('Add /healthz to the API')).toMatchObject({
      issue_type: 'task',
      state: 'closed',
      time_stats: { time_estimate: 7200, total_time_spent: 5400 },
    });
    expect(await jira.childrenOf(issue('Health checks gate the switch').id)).toEqual(['Task: Add /healthz to the API']);
    expect(await jira.childrenOf(issue('Document the deploy runbook').id)).toEqual(['Task: Rollback section']);
    expect(await jira.childrenOf(issue('Rotate the deploy keys').id)).toEqual(['Task: Revoke the old key']);
    const epics = await jira.epicsOf();
    const deploys = epics.get('Zero-downtime deploys') as Json;
    expect(deploys).toMatchObject({ state: 'opened', due_date: '2024-04-30', author: { username: 'alice' } });
    // Epic Link (customfield_10014, found by the answer's `names`) and Jira Cloud's `parent` both place an issue in its epic.
    expect(await jira.epicIssues(deploys.iid)).toEqual([
      'Blue/green switch on the load balancer',
      'Deploy script leaves a stale lock (“deploy.lock”)',
      'Health checks gate the switch',
    ]);
    expect(await jira.epicIssues((epics.get('Observability, phase 1') as Json).iid)).toEqual([
      'Grafana dashboard shows UTC, not local time',
      'Trace IDs in every log line',
    ]);
    expect(await jira.linksOf(pid, issue('Deploy script leaves a stale lock (“deploy.lock”)').iid)).toEqual([
      'blocks Document the deploy runbook',
      'relates_to Trace IDs in every log line',
    ]);
    expect(await jira.notesOf(pid, issue('Add /healthz to the API').iid)).toEqual([
      {
        body: 'Please include the schema version too — danke!',
        author: 'Zoe_Zak_placeholder',
        created_at: '2024-02-07T10:11:00.000Z',
        system: false,
      },
    ]);
    const milestones = (await jira.get(`/projects/${pid}/milestones`)) as Array<
      Json & { state: string; due_date: string }
    >;
    expect(milestones.map((m) => [m.title, m.state, m.due_date]).sort()).toEqual([
      ['2024.1', 'closed', '2024-03-01'],
      ['2024.2', 'active', '2024-06-01'],
    ]);
    const zoe = await t.db
      .selectFrom('users')
      .select(['name', 'placeholder', 'state'])
      .where('username', '=', 'Zoe_Zak_placeholder')
      .executeTakeFirstOrThrow();
    expect(zoe).toEqual({ name: 'Zoë Žák', placeholder: true, state: 'blocked' });
  });
});

describe('refusals and permissions', () => {
  const refused = () => `/projects/${projects.refused}/import`;

  it.each([
    [
      'a GitLab CSV, not a Jira export',
      'jira_csv',
      'title,description\nOne,two\n',
      'file is not a Jira CSV export: the header has no Summary, Issue key, Issue Type columns (found: title, description)',
    ],
    [
      'a Jira CSV row without a key',
      'jira_csv',
      'Summary,Issue key,Issue Type\nNo key,,Task\n',
      'file is not a Jira CSV export: line 2 has no issue key',
    ],
    ['a CSV with only a header', 'jira_csv', 'Summary,Issue key,Issue Type\n', 'file holds no issues'],
    ['malformed JSON', 'jira_json', '{"issues": [', 'file is not valid JSON: '],
    [
      'JSON that is not Jira’s',
      'jira_json',
      '{"data": []}',
      'file is not Jira issue JSON: expected a search answer ({"issues": […]}), an issue ({"key", "fields"}) or a list of them',
    ],
    [
      'an issue without a key',
      'jira_json',
      '{"issues": [{"fields": {}}]}',
      'file is not Jira issue JSON: issue 1 has no key or no fields',
    ],
    ['binary content', 'jira_csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'file is not UTF-8 text'],
  ])('refuses %s with a 400 naming why, and creates nothing', async (_name, kind, content, message) => {
    const before = await jira.rowCounts();
    const jobs = await t.db.selectFrom('import_jobs').select('id').execute();
    const res = await jira.upload(
      `${refused()}/${kind}`,
      'maint',
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      'x',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await jira.rowCounts()).toEqual(before);
    expect(await t.db.selectFrom('import_jobs').select('id').execute()).toEqual(jobs);
  });

  it('refuses a file over 20 MB, a malformed mapping, and epics in a project without a group', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    const tooBig = await jira.upload(`${refused()}/jira_csv`, 'maint', big, 'big.csv');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toContain('file is too large (maximum is 20 MB)');

    for (const [mapping, message] of [
      ['{not json', 'mapping is invalid: not JSON'],
      ['{"types": {"Bug": {"kind": "story"}}}', 'mapping is invalid: types.Bug.kind'],
      ['{"statuses": {"Done": "maybe"}}', 'mapping is invalid: statuses.Done'],
    ]) {
      const res = await jira.upload(`${refused()}/jira_csv`, 'maint', CSV, 'x.csv', { mapping: mapping as string });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(message);
    }

    // A project of the maintainer's own namespace: no group, so no epics; by default Epic maps to an issue.
    const personal = await createProject(t.db, {
      namespaceId: await userNamespaceOf(uid.maint as number),
      path: 'mine',
    });
    await addProjectMember(t.db, personal.id, uid.maint as number, AccessLevel.MAINTAINER);
    const preview = await jira.upload(`/projects/${personal.id}/import/jira/preview`, 'maint', CSV, 'x.csv');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().types[0]).toEqual({
      name: 'Epic',
      count: 2,
      subtask: false,
      kind: 'issue',
      label: 'type::epic',
    });
    expect(preview.json().epic_group).toBeNull();
    const epics = await jira.upload(`/projects/${personal.id}/import/jira_csv`, 'maint', CSV, 'x.csv', {
      mapping: '{"types": {"Epic": {"kind": "epic"}}}',
    });
    expect(epics.statusCode, epics.body).toBe(400);
    expect(epics.json().error).toBe(
      'mapping is invalid: Epic cannot become epics: the project is not in a group (map them to issues)',
    );
    expect(await t.db.selectFrom('issues').select('id').where('project_id', '=', personal.id).execute()).toEqual([]);
  });

  it('answers 401 without a user, 404 to who may not administer the project (or see it)', async () => {
    const url = `/projects/${projects.refused}/import/jira_csv`;
    expect((await jira.upload(url, undefined, CSV, 'x.csv')).statusCode).toBe(401);
    expect((await jira.upload(url, 'dev', CSV, 'x.csv')).statusCode).toBe(404);
    expect((await jira.upload(url, 'outsider', CSV, 'x.csv')).statusCode).toBe(404);
    expect(
      (await jira.upload(`/projects/${projects.refused}/import/jira/preview`, 'dev', CSV, 'x.csv')).statusCode,
    ).toBe(404);
    const job = await t.db
      .selectFrom('import_jobs')
      .select('id')
      .where('project_id', '=', projects.fromjson as number)
      .executeTakeFirstOrThrow();
    expect((await t.api('GET', `/projects/${projects.fromjson}/import_jobs/${job.id}`, 'outsider')).statusCode).toBe(
      404,
    );
    expect((await t.api('GET', `/projects/${projects.fromjson}/import_jobs/${job.id}`)).statusCode).toBe(401);
    // A job of another project is not found through this one.
    expect((await t.api('GET', `/projects/${projects.refused}/import_jobs/${job.id}`, 'maint')).statusCode).toBe(404);
  });
});

async function userNamespaceOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('namespaces')
    .select('id')
    .where('type', '=', 'User')
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (row) return row.id;
  const user = await t.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
  const created = await t.db
    .insertInto('namespaces')
    .values({ type: 'User', name: user.username, path: user.username, owner_id: userId, visibility_level: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}
