import { describe, expect, it } from 'vitest';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE-54: GitLab Duo settings through PUT /groups/:id, inherited and locked down the group tree. */
const t = useRestTestApp({
  prefix: 'duo-',
  users: ['owner', 'dev'],
  admins: ['admin'],
  groups: {
    top: { path: 'duo-top', visibility: 0, members: { owner: 50, dev: 30 } },
    sub: { path: 'sub', parent: 'top', visibility: 0 },
    leaf: { path: 'leaf', parent: 'sub', visibility: 0 },
  },
});
const { api, gid } = t;

const duo = async (id: number, who = 'owner') => {
  const res = await api('GET', `/groups/${id}`, who);
  expect(res.statusCode).toBe(200);
  const { duo_availability, duo_features_enabled, lock_duo_features_enabled, experiment_features_enabled } = res.json();
  return { duo_availability, duo_features_enabled, lock_duo_features_enabled, experiment_features_enabled };
};

describe('PUT /groups/:id duo_availability and experiment_features_enabled', () => {
  it('defaults: on by default, not locked, experiments off', async () => {
    expect(await duo(gid.leaf)).toEqual({
      duo_availability: 'default_on',
      duo_features_enabled: true,
      lock_duo_features_enabled: false,
      experiment_features_enabled: false,
    });
  });

  it('stores the values, answers them, and subgroups inherit them', async () => {
    const res = await api('PUT', `/groups/${gid.top}`, 'owner', {
      duo_availability: 'default_off',
      experiment_features_enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ duo_availability: 'default_off', experiment_features_enabled: true });
    expect(await duo(gid.leaf)).toMatchObject({ duo_availability: 'default_off', duo_features_enabled: false });
    // A subgroup may turn it back on for itself and below.
    expect((await api('PUT', `/groups/${gid.sub}`, 'owner', { duo_availability: 'default_on' })).statusCode).toBe(200);
    expect(await duo(gid.leaf)).toMatchObject({ duo_availability: 'default_on', experiment_features_enabled: true });
  });

  it("an ancestor's never_on locks the descendants and clears experiments; they cannot change it", async () => {
    expect((await api('PUT', `/groups/${gid.top}`, 'owner', { duo_availability: 'never_on' })).statusCode).toBe(200);
    expect(await duo(gid.leaf)).toEqual({
      duo_availability: 'never_on',
      duo_features_enabled: false,
      lock_duo_features_enabled: true,
      experiment_features_enabled: false,
    });
    expect((await api('GET', `/groups/${gid.leaf}`, 'owner')).json().duo_availability_locked_by).toBe('duo-top');
    const refused = await api('PUT', `/groups/${gid.leaf}`, 'owner', { duo_availability: 'default_on' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'duo_availability' });
    expect(refused.json().error).toContain('duo-top');
    // Unlocking at the top frees the subgroup's own value again.
    await api('PUT', `/groups/${gid.top}`, 'owner', { duo_availability: 'default_on' });
    expect(await duo(gid.leaf)).toMatchObject({ duo_availability: 'default_on', lock_duo_features_enabled: false });
  });

  it('always_on (GitLab 19.1) locks the descendants on; it is chosen on top-level groups only', async () => {
    await api('PUT', `/groups/${gid.sub}`, 'owner', { duo_availability: 'default_off' });
    const top = await api('PUT', `/groups/${gid.top}`, 'owner', {
      duo_availability: 'always_on',
      experiment_features_enabled: true,
    });
    expect(top.statusCode, top.body).toBe(200);
    expect(await duo(gid.top)).toEqual({
      duo_availability: 'always_on',
      duo_features_enabled: true,
      lock_duo_features_enabled: false,
      experiment_features_enabled: true,
    });
    // The subgroup's own default_off no longer counts: on, and locked.
    expect(await duo(gid.leaf)).toEqual({
      duo_availability: 'always_on',
      duo_features_enabled: true,
      lock_duo_features_enabled: true,
      experiment_features_enabled: true,
    });
    const refused = await api('PUT', `/groups/${gid.sub}`, 'owner', { duo_availability: 'never_on' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('duo_availability is locked to always_on by the group duo-top');
    await api('PUT', `/groups/${gid.top}`, 'owner', {
      duo_availability: 'default_on',
      experiment_features_enabled: false,
    });
    await api('PUT', `/groups/${gid.sub}`, 'owner', { duo_availability: 'default_on' });
    const onSubgroup = await api('PUT', `/groups/${gid.sub}`, 'owner', { duo_availability: 'always_on' });
    expect(onSubgroup.statusCode).toBe(400);
    expect(onSubgroup.json()).toMatchObject({
      error: 'duo_availability always_on can only be set on a top-level group',
      field: 'duo_availability',
    });
  });

  it('experiment_features_enabled is for top-level groups only', async () => {
    const res = await api('PUT', `/groups/${gid.sub}`, 'owner', { experiment_features_enabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('experiment_features_enabled');
  });

  it('400 naming the field for unknown values', async () => {
    for (const [payload, field] of [
      [{ duo_availability: 'always' }, 'duo_availability'],
      [{ duo_availability: '' }, 'duo_availability'],
      [{ experiment_features_enabled: 'maybe' }, 'experiment_features_enabled'],
    ] as const) {
      const res = await api('PUT', `/groups/${gid.top}`, 'owner', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
  });

  it('only those who administer the group change or see the Duo settings', async () => {
    expect((await api('PUT', `/groups/${gid.top}`, 'dev', { duo_availability: 'never_on' })).statusCode).toBe(403);
    expect((await api('PUT', `/groups/${gid.top}`, undefined, { duo_availability: 'never_on' })).statusCode).toBe(401);
    const asDev = (await api('GET', `/groups/${gid.top}`, 'dev')).json();
    expect(asDev).not.toHaveProperty('duo_availability');
    expect(asDev).toHaveProperty('experiment_features_enabled');
    expect((await duo(gid.top)).duo_availability).toBe('default_on');
  });

  it('the instance switch off locks every group to never_on', async () => {
    const off = await api('PUT', '/application/settings', 'admin', { duo_features_enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().duo_features_enabled).toBe(false);
    expect(await duo(gid.top, 'admin')).toMatchObject({
      duo_availability: 'never_on',
      lock_duo_features_enabled: true,
    });
    expect((await api('GET', `/groups/${gid.top}`, 'admin')).json().duo_availability_locked_by).toBe('instance');
    const refused = await api('PUT', `/groups/${gid.top}`, 'owner', { duo_availability: 'default_on' });
    expect(refused.statusCode).toBe(400);
    await api('PUT', '/application/settings', 'admin', { duo_features_enabled: true });
    expect((await duo(gid.top)).duo_availability).toBe('default_on');
  });
});
