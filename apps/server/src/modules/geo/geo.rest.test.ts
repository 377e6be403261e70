import { describe, expect, it } from 'vitest';
import { type Created, postCreated } from '../../test/api-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { NOT_REPLICATING } from './geo-status.service';

/** IE-70, IE-71: GitLab's Geo sites API, administrators only, checked input. */
const t = useRestTestApp({ prefix: 'geo-', users: ['member'], admins: ['admin'] });
const { api } = t;

const primary = { name: 'London', url: 'https://london.example.com', primary: true };
const secondary = { name: 'Tokyo', url: 'https://tokyo.example.com/', internal_url: 'http://10.0.0.7:3000' };

describe('Geo sites', () => {
  it('is 401 anonymous and 403 for a non-administrator, before the input is read; nothing stored', async () => {
    for (const base of ['/geo_nodes', '/geo_sites']) {
      expect((await api('GET', base)).statusCode).toBe(401);
      expect((await api('GET', base, 'member')).statusCode).toBe(403);
      expect((await api('GET', `${base}/status`, 'member')).statusCode).toBe(403);
      expect((await api('POST', base, 'member', primary)).statusCode).toBe(403);
      expect((await api('POST', base, 'member', { url: 'nope' })).statusCode).toBe(403);
      expect((await api('POST', base, undefined, primary)).statusCode).toBe(401);
    }
    expect((await api('GET', '/geo_nodes', 'admin')).json()).toEqual([]);
  });

  it('adds, reads, edits and removes sites with GitLab’s fields', async () => {
    const site = await postCreated<Created & { _links: { self: string } }>(api, '/geo_nodes', 'admin', primary);
    expect(site).toMatchObject({
      name: 'London',
      url: 'https://london.example.com/',
      internal_url: 'https://london.example.com/',
      primary: true,
      enabled: true,
      files_max_capacity: 10,
      repos_max_capacity: 25,
      verification_max_capacity: 100,
      container_repositories_max_capacity: 10,
      minimum_reverification_interval: 7,
      sync_object_storage: false,
      selective_sync_type: null,
      selective_sync_shards: [],
      selective_sync_namespace_ids: [],
    });
    expect(site._links.self).toMatch(new RegExp(`/api/v4/geo_nodes/${site.id}$`));
    expect(site.web_edit_url).toMatch(new RegExp(`/admin/geo/sites/${site.id}/edit$`));

    const tokyo = await postCreated(api, '/geo_sites', 'admin', { ...secondary, selective_sync_namespace_ids: '3,4' });
    expect(tokyo).toMatchObject({
      internal_url: 'http://10.0.0.7:3000/',
      primary: false,
      selective_sync_namespace_ids: [3, 4],
    });

    const edited = await api('PUT', `/geo_nodes/${tokyo.id}`, 'admin', { enabled: false, files_max_capacity: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Tokyo', enabled: false, files_max_capacity: 3 });
    expect((await api('GET', `/geo_sites/${tokyo.id}`, 'admin')).json().enabled).toBe(false);
    expect((await api('GET', '/geo_nodes', 'admin')).json().map((s: { name: string }) => s.name)).toEqual([
      'London',
      'Tokyo',
    ]);

    expect((await api('DELETE', `/geo_nodes/${tokyo.id}`, 'admin')).statusCode).toBe(204);
    expect((await api('GET', `/geo_nodes/${tokyo.id}`, 'admin')).statusCode).toBe(404);
    expect((await api('DELETE', `/geo_nodes/${tokyo.id}`, 'admin')).statusCode).toBe(404);
  });

  it('refuses a second primary, a taken name and malformed fields with a clear 400', async () => {
    const twice = await api('POST', '/geo_nodes', 'admin', {
      name: 'Paris',
      url: 'https://paris.example.com',
      primary: true,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ error: 'Primary node already exists', field: 'primary' });
    const taken = await api('POST', '/geo_nodes', 'admin', { name: 'london', url: 'https://other.example.com' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: 'Name has already been taken', field: 'name' });
    for (const bad of [
      { name: 'X', url: 'javascript:alert(1)' },
      { name: 'X', url: 'not a url' },
      { name: '', url: 'https://x.example.com' },
      { name: 'X'.repeat(256), url: 'https://x.example.com' },
      { name: 'X', url: 'https://x.example.com', files_max_capacity: -1 },
      { name: 'X', url: 'https://x.example.com', selective_sync_type: 'everything' },
    ]) {
      const res = await api('POST', '/geo_nodes', 'admin', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await api('GET', '/geo_nodes/abc', 'admin')).statusCode).toBe(400);
  });

  it('answers each site’s status: the primary healthy, a secondary with no streaming standby not', async () => {
    const tokyo = (await api('POST', '/geo_nodes', 'admin', secondary)).json();
    const statuses = await api('GET', '/geo_nodes/status', 'admin');
    expect(statuses.statusCode).toBe(200);
    const [london, far] = statuses.json();
    expect(london).toMatchObject({
      healthy: true,
      health: 'Healthy',
      health_status: 'Healthy',
      db_replication_lag_seconds: null,
    });
    expect(far).toMatchObject({
      geo_node_id: tokyo.id,
      healthy: false,
      health: NOT_REPLICATING,
      health_status: 'Unhealthy',
      db_replication_lag_seconds: null,
    });
    expect(far._links.node).toMatch(new RegExp(`/api/v4/geo_nodes/${tokyo.id}$`));
    const one = await api('GET', `/geo_sites/${tokyo.id}/status`, 'admin');
    expect(one.json()).toMatchObject({ geo_node_id: tokyo.id, healthy: false });
  });
});
