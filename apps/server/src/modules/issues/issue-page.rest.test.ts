import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMembers, createCookieSession, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'ipg_', users: ['owner', 'developer', 'reporter', 'outsider'] });
const { api, tok, uid } = t;
let projectId: number;
const base = '/ipg/web/-/issues';

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'ipg' });
  await addGroupMembers(t.db, group.id, [
    [uid.owner as number, AccessLevel.OWNER],
    [uid.developer as number, AccessLevel.DEVELOPER],
    [uid.reporter as number, AccessLevel.REPORTER],
  ]);
  projectId = (await createProject(t.db, { namespaceId: group.id, path: 'web' })).id;
});

const newIssue = async (title = 'Page issue') => {
  const res = await api('POST', `/projects/${projectId}/issues`, 'owner', { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { iid: number };
};

/** A request to the page path, as a user (token) or anonymous, with a JSON or form body. */
function page(
  method: 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  who: string | undefined,
  body?: object | string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(who ? { 'private-token': tok[who] ?? '' } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

const restIssue = async (iid: number) => api('GET', `/projects/${projectId}/issues/${iid}`, 'owner');

describe('IE-2 / IE-7: PUT and PATCH of the issue page endpoint', () => {
  it('updates title and description from `{"issue": {...}}` by PUT on `<iid>.json`, answering web_url and lock_version', async () => {
    const { iid } = await newIssue();
    const res = await page('PUT', `${base}/${iid}.json`, 'developer', {
      issue: { title: 'Renamed on the page', description: 'New **text**', lock_version: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ iid, title: 'Renamed on the page', description: 'New **text**', lock_version: 1 });
    expect(json.web_url).toMatch(new RegExp(`/ipg/web/-/issues/${iid}$`));
    expect(json.description_html).toContain('<strong>text</strong>');
  });

  it('accepts PATCH on the page path and on `.json`, with a form body of bracketed fields', async () => {
    const { iid } = await newIssue();
    const form = await page(
      'PATCH',
      `${base}/${iid}`,
      'developer',
      'issue%5Btitle%5D=From+a+form&issue%5Bissue_type%5D=incident',
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ title: 'From a form', issue_type: 'incident' });
    const json = await page('PATCH', `${base}/${iid}.json`, 'developer', { issue: { state_event: 'close' } });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().state).toBe('closed');
  });

  it('answers a stale lock_version 409 in GitLab errors shape, and leaves the issue as it was', async () => {
    const { iid } = await newIssue('Before');
    expect((await page('PUT', `${base}/${iid}.json`, 'owner', { issue: { description: 'one' } })).statusCode).toBe(200);
    const stale = await page('PUT', `${base}/${iid}.json`, 'developer', { issue: { title: 'Lost', lock_version: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([expect.any(String)]);
    expect((await restIssue(iid)).json().title).toBe('Before');
  });

  it('is a 400 in the errors shape naming the bracketed field for bad values and unknown fields', async () => {
    const { iid } = await newIssue();
    const cases: Array<[object | string, string]> = [
      [{ issue: { title: '' } }, 'issue[title]'],
      [{ issue: { title: 'x'.repeat(256) } }, 'issue[title]'],
      [{ issue: { issue_type: 'epic' } }, 'issue[issue_type]'],
      [{ issue: { author_id: 1 } }, 'issue[author_id]'],
      [{ issue: 'title' }, 'issue'],
      ['issue%5Block_version%5D=soon', 'issue[lock_version]'],
    ];
    for (const [body, field] of cases) {
      const res = await page('PUT', `${base}/${iid}.json`, 'developer', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      const json = res.json();
      expect(json.errors, JSON.stringify(body)).toEqual([expect.stringContaining(field)]);
      expect(json.field).toBe(field);
    }
  });

  it('is 404 for a user who may not see the project, an unknown issue and an unknown project; 401 anonymous', async () => {
    const { iid } = await newIssue();
    const body = { issue: { title: 'Nope' } };
    for (const [url, who] of [
      [`${base}/${iid}.json`, 'outsider'],
      [`${base}/999999.json`, 'owner'],
      [`/ipg/nothing/-/issues/${iid}.json`, 'owner'],
    ] as const) {
      const res = await page('PUT', url, who, body);
      expect(res.statusCode, `${url} ${who}`).toBe(404);
      expect(res.json().errors).toHaveLength(1);
    }
    const anonymous = await page('PUT', `${base}/${iid}.json`, undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect((await restIssue(iid)).json().title).toBe('Page issue');
    // Who may edit is the REST PUT's rule: the page answers a reporter as REST does.
    const rest = await api('PUT', `/projects/${projectId}/issues/${iid}`, 'reporter', { title: 'By REST' });
    const viaPage = await page('PUT', `${base}/${iid}.json`, 'reporter', { issue: { title: 'By the page' } });
    expect(viaPage.statusCode).toBe(rest.statusCode);
  });
});

describe('IE-7: DELETE of `<iid>.json`', () => {
  it('needs destroy_confirm (422, GitLab message), then deletes and answers where to go', async () => {
    const { iid } = await newIssue();
    const unconfirmed = await page('DELETE', `${base}/${iid}.json`, 'owner');
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual(['Destroy confirmation not provided for issue']);
    expect((await restIssue(iid)).statusCode).toBe(200);
    const bad = await page('DELETE', `${base}/${iid}.json?destroy_confirm=perhaps`, 'owner');
    expect(bad.statusCode).toBe(400);
    const res = await page('DELETE', `${base}/${iid}.json?destroy_confirm=true`, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().web_url).toMatch(/\/ipg\/web\/-\/issues$/);
    expect((await restIssue(iid)).statusCode).toBe(404);
  });

  it('is 404 for a user who may not see it (before the confirmation is looked at) and 403 for a developer', async () => {
    const { iid } = await newIssue();
    expect((await page('DELETE', `${base}/${iid}.json?destroy_confirm=true`, 'outsider')).statusCode).toBe(404);
    expect((await page('DELETE', `${base}/${iid}.json`, 'outsider')).statusCode).toBe(404);
    expect((await page('DELETE', `${base}/${iid}.json?destroy_confirm=true`, 'developer')).statusCode).toBe(403);
    expect((await restIssue(iid)).statusCode).toBe(200);
  });
});

describe('IE-21: the delete form (POST with _method=delete)', () => {
  it('deletes with destroy_confirm=true and redirects to the issues list', async () => {
    const { iid } = await newIssue();
    const res = await page('POST', `${base}/${iid}`, 'owner', '_method=delete&destroy_confirm=true');
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/\/ipg\/web\/-\/issues$/);
    expect((await restIssue(iid)).statusCode).toBe(404);
  });

  it('refuses a post without _method=delete (400) or without destroy_confirm (422); 404 for an outsider, 401 anonymous', async () => {
    const { iid } = await newIssue();
    expect((await page('POST', `${base}/${iid}`, 'owner', 'destroy_confirm=true')).statusCode).toBe(400);
    expect((await page('POST', `${base}/${iid}`, 'owner', '_method=put&destroy_confirm=true')).statusCode).toBe(400);
    expect((await page('POST', `${base}/${iid}`, 'owner', '_method=delete')).statusCode).toBe(422);
    expect((await page('POST', `${base}/${iid}`, 'outsider', '_method=delete&destroy_confirm=true')).statusCode).toBe(
      404,
    );
    expect((await page('POST', `${base}/${iid}`, undefined, '_method=delete&destroy_confirm=true')).statusCode).toBe(
      401,
    );
    expect((await restIssue(iid)).statusCode).toBe(200);
  });

  it('takes a cookie session CSRF token from the form (authenticity_token), and refuses a wrong one', async () => {
    const { cookies, csrfToken } = await createCookieSession(t.db, uid.owner as number);
    const form = (iid: number, extra: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/${iid}`,
        cookies,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `_method=delete&destroy_confirm=true${extra}`,
      });
    const { iid } = await newIssue();
    expect((await form(iid, '')).statusCode).toBe(403);
    expect((await form(iid, '&authenticity_token=wrong')).statusCode).toBe(403);
    expect((await restIssue(iid)).statusCode).toBe(200);
    const ok = await form(iid, `&authenticity_token=${csrfToken}`);
    expect(ok.statusCode, ok.body).toBe(302);
    expect((await restIssue(iid)).statusCode).toBe(404);
    // Elsewhere the form field is no substitute for the header.
    const other = await newIssue();
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base}/${other.iid}.json`,
      cookies,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `issue%5Btitle%5D=x&authenticity_token=${csrfToken}`,
    });
    expect(put.statusCode).toBe(403);
  });
});
