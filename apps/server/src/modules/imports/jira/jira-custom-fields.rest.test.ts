import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../../test/factories';
import { JIRA_CSV_SAMPLE, JIRA_JSON_SAMPLE, jiraUpload, runJiraJobs } from '../../../test/jira/jira-import-kit';
import { useRestTestApp } from '../../../test/rest-test-app';

/**
 * Jira's custom fields (Meridian has none): listed in the preview, each select-like one made scoped labels
 * when the mapping says so, the others left out and listed in the report; story points become the weight.
 */
const t = useRestTestApp({ prefix: 'jcf_', users: ['maint'] });
const projects: Record<string, number> = {};

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'jcf' });
  await addGroupMember(t.db, group.id, t.uid.maint as number, AccessLevel.MAINTAINER);
  for (const path of ['preview', 'labelled', 'leftout', 'csv']) {
    projects[path] = (await createProject(t.db, { namespaceId: group.id, path, visibility: 0 })).id;
  }
});

type Issue = { title: string; labels: string[]; weight: number | null };
const issuesOf = async (project: number) => {
  const res = await t.api('GET', `/projects/${project}/issues?per_page=100&scope=all`, 'maint');
  return new Map((res.json() as Issue[]).map((i) => [i.title, i]));
};
/** The report's custom field lines. */
const skipsOf = async (project: number, job: number) =>
  (
    (await t.api('GET', `/projects/${project}/import_jobs/${job}/skipped?per_page=100`, 'maint')).json() as Array<{
      kind: string;
      source_id: string;
      reason: string;
    }>
  ).filter((s) => s.kind === 'custom_field');
const start = async (project: string, mapping?: object, file = JIRA_JSON_SAMPLE, name = 'search.json') => {
  const kind = name.endsWith('.csv') ? 'jira_csv' : 'jira_json';
  const fields: Record<string, string> = mapping ? { mapping: JSON.stringify(mapping) } : {};
  const res = await jiraUpload(t, `/projects/${projects[project]}/import/${kind}`, 'maint', file, name, fields);
  expect(res.statusCode, res.body).toBe(202);
  expect(await runJiraJobs(t, `w-${project}`)).toEqual(['finished']);
  return res.json().import_job.id as number;
};

describe('Jira custom fields', () => {
  it('lists the custom fields of the file in the preview, left out by default', async () => {
    const res = await jiraUpload(
      t,
      `/projects/${projects.preview}/import/jira/preview`,
      'maint',
      JIRA_JSON_SAMPLE,
      'search.json',
    );
    expect(res.statusCode, res.body).toBe(200);
    // Epic Link and Sprint keep their meanings, story points become the weight: neither is listed.
    expect(res.json().custom_fields).toEqual([
      { name: 'Epic Name', count: 1, values: ['Deploys'], select_like: true, choice: 'skip' },
      { name: 'Team', count: 3, values: ['Platform', 'Security'], select_like: true, choice: 'skip' },
    ]);
    expect(res.json().mapping.custom_fields).toEqual({ 'Epic Name': 'skip', Team: 'skip' });
  });

  it('makes a field mapped to labels scoped labels, and reports the fields left out', async () => {
    const job = await start('labelled', { custom_fields: { Team: 'labels' } });
    const issues = await issuesOf(projects.labelled as number);
    const blueGreen = issues.get('Blue/green switch on the load balancer');
    expect(blueGreen?.labels).toContain('Team::Platform');
    expect(blueGreen?.weight).toBe(5);
    expect(issues.get('Health checks gate the switch')).toMatchObject({ weight: 3 });
    expect(issues.get('Rotate the deploy keys')?.labels).toContain('Team::Security');
    expect(issues.get('Document the deploy runbook')?.weight).toBeNull();
    expect(await skipsOf(projects.labelled as number, job)).toEqual([
      { kind: 'custom_field', source_id: 'Epic Name', reason: 'custom field left out (1 issue has it)' },
    ]);
  });

  it('leaves every custom field out by default', async () => {
    const job = await start('leftout');
    const issues = await issuesOf(projects.leftout as number);
    expect(issues.get('Blue/green switch on the load balancer')?.labels.some((l) => l.startsWith('Team::'))).toBe(
      false,
    );
    expect((await skipsOf(projects.leftout as number, job)).map((s) => [s.kind, s.source_id, s.reason]).sort()).toEqual(
      [
        ['custom_field', 'Epic Name', 'custom field left out (1 issue has it)'],
        ['custom_field', 'Team', 'custom field left out (3 issues have it)'],
      ],
    );
  });

  it("reads the CSV's Custom field (X) columns", async () => {
    const res = await jiraUpload(
      t,
      `/projects/${projects.csv}/import/jira/preview`,
      'maint',
      JIRA_CSV_SAMPLE,
      'issues.csv',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().custom_fields.map((f: { name: string }) => f.name)).toEqual(['Epic Name']);
  });
});
