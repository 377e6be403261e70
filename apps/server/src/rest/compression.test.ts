import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { COMPRESSION_THRESHOLD } from './compression';

/** A project with 30 issues (a list well above the threshold) and a member's token. */
const t = useTestApp(async ({ app, db }) => {
  const user = await createUser(db);
  const token = await createToken(db, user.id);
  const group = await createGroup(db, { path: 'zip' });
  await addGroupMember(db, group.id, user.id, AccessLevel.MAINTAINER);
  const project = await createProject(db, { namespaceId: group.id, path: 'p' });
  for (let i = 0; i < 30; i++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.id}/issues`,
      headers: { 'private-token': token },
      payload: { title: `Issue ${i} with a title long enough to matter`, description: 'Some words. '.repeat(20) },
    });
    expect(res.statusCode).toBe(201);
  }
  return { token, projectId: project.id };
});

const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

/** The same GET with each Accept-Encoding: what each sent, in bytes, and the decoded JSON. */
async function fetchAll(url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) {
  const send = (acceptEncoding?: string) =>
    t.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { 'private-token': t.world.token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  const [br, gzip, none] = await Promise.all([send('gzip, deflate, br'), send('gzip'), send()]);
  return { br, gzip, none };
}

describe('API answers compressed by Accept-Encoding', () => {
  it('sends a REST list as brotli, gzip or plain JSON, the same data each way', async () => {
    const { br, gzip, none } = await fetchAll(`/api/v4/projects/${t.world.projectId}/issues?per_page=50`);
    expect([br.statusCode, gzip.statusCode, none.statusCode]).toEqual([200, 200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gzip]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    const plain = none.rawPayload;
    expect(plain.length).toBeGreaterThan(20_000);
    expect(JSON.parse(plain.toString()).length).toBe(30);
    for (const [encoding, res] of [
      ['br', br],
      ['gzip', gzip],
    ] as const) {
      expect(res.rawPayload.length).toBeLessThan(plain.length / 5);
      expect(decoders[encoding](res.rawPayload).equals(plain)).toBe(true);
    }
    // Pagination headers are kept.
    expect(br.headers['x-total']).toBe(none.headers['x-total']);
  });

  it('compresses a GraphQL answer above the threshold', async () => {
    const query = `{ project(fullPath: "zip/p") { issues(first: 30) { nodes { id iid title description webUrl } } } }`;
    const { br, gzip, none } = await fetchAll('/api/graphql', 'POST', { query });
    expect(none.statusCode).toBe(200);
    expect(none.json().data.project.issues.nodes).toHaveLength(30);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(none.json());
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(none.json());
    expect(br.rawPayload.length).toBeLessThan(none.rawPayload.length / 3);
  });

  it('leaves answers under the threshold as they are', async () => {
    const { br, gzip, none } = await fetchAll('/api/v4/version');
    expect(none.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    for (const res of [br, gzip, none]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    expect(br.rawPayload.equals(none.rawPayload)).toBe(true);
  });

  it('sends plain JSON to a client that accepts neither brotli nor gzip', async () => {
    const url = `/api/v4/projects/${t.world.projectId}/issues?per_page=50`;
    for (const acceptEncoding of ['identity', 'deflate', 'compress']) {
      const res = await t.app.inject({
        url,
        headers: { 'private-token': t.world.token, 'accept-encoding': acceptEncoding },
      });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.json()).toHaveLength(30);
    }
  });

  it('does not decompress request bodies (a gzip body is not read as JSON)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'private-token': t.world.token, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"query":"{ currentUser { username } }"}',
    });
    // Read as the plain JSON it is: the Content-Encoding header is not acted on.
    expect(res.statusCode).toBe(200);
  });
});
