import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { expectStatuses, postCreated } from '../../test/api-client';
import { createGroup, createGroupMembers, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

/** GitLab's Project and Group webhooks APIs: CRUD, permissions, validation, SSRF refusals (issue 27 item 4). */

const t = useRestTestApp({ prefix: 'wh-', users: ['outsider'], admins: ['admin'] });
const { api } = t;
let groupId = 0;
let projectId = 0;
let hiddenProjectId = 0;

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'wh' });
  groupId = group.id;
  const sub = await createGroup(t.db, { path: 'sub', parentId: group.id });
  projectId = (await createProject(t.db, { namespaceId: sub.id, path: 'app' })).id;
  const hidden = await createGroup(t.db, { path: 'wh-hidden' });
  hiddenProjectId = (await createProject(t.db, { namespaceId: hidden.id, path: 'secret' })).id;
  const members = await createGroupMembers(t.db, group.id, 'wh-', [
    ['owner', AccessLevel.OWNER],
    ['maint', AccessLevel.MAINTAINER],
    ['dev', AccessLevel.DEVELOPER],
  ]);
  Object.assign(t.tok, members.tokens);
});

const setLocalRequests = async (on: boolean) => {
  const res = await api('PUT', '/application/settings', 'admin', {
    allow_local_requests_from_web_hooks_and_services: on,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().allow_local_requests_from_web_hooks_and_services).toBe(on);
};

describe('project hooks', () => {
  it('creates, lists, reads, updates and deletes a hook with GitLab fields; the token and secret values are never returned', async () => {
    await setLocalRequests(true);
    const hook = await postCreated(api, `/projects/${projectId}/hooks`, 'maint', {
      url: 'http://127.0.0.1:9/{path}',
      name: 'CI',
      description: 'our bot',
      token: 's3cret',
      issues_events: true,
      note_events: 'true',
      custom_headers: [{ key: 'X-Custom', value: 'hidden-value' }],
      url_variables: [{ key: 'path', value: 'hook' }],
    });
    expect(hook).toMatchObject({
      url: 'http://127.0.0.1:9/{path}',
      name: 'CI',
      description: 'our bot',
      project_id: projectId,
      push_events: true,
      issues_events: true,
      confidential_issues_events: false,
      note_events: true,
      merge_requests_events: false,
      enable_ssl_verification: true,
      alert_status: 'executable',
      disabled_until: null,
      custom_headers: [{ key: 'X-Custom' }],
      url_variables: [{ key: 'path' }],
    });
    expect(typeof hook.id).toBe('number');
    expect(hook.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(hook)).not.toMatch(/s3cret|hidden-value/);
    expect(hook).not.toHaveProperty('token');
    expect(hook).not.toHaveProperty('group_id');

    const list = await api('GET', `/projects/${projectId}/hooks`, 'maint');
    expect(list.json().map((h: { id: number }) => h.id)).toEqual([hook.id]);
    expect((await api('GET', `/projects/wh%2Fsub%2Fapp/hooks/${hook.id}`, 'maint')).json().name).toBe('CI');

    const updated = await api('PUT', `/projects/${projectId}/hooks/${hook.id}`, 'maint', {
      merge_requests_events: true,
      push_events: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ merge_requests_events: true, push_events: false, issues_events: true });

    expect((await api('DELETE', `/projects/${projectId}/hooks/${hook.id}`, 'maint')).statusCode).toBe(204);
    const gone = await api('GET', `/projects/${projectId}/hooks/${hook.id}`, 'maint');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: '404 Project Hook Not Found' });
  });

  it('needs Maintainer for project hooks and Owner for group hooks: 403 for members below, 404 for what the user cannot see, 401 anonymous', async () => {
    await setLocalRequests(true);
    const url = 'http://127.0.0.1:9/hook';
    await expectStatuses(api, [
      ['GET', `/projects/${projectId}/hooks`, 'dev', undefined, 403],
      ['POST', `/projects/${projectId}/hooks`, 'dev', { url }, 403],
      ['GET', `/projects/${projectId}/hooks`, 'outsider', undefined, 404],
      ['GET', `/projects/${hiddenProjectId}/hooks`, 'maint', undefined, 404],
      ['GET', `/projects/${projectId}/hooks`, undefined, undefined, 404],
      ['POST', `/projects/${projectId}/hooks`, undefined, { url }, 401],
      ['GET', `/groups/${groupId}/hooks`, 'maint', undefined, 403],
      ['POST', `/groups/${groupId}/hooks`, 'maint', { url }, 403],
      ['GET', '/groups/wh-hidden/hooks', 'owner', undefined, 404],
      ['GET', `/projects/${projectId}/hooks/999999`, 'maint', undefined, 404],
      ['GET', `/groups/${groupId}/hooks/999999`, 'owner', undefined, 404],
    ]);
    const group = await postCreated(api, `/groups/${groupId}/hooks`, 'owner', { url, subgroup_events: true });
    expect(group).toMatchObject({ group_id: groupId, subgroup_events: true, member_events: false });
    expect(group).not.toHaveProperty('project_id');
    // A project's hook is not reachable through the group's path, nor the other way round.
    expect((await api('GET', `/projects/${projectId}/hooks/${group.id}`, 'owner')).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{}, /^url is missing/],
      [{ url: `http://example.com/${'a'.repeat(2048)}` }, /^url is too long/],
      [{ url: 'http://127.0.0.1/', name: 'n'.repeat(256) }, /^name is too long/],
      [{ url: 'http://127.0.0.1/', custom_headers: [{ key: 'Bad Header', value: 'x' }] }, /^custom_headers/],
      [{ url: 'http://127.0.0.1/', url_variables: [{ key: 'a-b', value: 'x' }] }, /^url_variables/],
      [{ url: 'http://127.0.0.1/', issues_events: 'maybe' }, /^issues_events/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', `/projects/${projectId}/hooks`, 'maint', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it('refuses local and private addresses with GitLab 422 unless allow_local_requests_from_web_hooks_and_services is on', async () => {
    await setLocalRequests(false);
    const blocked: Array<[string, string]> = [
      ['http://127.0.0.1:8080/hook', 'Requests to loopback addresses are not allowed'],
      ['http://10.0.0.8/hook', 'Requests to the local network are not allowed'],
      ['http://169.254.169.254/latest/meta-data/', 'Requests to the link local network are not allowed'],
      ['http://[::1]/hook', 'Requests to loopback addresses are not allowed'],
      ['http://[::ffff:127.0.0.1]/hook', 'Requests to loopback addresses are not allowed'],
      ['http://localhost:8080/hook', 'Requests to loopback addresses are not allowed'],
      ['gopher://example.com/', 'Only allowed schemes are http, https'],
      ['http://{host}/hook', 'Requests to loopback addresses are not allowed'],
    ];
    for (const [url, message] of blocked) {
      const res = await api('POST', `/projects/${projectId}/hooks`, 'maint', {
        url,
        ...(url.includes('{host}') ? { url_variables: [{ key: 'host', value: '127.0.0.1' }] } : {}),
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ message: { url: [`is blocked: ${message}`] } });
    }
    await setLocalRequests(true);
    const allowed = await postCreated(api, `/projects/${projectId}/hooks`, 'maint', {
      url: 'http://127.0.0.1:8080/hook',
    });
    await setLocalRequests(false);
    const moved = await api('PUT', `/projects/${projectId}/hooks/${allowed.id}`, 'maint', {
      url: 'http://10.1.1.1/',
    });
    expect(moved.statusCode).toBe(422);
  });

  it('only administrators change the local-requests setting', async () => {
    const res = await api('PUT', '/application/settings', 'owner', {
      allow_local_requests_from_web_hooks_and_services: true,
    });
    expect(res.statusCode).toBe(403);
  });
});
