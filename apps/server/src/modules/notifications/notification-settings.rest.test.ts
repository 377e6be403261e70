import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { expectStatuses } from '../../test/api-client';
import { createGroup, createProject } from '../../test/factories';
import { useGroupProjectApp } from '../../test/group-project-app';

/** GitLab's Notification settings API: global, group and project levels (issue 12). */

const t = useGroupProjectApp({
  group: 'ns',
  prefix: 'ns-',
  members: { dev: AccessLevel.DEVELOPER },
  outsiders: ['other'],
});
const { api } = t;
let hiddenProjectId = 0;

beforeAll(async () => {
  const hidden = await createGroup(t.db, { path: 'ns-hidden' });
  hiddenProjectId = (await createProject(t.db, { namespaceId: hidden.id, path: 'secret' })).id;
});

describe('notification settings', () => {
  it('answers GitLab defaults: participating globally with the notification email, global for a group or project', async () => {
    const global = await api('GET', '/notification_settings', 'dev');
    expect(global.statusCode).toBe(200);
    expect(global.json()).toEqual({ level: 'participating', notification_email: 'ns-dev@example.com' });
    expect((await api('GET', `/groups/${t.groupId}/notification_settings`, 'dev')).json()).toEqual({ level: 'global' });
    expect((await api('GET', `/projects/${t.projectId}/notification_settings`, 'dev')).json()).toEqual({
      level: 'global',
    });
  });

  it('stores a level per user and source; custom answers every event', async () => {
    const put = await api('PUT', '/notification_settings', 'dev', { level: 'watch' });
    expect(put.json()).toEqual({ level: 'watch', notification_email: 'ns-dev@example.com' });
    const custom = await api('PUT', `/projects/${t.projectId}/notification_settings`, 'dev', {
      level: 'custom',
      new_note: 'true',
      close_issue: true,
    });
    expect(custom.statusCode, custom.body).toBe(200);
    const body = custom.json();
    expect(body.level).toBe('custom');
    expect(body.events).toMatchObject({ new_note: true, close_issue: true, new_issue: false, reopen_issue: false });
    // Events alone keep the level and the other events.
    const more = await api('PUT', `/projects/${t.projectId}/notification_settings`, 'dev', { new_issue: true });
    expect(more.json().events).toMatchObject({ new_note: true, close_issue: true, new_issue: true });
    expect((await api('GET', `/projects/${t.projectId}/notification_settings`, 'dev')).json().level).toBe('custom');
    // Another user's settings are their own.
    expect((await api('GET', '/notification_settings', 'other')).json().level).toBe('participating');
    const group = await api('PUT', `/groups/ns/notification_settings`, 'dev', { level: 'disabled' });
    expect(group.json()).toEqual({ level: 'disabled' });
  });

  it('refuses bad input with a 400 naming the field, hidden groups and projects with 404, anonymous with 401', async () => {
    await expectStatuses(api, [
      ['PUT', '/notification_settings', 'dev', { level: 'loud' }, 400],
      ['PUT', '/notification_settings', 'dev', { level: 'global' }, 400],
      ['PUT', '/notification_settings', 'dev', { notification_email: 'someone@else.example' }, 400],
      ['PUT', '/notification_settings', 'dev', { new_note: 'maybe' }, 400],
      ['PUT', `/projects/${t.projectId}/notification_settings`, 'dev', { notification_email: 'x@example.com' }, 400],
      ['GET', `/projects/${hiddenProjectId}/notification_settings`, 'dev', undefined, 404],
      ['PUT', `/projects/${hiddenProjectId}/notification_settings`, 'dev', { level: 'watch' }, 404],
      ['GET', '/groups/ns-hidden/notification_settings', 'dev', undefined, 404],
      ['GET', '/notification_settings', undefined, undefined, 401],
      ['PUT', '/notification_settings', undefined, { level: 'watch' }, 401],
      ['GET', `/groups/${t.groupId}/notification_settings`, undefined, undefined, 401],
    ]);
    const bad = await api('PUT', '/notification_settings', 'dev', { level: 'loud' });
    expect(bad.json().error).toMatch(/^level/);
    const email = await api('PUT', '/notification_settings', 'dev', { notification_email: 'NS-DEV@example.com' });
    expect(email.statusCode).toBe(200);
  });
});
