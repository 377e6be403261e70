import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { WARNING_HEADER } from '../../rest/request-warnings.plugin';
import { gql } from '../../test/graphql-client';
import { useGroupProjectApp } from '../../test/group-project-app';

/** The server's secret-detection policy for API writes (issue 12, IE §2.6 / §5): warn, reject, off. */

const t = useGroupProjectApp({
  group: 'secrets',
  prefix: 'secrets-',
  members: { owner: AccessLevel.OWNER },
  admins: ['admin'],
});
const { api, tok } = t;

const TOKEN = 'glpat-Abcdefghij0123456789';
const AWS_KEY = 'AKIAIOSFODNN7EXAMPLE';

async function setPolicy(policy: string) {
  const res = await api('PUT', '/application/settings', 'admin', { secret_detection_api_policy: policy });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().secret_detection_api_policy).toBe(policy);
}

const newIssue = (body: object) => api('POST', `/projects/${t.projectId}/issues`, 'owner', { title: 'Plain', ...body });
const rowCount = async (table: 'issues' | 'notes') => {
  const row = await t.db
    .selectFrom(table)
    .select((e) => e.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const issueCount = () => rowCount('issues');
const noteCount = () => rowCount('notes');

describe('secret_detection_api_policy', () => {
  it('is warn by default, and takes only off, warn or reject', async () => {
    const settings = await api('GET', '/application/settings', 'admin');
    expect(settings.json().secret_detection_api_policy).toBe('warn');
    const bad = await api('PUT', '/application/settings', 'admin', { secret_detection_api_policy: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('secret_detection_api_policy');
  });

  it('warn: the write is saved and the answer names the field and kind in a header, never the secret', async () => {
    await setPolicy('warn');
    const res = await newIssue({ description: `deploy with ${TOKEN} and ${AWS_KEY}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers[WARNING_HEADER]).toBe(
      'description holds a potential secret (GitLab personal access token, AWS access key); saved anyway',
    );
    expect(String(res.headers[WARNING_HEADER])).not.toContain(TOKEN.slice(6));
    const clean = await newIssue({ description: 'nothing to see' });
    expect(clean.statusCode).toBe(201);
    expect(clean.headers[WARNING_HEADER]).toBeUndefined();
  });

  it('reject: issues, notes, epics and merge requests holding a secret are refused with 400 and nothing is saved', async () => {
    await setPolicy('reject');
    const issues = await issueCount();
    const created = await newIssue({ title: `key ${TOKEN}` });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      error: 'title holds a potential secret (GitLab personal access token): remove it before saving',
      field: 'title',
    });
    expect(await issueCount()).toBe(issues);

    const plain = await newIssue({ description: 'fine' });
    expect(plain.statusCode).toBe(201);
    const iid = plain.json().iid as number;
    const edit = await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'owner', { description: TOKEN });
    expect(edit.statusCode).toBe(400);
    const after = await api('GET', `/projects/${t.projectId}/issues/${iid}`, 'owner');
    expect(after.json().description).toBe('fine');

    const notes = await noteCount();
    const note = await api('POST', `/projects/${t.projectId}/issues/${iid}/notes`, 'owner', { body: `use ${TOKEN}` });
    expect(note.statusCode).toBe(400);
    const thread = await api('POST', `/projects/${t.projectId}/issues/${iid}/discussions`, 'owner', { body: TOKEN });
    expect(thread.statusCode).toBe(400);
    expect(await noteCount()).toBe(notes);
    const ok = await api('POST', `/projects/${t.projectId}/issues/${iid}/notes`, 'owner', { body: 'harmless' });
    expect(ok.statusCode).toBe(201);
    const noteEdit = await api('PUT', `/projects/${t.projectId}/issues/${iid}/notes/${ok.json().id}`, 'owner', {
      body: TOKEN,
    });
    expect(noteEdit.statusCode).toBe(400);

    const epic = await api('POST', `/groups/${t.groupId}/epics`, 'owner', { title: 'Plan', description: AWS_KEY });
    expect(epic.statusCode).toBe(400);
    expect(epic.body).toContain('AWS access key');
    const mr = await api('POST', `/projects/${t.projectId}/merge_requests`, 'owner', {
      title: TOKEN,
      source_branch: 'secret',
      target_branch: 'main',
    });
    expect(mr.statusCode).toBe(400);

    const graphql = await gql(
      t.app,
      `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { title } } }`,
      { input: { projectPath: 'secrets/app', iid: String(iid), title: `again ${TOKEN}` } },
      tok.owner,
    );
    expect(JSON.stringify(graphql)).toContain('title holds a potential secret (GitLab personal access token)');
    expect((await api('GET', `/projects/${t.projectId}/issues/${iid}`, 'owner')).json().title).toBe('Plain');
  });

  it('off: nothing is scanned', async () => {
    await setPolicy('off');
    const res = await newIssue({ description: TOKEN });
    expect(res.statusCode).toBe(201);
    expect(res.headers[WARNING_HEADER]).toBeUndefined();
  });
});
