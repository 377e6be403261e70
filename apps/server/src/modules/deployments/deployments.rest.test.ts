import { APPROVAL_MESSAGES } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { postCreated } from '../../test/api-client';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE-75, IE-79, IE-80: environments, deployments, protected environments, approvals, deployment frequency. */
const t = useRestTestApp({
  prefix: 'dep_',
  users: ['maint', 'maint2', 'dev', 'reporter', 'outsider', 'gmaint'],
  admins: ['admin'],
  groups: {
    acme: { path: 'depacme', members: { gmaint: AccessLevel.MAINTAINER } },
    team: { path: 'depteam' },
  },
  projects: {
    web: {
      path: 'web',
      group: 'acme',
      members: {
        maint: AccessLevel.MAINTAINER,
        maint2: AccessLevel.MAINTAINER,
        dev: AccessLevel.DEVELOPER,
        reporter: AccessLevel.REPORTER,
      },
    },
    other: { path: 'other', group: 'acme', members: { maint: AccessLevel.MAINTAINER } },
  },
});
const { api, pid, gid, uid } = t;

const deploy = (env: string, status = 'success') => ({
  environment: env,
  sha: 'a'.repeat(40),
  ref: 'main',
  tag: false,
  status,
});

describe('environments', () => {
  it('creates, lists, reads, edits, stops and deletes with GitLab’s fields', async () => {
    const p = `/projects/${pid.web}/environments`;
    const env = await postCreated(api, p, 'dev', {
      name: 'review/feature-1',
      external_url: 'https://review.example.com',
    });
    expect(env).toMatchObject({
      name: 'review/feature-1',
      external_url: 'https://review.example.com',
      state: 'available',
      tier: 'development',
    });
    expect(env.slug).toMatch(/^review-feature-1-[a-z0-9]{6}$/);
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(['id', 'name', 'slug', 'external_url', 'state', 'tier', 'created_at', 'updated_at']),
    );
    expect((await api('POST', p, 'dev', { name: 'review/feature-1' })).statusCode).toBe(400);
    const bad = await api('POST', p, 'dev', { name: '/bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('name');
    expect((await api('POST', p, 'dev', {})).json()).toMatchObject({ error: 'name is missing' });
    expect((await api('POST', p, 'reporter', { name: 'x' })).statusCode).toBe(403);

    const list = await api('GET', `${p}?search=feature`, 'reporter');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { name: string }) => e.name)).toEqual(['review/feature-1']);

    const one = await api('GET', `${p}/${env.id}`, 'reporter');
    expect(one.json()).toMatchObject({ id: env.id, last_deployment: null });

    const edited = await api('PUT', `${p}/${env.id}`, 'dev', { tier: 'staging', external_url: '' });
    expect(edited.json()).toMatchObject({ tier: 'staging', external_url: null });

    expect((await api('DELETE', `${p}/${env.id}`, 'dev')).statusCode).toBe(403);
    const stopped = await api('POST', `${p}/${env.id}/stop`, 'dev');
    expect(stopped.json().state).toBe('stopped');
    expect((await api('DELETE', `${p}/${env.id}`, 'dev')).statusCode).toBe(204);
    expect((await api('GET', `${p}/${env.id}`, 'dev')).statusCode).toBe(404);
  });

  it('is 404 for a non-member of a private project and 401/403 for writes', async () => {
    expect((await api('GET', `/projects/${pid.web}/environments`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${pid.web}/deployments`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${pid.web}/protected_environments`, 'outsider')).statusCode).toBe(404);
    expect((await api('POST', `/projects/${pid.web}/environments`, undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await api('GET', `/projects/${pid.web}/protected_environments`, 'dev')).statusCode).toBe(403);
  });
});

describe('deployments', () => {
  it('records deployments, creating an unknown environment, and updates their status', async () => {
    const d = await postCreated(api, `/projects/${pid.web}/deployments`, 'dev', deploy('staging', 'running'));
    expect(d).toMatchObject({
      iid: 1,
      ref: 'main',
      sha: 'a'.repeat(40),
      status: 'running',
      user: { id: uid.dev },
      environment: { name: 'staging' },
      deployable: null,
      pending_approval_count: 0,
      approvals: [],
    });
    const envs = await api('GET', `/projects/${pid.web}/environments?name=staging`, 'dev');
    expect(envs.json()[0]).toMatchObject({ name: 'staging', tier: 'staging' });

    const done = await api('PUT', `/projects/${pid.web}/deployments/${d.id}`, 'dev', { status: 'success' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('success');
    expect((await api('PUT', `/projects/${pid.web}/deployments/${d.id}`, 'dev', { status: 'nope' })).statusCode).toBe(
      400,
    );
    expect(
      (await api('PUT', `/projects/${pid.web}/deployments/${d.id}`, 'reporter', { status: 'failed' })).statusCode,
    ).toBe(403);
    const list = await api('GET', `/projects/${pid.web}/deployments?environment=staging`, 'reporter');
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect((await api('POST', `/projects/${pid.web}/deployments`, 'dev', { environment: 'x' })).json()).toMatchObject({
      error: 'sha is missing',
    });
    const badName = await api('POST', `/projects/${pid.web}/deployments`, 'dev', deploy('/nope'));
    expect(badName.statusCode).toBe(400);
    expect(badName.json().field).toBe('environment');
  });
});

describe('protected environments and approvals', () => {
  it('lets Maintainers protect an environment; approvals unblock its deployments', async () => {
    const p = `/projects/${pid.web}/protected_environments`;
    const body = { name: 'production', deploy_access_levels: [{ access_level: 30 }], required_approval_count: 1 };
    expect((await api('POST', p, 'dev', body)).statusCode).toBe(403);
    const created = await api('POST', p, 'maint', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'production',
      required_approval_count: 1,
      deploy_access_levels: [
        { access_level: 30, access_level_description: 'Developers + Maintainers', user_id: null, group_id: null },
      ],
      approval_rules: [],
    });
    expect((await api('POST', p, 'maint', body)).statusCode).toBe(422);
    expect((await api('GET', `${p}/production`, 'maint')).json().name).toBe('production');
    expect((await api('GET', p, 'maint')).json()).toHaveLength(1);

    const d = await postCreated(api, `/projects/${pid.web}/deployments`, 'maint', deploy('production'));
    expect(d).toMatchObject({ status: 'blocked', pending_approval_count: 1 });
    expect(d.approval_summary).toMatchObject({ status: 'pending_approval', total_required_approvals: 1 });
    const url = `/projects/${pid.web}/deployments/${d.id}`;

    const early = await api('PUT', url, 'maint', { status: 'success' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: { status: ['cannot transition via "succeed"'] } });

    const own = await api('POST', `${url}/approval`, 'maint', { status: 'approved' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: APPROVAL_MESSAGES.ownDeployment });
    const reporter = await api('POST', `${url}/approval`, 'reporter', { status: 'approved' });
    expect(reporter.json()).toEqual({ message: APPROVAL_MESSAGES.noPermission });
    expect((await api('POST', `${url}/approval`, 'maint2', { status: 'maybe' })).statusCode).toBe(400);

    // Viewers who may approve see it; the author and a Reporter do not.
    expect((await api('GET', url, 'maint2')).json().can_approve).toBe(true);
    expect((await api('GET', url, 'maint')).json().can_approve).toBe(false);
    expect((await api('GET', url, 'reporter')).json().can_approve).toBe(false);

    const rejected = await api('POST', `${url}/approval`, 'dev', { status: 'rejected', comment: 'not yet' });
    expect(rejected.statusCode, rejected.body).toBe(201);
    expect(rejected.json()).toMatchObject({ status: 'rejected', comment: 'not yet', user: { id: uid.dev } });
    let now = (await api('GET', url, 'maint')).json();
    expect(now).toMatchObject({
      status: 'blocked',
      pending_approval_count: 1,
      approval_summary: { status: 'rejected' },
    });
    // Changing one's mind.
    await api('POST', `${url}/approval`, 'dev', { status: 'approved', comment: 'ok now' });
    now = (await api('GET', url, 'maint')).json();
    expect(now).toMatchObject({ status: 'created', pending_approval_count: 0 });
    expect(now.approvals).toEqual([expect.objectContaining({ status: 'approved', comment: 'ok now' })]);
    const again = await api('POST', `${url}/approval`, 'maint2', { status: 'approved' });
    expect(again.json()).toEqual({ message: APPROVAL_MESSAGES.notBlocked });

    expect((await api('PUT', url, 'maint', { status: 'success' })).json().status).toBe('success');

    // Unprotected: approvals are refused with GitLab's message.
    const plain = (await api('POST', `/projects/${pid.web}/deployments`, 'dev', deploy('canary'))).json();
    const refused = await api('POST', `/projects/${pid.web}/deployments/${plain.id}/approval`, 'maint', {
      status: 'approved',
    });
    expect(refused.json()).toEqual({ message: APPROVAL_MESSAGES.notProtected });

    // Updating the deploy access levels to Maintainers keeps Developers from deploying there.
    const upd = await api('PUT', `${p}/production`, 'maint', { deploy_access_levels: [{ access_level: 40 }] });
    expect(upd.json().deploy_access_levels).toEqual([expect.objectContaining({ access_level: 40 })]);
    expect((await api('POST', `/projects/${pid.web}/deployments`, 'dev', deploy('production'))).statusCode).toBe(403);
    expect((await api('DELETE', `${p}/production`, 'maint')).statusCode).toBe(204);
    expect((await api('GET', `${p}/production`, 'maint')).statusCode).toBe(404);
  });

  it('approval rules: a named group approves, represented_as picks the rule', async () => {
    const p = `/projects/${pid.other}/protected_environments`;
    const res = await api('POST', p, 'maint', {
      name: 'prod-eu',
      deploy_access_levels: [{ access_level: 40 }],
      approval_rules: [{ group_id: gid.acme, required_approvals: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().approval_rules[0]).toMatchObject({
      group_id: gid.acme,
      required_approvals: 1,
      access_level_description: 'depacme',
    });
    const d = (await api('POST', `/projects/${pid.other}/deployments`, 'maint', deploy('prod-eu'))).json();
    expect(d).toMatchObject({ status: 'blocked', pending_approval_count: 1 });
    const url = `/projects/${pid.other}/deployments/${d.id}/approval`;
    expect((await api('POST', url, 'gmaint', { status: 'approved', represented_as: 'Someone' })).json()).toEqual({
      message: APPROVAL_MESSAGES.noRuleForRepresentedAs,
    });
    const ok = await api('POST', url, 'gmaint', { status: 'approved', represented_as: 'depacme' });
    expect(ok.statusCode, ok.body).toBe(201);
    const after = (await api('GET', `/projects/${pid.other}/deployments/${d.id}`, 'maint')).json();
    expect(after.status).toBe('created');
    expect(after.approval_summary.rules[0].deployment_approvals).toHaveLength(1);
  });

  it('group protections apply by tier to the group’s projects', async () => {
    const g = `/groups/${gid.acme}/protected_environments`;
    expect(
      (await api('POST', g, 'gmaint', { name: 'prod', deploy_access_levels: [{ access_level: 40 }] })).statusCode,
    ).toBe(400);
    const made = await api('POST', g, 'gmaint', {
      name: 'staging',
      deploy_access_levels: [{ access_level: 40 }],
      required_approval_count: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await api('POST', g, 'maint', { name: 'testing', deploy_access_levels: [{ access_level: 40 }] })).statusCode,
    ).toBe(403);
    const d = (await api('POST', `/projects/${pid.web}/deployments`, 'maint', deploy('staging'))).json();
    expect(d).toMatchObject({ status: 'blocked', pending_approval_count: 2 });
    expect((await api('GET', `${g}/staging`, 'gmaint')).json().required_approval_count).toBe(2);
    expect((await api('DELETE', `${g}/staging`, 'gmaint')).statusCode).toBe(204);
  });
});

describe('deployment frequency', () => {
  it('counts successful production deployments with GitLab’s shape and 400s', async () => {
    const url = `/projects/${pid.other}/analytics/deployment_frequency`;
    await api('POST', `/projects/${pid.other}/deployments`, 'maint', deploy('production'));
    await api('POST', `/projects/${pid.other}/deployments`, 'maint', deploy('production', 'failed'));
    await api('POST', `/projects/${pid.other}/deployments`, 'maint', deploy('dev'));
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const all = await api('GET', `${url}?from=${from}`, 'maint');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([{ value: 1, from: from.slice(0, 10), to: new Date().toISOString().slice(0, 10) }]);
    const daily = await api('GET', `${url}?from=${from}&interval=daily`, 'maint');
    expect(daily.json().reduce((s: number, b: { value: number }) => s + b.value, 0)).toBe(1);
    expect((await api('GET', url, 'maint')).json()).toMatchObject({ error: 'from is missing' });
    expect((await api('GET', `${url}?from=2020-01-01&to=2021-06-01`, 'maint')).json()).toMatchObject({
      error: 'Date range is greater than 365 days',
    });
    expect((await api('GET', `${url}?from=2021-01-01&interval=weekly`, 'maint')).statusCode).toBe(400);
    expect((await api('GET', `${url}?from=${from}`, 'outsider')).statusCode).toBe(404);
  });
});
