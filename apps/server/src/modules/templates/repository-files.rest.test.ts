import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'rf_',
  users: ['maintainer', 'reporter', 'outsider'],
  groups: {
    team: { path: 'rfteam', members: { maintainer: AccessLevel.MAINTAINER, reporter: AccessLevel.REPORTER } },
  },
});
const { api, gid } = t;
let projectId: number;
const CONTENT = '## Steps\n\n1. ünïcode\n';
const file = (path: string, query = 'ref=main') =>
  `/projects/${projectId}/repository/files/${encodeURIComponent(path)}?${query}`;

beforeAll(async () => {
  projectId = (await createProject(t.db, { namespaceId: gid.team, path: 'app', visibility: 0 })).id;
  const made = await api('POST', `/projects/${projectId}/templates/issues`, 'maintainer', {
    name: 'Bug report',
    content: CONTENT,
  });
  expect(made.statusCode).toBe(201);
  await api('POST', `/projects/${projectId}/templates/merge_requests`, 'maintainer', {
    name: 'Default',
    content: 'MR',
  });
  await api('POST', `/groups/${gid.team}/templates/issues`, 'maintainer', { name: 'Group only', content: 'x' });
});

describe('repository files: a project’s templates where GitLab keeps them (IE-76)', () => {
  it('answers GitLab’s file, content in base64, with git’s blob id', async () => {
    const res = await api('GET', file('.gitlab/issue_templates/Bug report.md'), 'reporter');
    expect(res.statusCode).toBe(200);
    const bytes = Buffer.from(CONTENT, 'utf8');
    expect(res.json()).toEqual({
      file_name: 'Bug report.md',
      file_path: '.gitlab/issue_templates/Bug report.md',
      size: bytes.length,
      encoding: 'base64',
      content_sha256: createHash('sha256').update(bytes).digest('hex'),
      ref: 'main',
      blob_id: createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex'),
      commit_id: null,
      last_commit_id: null,
      execute_filemode: false,
      content: bytes.toString('base64'),
    });
    expect(res.headers['x-gitlab-size']).toBe(String(bytes.length));
    expect(res.headers['x-gitlab-file-path']).toBe(encodeURIComponent('.gitlab/issue_templates/Bug report.md'));
  });

  it('answers the raw bytes, at HEAD when no ref is given; HEAD carries the headers alone', async () => {
    const raw = await api(
      'GET',
      `/projects/${projectId}/repository/files/${encodeURIComponent('.gitlab/merge_request_templates/Default.md')}/raw`,
      'reporter',
    );
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.body).toBe('MR');
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v4${file('.gitlab/issue_templates/Bug report.md', 'ref=HEAD')}`,
      headers: { 'private-token': t.tok.reporter ?? '' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['x-gitlab-blob-id']).toMatch(/^[0-9a-f]{40}$/);
  });

  it('404s other paths, an inherited template, another ref, and a project the reader may not see', async () => {
    const cases: Array<[string, string, string]> = [
      [file('README.md'), 'reporter', '404 File Not Found'],
      [file('.gitlab/issue_templates/Group only.md'), 'reporter', '404 File Not Found'],
      [file('.gitlab/issue_templates/Missing.md'), 'reporter', '404 File Not Found'],
      [file('.gitlab/issue_templates/Bug report.md', 'ref=feature'), 'reporter', '404 Commit Not Found'],
      [file('.gitlab/issue_templates/Bug report.md'), 'outsider', '404 Project Not Found'],
    ];
    for (const [url, who, message] of cases) {
      const res = await api('GET', url, who);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, message]);
    }
  });

  it('needs a ref, as GitLab does, and names it', async () => {
    const res = await api('GET', file('.gitlab/issue_templates/Bug report.md', ''), 'reporter');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('ref');
  });
});
