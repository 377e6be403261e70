import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { createGroup } from '../../test/factories';
import { useGroupProjectApp } from '../../test/group-project-app';
import { deliveredSince, useSmtpSink } from '../../test/use-smtp-sink';

/**
 * Issue 29: `PUT /groups/:id` stores the GitLab group settings that mean something in Meridian
 * (`emails_enabled`, `project_creation_level`, `subgroup_creation_level`), answers them on
 * `GET /groups/:id`, refuses bad values and the settings of features Meridian lacks with a 400
 * naming the field, and ignores parameters GitLab does not know.
 */
const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '50' };
const sink = useSmtpSink(env);
const t = useGroupProjectApp(
  {
    group: 'gs',
    prefix: 'gs-',
    members: {
      owner: AccessLevel.OWNER,
      maintainer: AccessLevel.MAINTAINER,
      dev: AccessLevel.DEVELOPER,
      watcher: AccessLevel.DEVELOPER,
    },
    outsiders: ['stranger'],
    admins: ['admin'],
  },
  env,
);
const { api } = t;

async function put(body: object, who = 'owner', id: number | string = t.groupId) {
  const res = await api('PUT', `/groups/${id}`, who, body);
  return { status: res.statusCode, json: res.json() };
}

describe('GET /groups/:id', () => {
  it("answers GitLab's defaults: projects by Developers, subgroups by Maintainers, emails on", async () => {
    const res = await api('GET', `/groups/${t.groupId}`, 'dev');
    expect(res.json()).toMatchObject({
      project_creation_level: 'developer',
      subgroup_creation_level: 'maintainer',
      emails_enabled: true,
      emails_disabled: false,
      request_access_enabled: false,
      lfs_enabled: false,
      share_with_group_lock: false,
      mentions_disabled: null,
    });
  });
});

describe('PUT /groups/:id settings', () => {
  it('stores and answers the settings; GET answers them too', async () => {
    const res = await put({ project_creation_level: 'maintainer', subgroup_creation_level: 'owner' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ project_creation_level: 'maintainer', subgroup_creation_level: 'owner' });
    const read = await api('GET', `/groups/${t.groupId}`, 'dev');
    expect(read.json()).toMatchObject({ project_creation_level: 'maintainer', subgroup_creation_level: 'owner' });
    await put({ project_creation_level: 'developer', subgroup_creation_level: 'maintainer' });
  });

  it.each([
    [{ project_creation_level: 'reporter' }, 'project_creation_level'],
    [{ subgroup_creation_level: 'developer' }, 'subgroup_creation_level'],
    [{ emails_enabled: 'sometimes' }, 'emails_enabled'],
    [{ emails_enabled: true, emails_disabled: true }, 'emails_enabled'],
  ])('400 naming the field for a bad value: %j', async (body, field) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(new RegExp(`^${field}`));
  });

  it.each([
    [{ lfs_enabled: true }, /^lfs_enabled is invalid: not supported: Meridian has no repositories \(only false/],
    [{ request_access_enabled: 'true' }, /^request_access_enabled .*no access requests/],
    [{ require_two_factor_authentication: true }, /^require_two_factor_authentication .*two-factor/],
    [{ mentions_disabled: true }, /^mentions_disabled .*group mentions/],
    [{ share_with_group_lock: true }, /^share_with_group_lock /],
    [{ auto_devops_enabled: true }, /^auto_devops_enabled .*CI\/CD/],
    [{ default_branch: 'main' }, /^default_branch /],
    [{ shared_runners_setting: 'enabled' }, /^shared_runners_setting .*CI\/CD/],
    [{ ip_restriction_ranges: '10.0.0.0/8' }, /^ip_restriction_ranges /],
    [{ duo_features_enabled: false }, /^duo_features_enabled .*duo_availability/],
  ])('a GitLab setting Meridian has no feature for is a 400 saying why, not dropped: %j', async (body, error) => {
    const res = await put({ description: 'not saved', ...body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(error);
    const read = await api('GET', `/groups/${t.groupId}`, 'owner');
    expect(read.json().description).not.toBe('not saved');
  });

  it('accepts back what GET answered for those settings, and ignores parameters GitLab does not know', async () => {
    const read = (await api('GET', `/groups/${t.groupId}`, 'owner')).json();
    const fields = [
      'share_with_group_lock',
      'require_two_factor_authentication',
      'two_factor_grace_period',
      'project_creation_level',
      'auto_devops_enabled',
      'subgroup_creation_level',
      'emails_disabled',
      'emails_enabled',
      'mentions_disabled',
      'lfs_enabled',
      'default_branch',
      'request_access_enabled',
    ];
    const roundTrip = Object.fromEntries(fields.map((f) => [f, read[f]]));
    const res = await put({ ...roundTrip, description: 'round trip', not_a_gitlab_setting: 'x' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ ...roundTrip, description: 'round trip' });
    // Form-encoded, as curl sends it.
    const form = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/groups/${t.groupId}`,
      headers: { 'private-token': t.tok.owner, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lfs_enabled=false&request_access_enabled=0&wiki_access_level=disabled&avatar=',
    });
    expect(form.statusCode, form.body).toBe(200);
  });

  it('403 for a Maintainer, 404 for a stranger on the private group, 401 anonymous', async () => {
    expect((await put({ emails_enabled: false }, 'maintainer')).status).toBe(403);
    expect((await put({ emails_enabled: false }, 'stranger')).status).toBe(404);
    expect((await api('PUT', `/groups/${t.groupId}`, undefined, { emails_enabled: false })).statusCode).toBe(401);
    const read = await api('GET', `/groups/${t.groupId}`, 'owner');
    expect(read.json().emails_enabled).toBe(true);
  });

  it('POST /groups takes the settings too', async () => {
    const res = await api('POST', '/groups', 'admin', {
      name: 'Made',
      path: 'gs-made',
      project_creation_level: 'noone',
      emails_disabled: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ project_creation_level: 'noone', emails_enabled: false });
    const refused = await api('POST', '/groups', 'admin', { name: 'No', path: 'gs-no', lfs_enabled: true });
    expect(refused.statusCode).toBe(400);
  });
});

describe('who may create projects and subgroups', () => {
  const newProject = (who: string, path: string) =>
    api('POST', '/projects', who, { name: path, path, namespace_id: t.groupId });
  const newSubgroup = (who: string, path: string) =>
    api('POST', '/groups', who, { name: path, path, parent_id: t.groupId });

  it.each([
    ['developer', { dev: 201, maintainer: 201, owner: 201, admin: 201 }],
    ['maintainer', { dev: 403, maintainer: 201, owner: 201, admin: 201 }],
    ['owner', { dev: 403, maintainer: 403, owner: 201, admin: 201 }],
    ['administrator', { dev: 403, maintainer: 403, owner: 403, admin: 201 }],
    ['noone', { dev: 403, maintainer: 403, owner: 403, admin: 403 }],
  ])('project_creation_level %s', async (level, expected) => {
    expect((await put({ project_creation_level: level })).status).toBe(200);
    for (const [who, status] of Object.entries(expected)) {
      const res = await newProject(who, `p-${level}-${who}`);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
    const perms = await api('GET', `/groups/${t.groupId}`, 'dev');
    expect(perms.statusCode).toBe(200);
  });

  it.each([
    ['maintainer', { dev: 403, maintainer: 201, owner: 201, admin: 201 }],
    ['owner', { dev: 403, maintainer: 403, owner: 201, admin: 201 }],
  ])('subgroup_creation_level %s', async (level, expected) => {
    expect((await put({ subgroup_creation_level: level })).status).toBe(200);
    for (const [who, status] of Object.entries(expected)) {
      const res = await newSubgroup(who, `s-${level}-${who}`);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
  });
});

describe('emails_enabled', () => {
  /** The emails a new issue in the group's project (or `projectId`) sends to the watcher. */
  async function emailsForNewIssue(projectId = t.projectId): Promise<number> {
    const mark = sink.received.length;
    const res = await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'Mail me' });
    expect(res.statusCode).toBe(201);
    const mails = await deliveredSince(t.db, sink, mark);
    return mails.filter((m) => m.to.includes('gs-watcher@example.com')).length;
  }

  it('turned off, the group and the groups below send no notification email; back on, they do', async () => {
    const watch = await api('PUT', `/groups/${t.groupId}/notification_settings`, 'watcher', { level: 'watch' });
    expect(watch.statusCode).toBe(200);
    expect(await emailsForNewIssue()).toBe(1);

    const sub = await createGroup(t.db, { path: 'below', parentId: t.groupId });
    const subProject = await api('POST', '/projects', 'owner', { name: 'sp', path: 'sp', namespace_id: sub.id });
    expect(subProject.statusCode, subProject.body).toBe(201);

    expect((await put({ emails_disabled: true })).json).toMatchObject({ emails_enabled: false, emails_disabled: true });
    expect(await emailsForNewIssue()).toBe(0);
    expect(await emailsForNewIssue(subProject.json().id)).toBe(0);
    // The subgroup's own setting is on, but its parent's off is in force.
    expect((await api('GET', `/groups/${sub.id}`, 'owner')).json()).toMatchObject({ emails_enabled: false });

    expect((await put({ emails_enabled: true })).json).toMatchObject({ emails_enabled: true });
    expect(await emailsForNewIssue(subProject.json().id)).toBe(1);
  });
});
