import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { expectStatuses, openMergeRequest } from '../../test/api-client';
import { MEMBER_PER_ROLE } from '../../test/named-namespaces';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE-83: the external status checks API — settings, a merge request's checks and answers, permissions, bad input. */
const t = useRestTestApp({
  prefix: 'sc_',
  users: ['maint', 'dev', 'reporter', 'guest', 'outsider'],
  admins: ['admin'],
  groups: { acme: { path: 'scacme' } },
  projects: {
    web: { path: 'web', group: 'acme', members: MEMBER_PER_ROLE },
    pub: { path: 'pub', group: 'acme', visibility: 20, members: { maint: AccessLevel.MAINTAINER } },
  },
});
const { api, pid } = t;
const checks = (project = pid.web) => `/projects/${project}/external_status_checks`;
let iid = 0;
let pubIid = 0;

beforeAll(async () => {
  const res = await api('PUT', '/application/settings', 'admin', {
    allow_local_requests_from_web_hooks_and_services: false,
  });
  expect(res.statusCode).toBe(200);
  iid = (await openMergeRequest(api, pid.web, 'dev', { title: 'Checked', source_branch: 'feature' })).iid;
  pubIid = (await openMergeRequest(api, pid.pub, 'maint', { title: 'Public', source_branch: 'feature' })).iid;
});

describe('project external status checks', () => {
  it('creates, lists, updates and deletes with GitLab’s shape, never answering the secret', async () => {
    const created = await api('POST', checks(), 'maint', {
      name: 'QA',
      external_url: 'https://93.184.216.34/qa/check?token=abc',
      shared_secret: 'hmac-secret',
      protected_branch_ids: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const check = created.json();
    expect(check).toEqual({
      id: expect.any(Number),
      name: 'QA',
      project_id: pid.web,
      external_url: 'https://93.184.216.34/qa/check?token=abc',
      protected_branches: [],
      hmac: true,
    });

    const list = await api('GET', checks(), 'maint');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('1');
    expect(list.json()).toEqual([check]);

    const renamed = await api('PUT', `${checks()}/${check.id}`, 'maint', { name: 'QA 2', shared_secret: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: check.id, name: 'QA 2', hmac: false });

    // A merge request's view strips the URL's query string (it may carry a token).
    const mrChecks = await api('GET', `/projects/${pid.web}/merge_requests/${iid}/status_checks`, 'dev');
    expect(mrChecks.statusCode).toBe(200);
    expect(mrChecks.json()).toEqual([
      { id: check.id, name: 'QA 2', external_url: 'https://93.184.216.34/qa/check', status: 'pending' },
    ]);

    expect((await api('DELETE', `${checks()}/${check.id}`, 'maint')).statusCode).toBe(204);
    const gone = await api('DELETE', `${checks()}/${check.id}`, 'maint');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: '404 Not found' });
    expect((await api('GET', checks(), 'maint')).json()).toEqual([]);
  });

  it('refuses a taken name or URL and a URL the SSRF guard blocks with GitLab’s 422', async () => {
    const first = await api('POST', checks(), 'maint', { name: 'Dup', external_url: 'https://93.184.216.34/dup' });
    expect(first.statusCode).toBe(201);
    const taken = await api('POST', checks(), 'maint', { name: 'Dup', external_url: 'https://93.184.216.34/dup' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: ['External url has already been taken', 'Name has already been taken'] });
    const blocked: Array<[string, string]> = [
      ['http://127.0.0.1:9/x', 'Requests to loopback addresses are not allowed'],
      ['http://10.0.0.5/x', 'Requests to the local network are not allowed'],
      ['http://169.254.169.254/latest', 'Requests to the link local network are not allowed'],
      ['ftp://example.com/x', 'Only allowed schemes are http, https'],
    ];
    for (const [url, reason] of blocked) {
      const res = await api('POST', checks(), 'maint', { name: `B ${url}`, external_url: url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ message: [`External url is blocked: ${reason}`] });
    }
    const moved = await api('PUT', `${checks()}/${first.json().id}`, 'maint', { external_url: 'http://[::1]/x' });
    expect(moved.statusCode).toBe(422);
    // The same name in another project is fine.
    expect(
      (await api('POST', checks(pid.pub), 'maint', { name: 'Dup', external_url: 'https://93.184.216.34/dup' }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 400 naming the parameter for bad input', async () => {
    type BadCase = [string, string, object | undefined, string];
    const checkUrl = 'https://93.184.216.34/a';
    const badCheck = (extra: object, field: string): BadCase => [
      'POST',
      checks(),
      { name: 'x', external_url: checkUrl, ...extra },
      field,
    ];
    const responses = `/projects/${pid.web}/merge_requests/${iid}/status_check_responses`;
    const answer = { external_status_check_id: 1, sha: 'a'.repeat(40), status: 'passed' };
    const badAnswer = (change: object, field: string): BadCase => ['POST', responses, { ...answer, ...change }, field];
    const cases: BadCase[] = [
      ['POST', checks(), { external_url: checkUrl }, 'name'],
      ['POST', checks(), { name: 'x' }, 'external_url'],
      badCheck({ name: 'x'.repeat(256) }, 'name'),
      badCheck({ external_url: `${checkUrl}/${'a'.repeat(2048)}` }, 'external_url'),
      badCheck({ shared_secret: 's'.repeat(256) }, 'shared_secret'),
      badCheck({ protected_branch_ids: [5] }, 'protected_branch_ids'),
      badCheck({ protected_branch_ids: 'abc' }, 'protected_branch_ids.0'),
      ['PUT', `${checks()}/abc`, { name: 'x' }, 'check_id'],
      ['PUT', `${checks()}/0`, { name: 'x' }, 'check_id'],
      ['GET', `/projects/${pid.web}/merge_requests/0/status_checks`, undefined, 'merge_request_iid'],
      ['GET', `/projects/${pid.web}/merge_requests/abc/status_checks`, undefined, 'merge_request_iid'],
      badAnswer({ external_status_check_id: undefined }, 'external_status_check_id'),
      badAnswer({ sha: undefined }, 'sha'),
      badAnswer({ sha: 'z'.repeat(40) }, 'sha'),
      badAnswer({ sha: 'a'.repeat(65) }, 'sha'),
      badAnswer({ status: 'approved' }, 'status'),
      badAnswer({ external_status_check_id: -1 }, 'external_status_check_id'),
      [
        'POST',
        `/projects/${pid.web}/merge_requests/${iid}/status_checks/x/retry`,
        undefined,
        'external_status_check_id',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const who = url.includes('merge_requests') ? 'dev' : 'maint';
      const res = await api(method as 'POST', url, who, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().field, `${method} ${url}`).toBe(field);
    }
  });

  it('lets Maintainers manage checks: 403 for lower roles, 404 for outsiders of a private project, 401 anonymous', async () => {
    const made = await api('POST', checks(), 'maint', { name: 'Perm', external_url: 'https://93.184.216.34/perm' });
    expect(made.statusCode).toBe(201);
    const one = `${checks()}/${made.json().id}`;
    const body = { name: 'New', external_url: 'https://93.184.216.34/new' };
    await expectStatuses(t.api, [
      ['GET', checks(), 'admin', undefined, 200],
      ['GET', checks(), 'dev', undefined, 403],
      ['GET', checks(), 'reporter', undefined, 403],
      ['GET', checks(), 'guest', undefined, 403],
      ['GET', checks(), 'outsider', undefined, 404],
      ['GET', checks(), undefined, undefined, 401],
      ['POST', checks(), 'dev', body, 403],
      ['POST', checks(), 'outsider', body, 404],
      ['POST', checks(), undefined, body, 401],
      ['PUT', one, 'dev', { name: 'x' }, 403],
      ['PUT', one, 'outsider', { name: 'x' }, 404],
      ['DELETE', one, 'dev', undefined, 403],
      ['DELETE', one, 'outsider', undefined, 404],
      ['DELETE', one, undefined, undefined, 401],
      // A public project is seen by everyone, managed by its Maintainers only.
      ['GET', checks(pid.pub), 'outsider', undefined, 403],
      ['GET', checks(pid.pub), undefined, undefined, 401],
      // Another project's check is not found through this one.
      ['DELETE', `${checks(pid.pub)}/${made.json().id}`, 'maint', undefined, 404],
      ['DELETE', one, 'maint', undefined, 204],
    ]);
  });
});

describe('merge request status checks', () => {
  it('lets Developers list, answer and retry: 403 for Reporters, 404 for hidden merge requests and unknown checks', async () => {
    const made = await api('POST', checks(), 'maint', {
      name: 'MR perm',
      external_url: 'https://93.184.216.34/mrperm',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const mr = `/projects/${pid.web}/merge_requests/${iid}`;
    const answer = { external_status_check_id: id, sha: 'a'.repeat(40), status: 'failed' };
    await expectStatuses(t.api, [
      ['GET', `${mr}/status_checks`, 'dev', undefined, 200],
      ['GET', `${mr}/status_checks`, 'maint', undefined, 200],
      ['GET', `${mr}/status_checks`, 'reporter', undefined, 403],
      ['GET', `${mr}/status_checks`, 'guest', undefined, 403],
      ['GET', `${mr}/status_checks`, 'outsider', undefined, 404],
      ['GET', `${mr}/status_checks`, undefined, undefined, 401],
      ['GET', `/projects/${pid.web}/merge_requests/999999/status_checks`, 'dev', undefined, 404],
      ['POST', `${mr}/status_check_responses`, 'reporter', answer, 403],
      ['POST', `${mr}/status_check_responses`, 'outsider', answer, 404],
      ['POST', `${mr}/status_check_responses`, undefined, answer, 401],
      ['POST', `${mr}/status_check_responses`, 'dev', { ...answer, external_status_check_id: 999999 }, 404],
      ['POST', `${mr}/status_check_responses`, 'dev', answer, 201],
      ['POST', `${mr}/status_checks/${id}/retry`, 'reporter', undefined, 403],
      ['POST', `${mr}/status_checks/${id}/retry`, 'outsider', undefined, 404],
      ['POST', `${mr}/status_checks/${id}/retry`, undefined, undefined, 401],
      ['POST', `${mr}/status_checks/999999/retry`, 'dev', undefined, 404],
      ['POST', `${mr}/status_checks/${id}/retry`, 'dev', undefined, 202],
      // A public project's merge request: outsiders see it but may not answer for it.
      ['GET', `/projects/${pid.pub}/merge_requests/${pubIid}/status_checks`, 'outsider', undefined, 403],
      ['GET', `/projects/${pid.pub}/merge_requests/${pubIid}/status_checks`, 'maint', undefined, 200],
      // The check belongs to another project: not found through this merge request.
      ['POST', `/projects/${pid.pub}/merge_requests/${pubIid}/status_checks/${id}/retry`, 'maint', undefined, 404],
      ['DELETE', `${checks()}/${id}`, 'maint', undefined, 204],
    ]);
  });
});
