import { beforeAll, describe, expect, it } from 'vitest';
import { postCreated } from '../../../test/api-client';
import { useDirectTransferInstances } from '../../../test/direct-transfer-instances';

/**
 * The web's direct transfer page lists the source's groups the token owns (`POST
 * /bulk_imports/source_groups`), read from a second Meridian started by the test, through the SSRF guard.
 */
const { sourceTok, sourceApi, dest, destApi, listenSource } = useDirectTransferInstances('sg-', {
  source: ['owner', 'dev'],
  destination: ['someone'],
});

let url: string;
beforeAll(async () => {
  const top = await postCreated<{ id: number }>(sourceApi, '/groups', 'owner', { name: 'Listed', path: 'listed' });
  await postCreated(sourceApi, '/groups', 'owner', { name: 'Inner', path: 'inner', parent_id: top.id });
  await postCreated(sourceApi, '/groups', 'owner', { name: 'Second', path: 'second-listed' });
  const dev = await sourceApi('POST', `/groups/${top.id}/members`, 'owner', {
    user_id: (await sourceApi('GET', '/user', 'dev')).json().id,
    access_level: 30,
  });
  expect(dev.statusCode, dev.body).toBe(201);
  url = await listenSource();
});

const list = (token: string, extra: Record<string, unknown> = {}) =>
  destApi('POST', '/bulk_imports/source_groups', 'someone', { url, access_token: token, ...extra });

describe('POST /bulk_imports/source_groups', () => {
  it("lists the groups the token's user owns on the source, by name, a page at a time", async () => {
    const all = await list(sourceTok.owner as string);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().groups.map((g: { full_path: string }) => g.full_path)).toEqual([
      'listed/inner',
      'listed',
      'second-listed',
    ]);
    expect(all.json().groups[0]).toMatchObject({ name: 'Inner', full_name: 'Listed / Inner' });

    const first = await list(sourceTok.owner as string, { per_page: 2 });
    expect(first.json()).toMatchObject({ page: 1, next_page: 2, total: 3 });
    const second = await list(sourceTok.owner as string, { per_page: 2, page: 2 });
    expect(second.json().groups.map((g: { full_path: string }) => g.full_path)).toEqual(['second-listed']);
    expect(second.json().next_page).toBeNull();

    const found = await list(sourceTok.owner as string, { search: 'second' });
    expect(found.json().groups.map((g: { full_path: string }) => g.full_path)).toEqual(['second-listed']);
  });

  it('lists nothing a Developer of the source could not export', async () => {
    const res = await list(sourceTok.dev as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().groups).toEqual([]);
  });

  it('answers 422 naming why when the source refuses the token or does not answer', async () => {
    const refused = await list('not-a-token');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain('the access token was refused by the source instance');
    const away = await destApi('POST', '/bulk_imports/source_groups', 'someone', {
      url: 'http://127.0.0.1:9',
      access_token: 'x',
    });
    expect(away.statusCode).toBe(422);
    expect(away.json().error).toContain('did not answer');
  });

  it('refuses a malformed connection with a 400 naming the field, and strangers with a 401', async () => {
    const bad = await destApi('POST', '/bulk_imports/source_groups', 'someone', { url: 'ftp://x', access_token: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('url');
    const long = await list('x'.repeat(2049));
    expect(long.statusCode).toBe(400);
    const anonymous = await dest.app.inject({ method: 'POST', url: '/api/v4/bulk_imports/source_groups', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
