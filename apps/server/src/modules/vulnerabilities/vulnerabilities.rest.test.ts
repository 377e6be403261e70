import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE-77: SARIF 2.1.0 import and GitLab's vulnerabilities REST. */
const t = useRestTestApp({
  prefix: 'vuln-',
  users: ['maintainer', 'developer', 'reporter', 'guest', 'stranger'],
  groups: { acme: { path: 'vuln-acme', visibility: 20 } },
  projects: {
    web: {
      path: 'web',
      group: 'acme',
      visibility: 20,
      members: { maintainer: 40, developer: 30, reporter: 20, guest: 10 },
    },
  },
});
const { api } = t;

const fixture = readFileSync(
  join(import.meta.dirname, '../../test/fixtures/sarif/github-code-scanning-all-properties.sarif.json'),
  'utf8',
);

/** The report as a raw JSON body (`curl --data-binary @report.sarif -H 'Content-Type: application/json'`). */
function importBody(projectId: number, who: string | undefined, body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v4/projects/${projectId}/security/sarif`,
    headers: { 'content-type': 'application/json', ...(who ? { 'private-token': t.tok[who] ?? '' } : {}) },
    payload: body,
  });
}

/** The report as a multipart upload (`curl --form file=@report.sarif`). */
function importFile(projectId: number, who: string, body: string) {
  const boundary = '----meridian-sarif-test';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="report.sarif"',
    'Content-Type: application/sarif+json',
    '',
    body,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return t.app.inject({
    method: 'POST',
    url: `/api/v4/projects/${projectId}/security/sarif`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'private-token': t.tok[who] ?? '' },
    payload,
  });
}

type Vulnerability = { id: number; title: string; severity: string; state: string } & Record<string, unknown>;

describe('SARIF import', () => {
  it('turns each result into a vulnerability once; re-importing creates nothing', async () => {
    const first = await importBody(t.pid.web, 'developer', fixture);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ created: 3, existing: 0, total: 3 });
    const again = await importFile(t.pid.web, 'developer', fixture);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ created: 0, existing: 3, total: 3 });

    const list = await api('GET', `/projects/${t.pid.web}/vulnerabilities`, 'developer');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('3');
    const rows = list.json() as Vulnerability[];
    // Most severe first: the result-level error, the rule without a level (warning), the note.
    expect(rows.map((v) => [v.title, v.severity, v.state])).toEqual([
      // R01 has no name or description: the message is the title.
      ['Specifying both [ruleIndex](1) and [ruleID](2) might lead to inconsistencies.', 'high', 'detected'],
      ["Inconsistent use of 'new'", 'medium', 'detected'],
      ['Unused variable, import, function or class', 'low', 'detected'],
    ]);
    const unused = rows[2] as Vulnerability;
    expect(unused).toMatchObject({
      description:
        'Unused variable foo.\n\nUnused variables, imports, functions or classes may be a symptom of a bug and should be examined carefully.',
      confidence: 'unknown',
      report_type: 'sast',
      author_id: t.uid.developer,
      project: { id: t.pid.web, path_with_namespace: 'vuln-acme/web' },
      confirmed_at: null,
      dismissed_by_id: null,
      finding: {
        location: { file: 'main.js', start_line: 2, end_line: 2 },
        scanner: { name: 'Tool Name', version: '2.0.0' },
        identifiers: [{ external_type: 'rule', external_id: '3f292041e51d22005ce48f39df3585d44ce1b0ad' }],
      },
    });
  });

  it('reads security-severity scores and CWE tags, and falls back to a location hash', async () => {
    const log = JSON.parse(fixture);
    const rule = log.runs[0].tool.driver.rules[1];
    rule.properties = {
      tags: ['security', 'external/cwe/cwe-079', 'CWE-116: Improper Encoding'],
      'security-severity': '9.3',
    };
    rule.helpUri = 'https://codeql.github.com/codeql-query-help/javascript/js-xss/';
    log.runs[0].tool.driver.name = 'CodeQL';
    log.runs[0].results = [log.runs[0].results[1]];
    delete log.runs[0].results[0].partialFingerprints;
    const created = await importBody(t.pid.web, 'maintainer', JSON.stringify(log));
    expect(created.json()).toEqual({ created: 1, existing: 0, total: 1 });
    expect((await importBody(t.pid.web, 'maintainer', JSON.stringify(log))).json()).toEqual({
      created: 0,
      existing: 1,
      total: 1,
    });
    const [critical] = (
      await api('GET', `/projects/${t.pid.web}/vulnerabilities?severity=critical`, 'maintainer')
    ).json() as Vulnerability[];
    expect(critical).toMatchObject({
      severity: 'critical',
      finding: {
        scanner: { name: 'CodeQL' },
        identifiers: [
          { external_type: 'rule', external_id: 'd5b664aefd5ca4b21b52fdc1d744d7d6ab6886d0' },
          { external_type: 'cwe', external_id: '79', name: 'CWE-79' },
          { external_type: 'cwe', external_id: '116', name: 'CWE-116' },
        ],
      },
    });
  });

  it('refuses a malformed report with the first schema error, and non-JSON and empty bodies', async () => {
    const log = JSON.parse(fixture);
    delete log.runs[0].results[0].message;
    const bad = await importBody(t.pid.web, 'developer', JSON.stringify(log));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("file is invalid: /runs/0/results/0 must have required property 'message'");
    const wrongVersion = await importBody(t.pid.web, 'developer', JSON.stringify({ version: '2.0.0', runs: [] }));
    expect(wrongVersion.statusCode).toBe(400);
    expect(wrongVersion.json().error).toMatch(/^file is invalid: \/version /);
    const notJson = await importFile(t.pid.web, 'developer', '{"version": "2.1.0", ');
    expect(notJson.json()).toEqual({ error: 'file is invalid: not a JSON document', field: 'file' });
    expect((await importBody(t.pid.web, 'developer', '')).json()).toEqual({ error: 'file is missing', field: 'file' });
  });

  it('takes reports up to 10 MB (more than the API’s usual 2 MB) and refuses bigger ones with 413', async () => {
    const log = JSON.parse(fixture);
    log.runs[0].properties = { padding: 'x'.repeat(3 * 1024 * 1024) };
    expect((await importBody(t.pid.web, 'developer', JSON.stringify(log))).statusCode).toBe(201);
    log.runs[0].properties = { padding: 'x'.repeat(11 * 1024 * 1024) };
    expect((await importBody(t.pid.web, 'developer', JSON.stringify(log))).statusCode).toBe(413);
    expect((await importFile(t.pid.web, 'developer', JSON.stringify(log))).statusCode).toBe(413);
  });

  it('is for Developers and up: 401 anonymous, 404 for reporters, guests and non-members', async () => {
    expect((await importBody(t.pid.web, undefined, fixture)).statusCode).toBe(401);
    for (const who of ['reporter', 'guest', 'stranger']) {
      expect((await importBody(t.pid.web, who, fixture)).statusCode, who).toBe(404);
      expect((await api('GET', `/projects/${t.pid.web}/vulnerabilities`, who)).statusCode, who).toBe(404);
    }
  });

  it('the project JSON says who may read the report (the web sidebar links it for them only)', async () => {
    for (const [who, may] of [
      ['maintainer', true],
      ['developer', true],
      ['reporter', false],
      ['guest', false],
      ['stranger', false],
    ] as const) {
      expect((await api('GET', `/projects/${t.pid.web}`, who)).json().can_read_vulnerability, who).toBe(may);
    }
  });
});

describe('vulnerabilities', () => {
  async function firstVulnerability(): Promise<Vulnerability> {
    await importBody(t.pid.web, 'developer', fixture);
    const rows = (await api('GET', `/projects/${t.pid.web}/vulnerabilities?severity=low`, 'developer')).json();
    return rows[0] as Vulnerability;
  }

  it('reads one vulnerability; hides it (404) from whoever may not read vulnerabilities', async () => {
    const v = await firstVulnerability();
    const one = await api('GET', `/vulnerabilities/${v.id}`, 'developer');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: v.id, title: v.title, state: 'detected' });
    for (const who of ['reporter', 'guest', 'stranger', undefined]) {
      const res = await api('GET', `/vulnerabilities/${v.id}`, who);
      expect(res.statusCode, String(who)).toBe(404);
      expect(res.json()).toEqual({ message: '404 Vulnerability Not Found' });
    }
    expect((await api('GET', '/vulnerabilities/999999', 'developer')).statusCode).toBe(404);
    expect((await api('GET', '/vulnerabilities/abc', 'developer')).statusCode).toBe(400);
  });

  it('moves through GitLab’s states, stamping who and when; 304 when nothing changes', async () => {
    const v = await firstVulnerability();
    const confirmed = await api('POST', `/vulnerabilities/${v.id}/confirm`, 'maintainer');
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ state: 'confirmed', confirmed_by_id: t.uid.maintainer });
    expect(confirmed.json().confirmed_at).toEqual(expect.any(String));
    expect((await api('POST', `/vulnerabilities/${v.id}/confirm`, 'maintainer')).statusCode).toBe(304);
    const dismissed = await api('POST', `/vulnerabilities/${v.id}/dismiss`, 'maintainer', { comment: 'test code' });
    expect(dismissed.json()).toMatchObject({ state: 'dismissed', dismissed_by_id: t.uid.maintainer });
    const resolved = await api('POST', `/vulnerabilities/${v.id}/resolve`, 'maintainer');
    expect(resolved.json()).toMatchObject({ state: 'resolved', resolved_by_id: t.uid.maintainer });
    const reverted = await api('POST', `/vulnerabilities/${v.id}/revert`, 'maintainer');
    expect(reverted.json()).toMatchObject({
      state: 'detected',
      confirmed_at: null,
      resolved_by_id: null,
      dismissed_at: null,
    });
    expect((await api('POST', `/vulnerabilities/${v.id}/revert`, 'maintainer')).statusCode).toBe(304);
    expect((await api('POST', `/vulnerabilities/${v.id}/explode`, 'maintainer')).statusCode).toBe(404);

    // GitLab 17.0 took the state actions from Developers: they read but may not change.
    const byDeveloper = await api('POST', `/vulnerabilities/${v.id}/dismiss`, 'developer');
    expect(byDeveloper.statusCode).toBe(403);
    expect((await api('POST', `/vulnerabilities/${v.id}/dismiss`, 'reporter')).statusCode).toBe(404);
    expect((await api('POST', `/vulnerabilities/${v.id}/dismiss`)).statusCode).toBe(401);
  });

  it('filters the list by state and severity and counts per severity', async () => {
    const v = await firstVulnerability();
    await api('POST', `/vulnerabilities/${v.id}/dismiss`, 'maintainer');
    const dismissed = (
      await api('GET', `/projects/${t.pid.web}/vulnerabilities?state=dismissed`, 'developer')
    ).json() as Vulnerability[];
    expect(dismissed.map((d) => d.id)).toEqual([v.id]);
    const open = await api(
      'GET',
      `/projects/${t.pid.web}/vulnerabilities?state=detected,confirmed&severity[]=low&severity[]=high`,
      'developer',
    );
    expect((open.json() as Vulnerability[]).every((d) => d.state === 'detected' && d.id !== v.id)).toBe(true);
    const summary = await api('GET', `/projects/${t.pid.web}/vulnerabilities/summary?state=dismissed`, 'developer');
    expect(summary.json()).toEqual({
      severity_counts: { critical: 0, high: 0, medium: 0, low: 1, info: 0, unknown: 0 },
      user_permissions: { admin_vulnerability: false, admin_vulnerability_issue_link: true },
    });
    const asMaintainer = await api('GET', `/projects/${t.pid.web}/vulnerabilities/summary`, 'maintainer');
    expect(asMaintainer.json().user_permissions.admin_vulnerability).toBe(true);
    const badState = await api('GET', `/projects/${t.pid.web}/vulnerabilities?state=opened`, 'developer');
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error).toMatch(/^state\.0 is invalid/);
    const paged = await api('GET', `/projects/${t.pid.web}/vulnerabilities?per_page=1&page=2`, 'developer');
    expect(paged.json()).toHaveLength(1);
    expect(paged.headers['x-page']).toBe('2');
  });

  it('links issues (related, one created), lists and removes the links, with GitLab’s 422 texts', async () => {
    const v = await firstVulnerability();
    const issue = (
      await api('POST', `/projects/${t.pid.web}/issues`, 'maintainer', { title: 'Fix unused variable' })
    ).json();
    const other = (await api('POST', `/projects/${t.pid.web}/issues`, 'maintainer', { title: 'Track finding' })).json();
    const linked = await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'developer', {
      target_issue_iid: issue.iid,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({
      link_type: 'related',
      vulnerability: { id: v.id },
      issue: { id: issue.id, iid: issue.iid, title: 'Fix unused variable' },
    });
    const twice = await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'developer', {
      target_issue_iid: issue.iid,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message ?? twice.json().error).toBe('Issue has already been linked to another vulnerability');
    const created = await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'developer', {
      target_issue_iid: other.iid,
      target_project_id: t.pid.web,
      link_type: 'created',
    });
    expect(created.statusCode, created.body).toBe(201);

    const list = await api('GET', `/vulnerabilities/${v.id}/issue_links`, 'developer');
    expect(list.json().map((i: Record<string, unknown>) => [i.iid, i.vulnerability_link_type])).toEqual([
      [issue.iid, 'related'],
      [other.iid, 'created'],
    ]);
    const missing = await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'developer', { target_issue_iid: 9999 });
    expect(missing.statusCode).toBe(404);
    const noIid = await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'developer', {});
    expect(noIid.statusCode).toBe(400);
    expect(noIid.json()).toMatchObject({ field: 'target_issue_iid' });
    const badType = await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'developer', {
      target_issue_iid: issue.iid,
      link_type: 'blocks',
    });
    expect(badType.statusCode).toBe(400);
    expect(
      (await api('POST', `/vulnerabilities/${v.id}/issue_links`, 'reporter', { target_issue_iid: 1 })).statusCode,
    ).toBe(404);

    const linkId = linked.json().id;
    const removed = await api('DELETE', `/vulnerabilities/${v.id}/issue_links/${linkId}`, 'developer');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: linkId, link_type: 'related' });
    expect((await api('DELETE', `/vulnerabilities/${v.id}/issue_links/${linkId}`, 'developer')).statusCode).toBe(404);
    expect((await api('GET', `/vulnerabilities/${v.id}/issue_links`, 'developer')).json()).toHaveLength(1);
  });
});
