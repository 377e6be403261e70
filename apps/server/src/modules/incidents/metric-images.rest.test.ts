import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { multipartBody, TINY_PNG } from '../../test/multipart-body';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE-78: an incident's metric images: multipart upload, GitLab's fields, files served to readers only. */
const uploadsDir = mkdtempSync(join(tmpdir(), 'meridian-metric-images-'));
const t = useRestTestApp({
  prefix: 'mi_',
  users: ['reporter', 'guest', 'outsider'],
  env: { UPLOADS_DIR: uploadsDir },
});
const { api, uid, tok } = t;

const PNG = TINY_PNG;
let base: string;
let plainBase: string;

function upload(url: string, who: string | undefined, parts: Parameters<typeof multipartBody>[0]) {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v4${url}`,
    headers: { ...body.headers, ...(who ? { 'private-token': tok[who] ?? '' } : {}) },
    payload: body.payload,
  });
}

const fetchFile = (path: string, who?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: who ? { 'private-token': tok[who] ?? '' } : {} });

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'miacme' });
  const project = await createProject(t.db, { namespaceId: g.id, path: 'ops' });
  await addGroupMember(t.db, g.id, uid.reporter as number, AccessLevel.REPORTER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  const created = await api('POST', `/projects/${project.id}/issues`, 'reporter', {
    title: 'Latency spike',
    issue_type: 'incident',
  });
  expect(created.statusCode, created.body).toBe(201);
  base = `/projects/${project.id}/issues/${created.json().iid}/metric_images`;
  const plain = await api('POST', `/projects/${project.id}/issues`, 'reporter', { title: 'plain' });
  plainBase = `/projects/${project.id}/issues/${plain.json().iid}/metric_images`;
});

describe('metric images', () => {
  it('a Reporter uploads a PNG (type read from the bytes); readers list it and fetch its file; others get 404', async () => {
    const res = await upload(base, 'reporter', {
      file: { filename: 'latency graph.png', data: PNG },
      url: 'https://grafana.example.com/d/1',
      url_text: 'Grafana',
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(Object.keys(image).sort()).toEqual(['created_at', 'file_path', 'filename', 'id', 'url', 'url_text']);
    expect(image).toMatchObject({
      filename: 'latency_graph.png',
      file_path: `/uploads/-/system/issuable_metric_image/file/${image.id}/latency_graph.png`,
      url: 'https://grafana.example.com/d/1',
      url_text: 'Grafana',
    });
    const listed = await api('GET', base, 'guest');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([image]);
    const file = await fetchFile(image.file_path, 'guest');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await api('GET', base, 'outsider')).statusCode).toBe(404);
    expect((await fetchFile(image.file_path, 'outsider')).statusCode).toBe(404);
    expect((await fetchFile(image.file_path)).statusCode).toBe(404);
    expect((await fetchFile(image.file_path.replace('latency_graph', 'other'), 'guest')).statusCode).toBe(404);
  });

  it('refuses what is not an image, too large a file, a missing file, guests and plain issues', async () => {
    const text = await upload(base, 'reporter', {
      file: { filename: 'x.png', data: Buffer.from('not an image at all') },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatch(/^file is invalid: only PNG, JPEG, GIF and WebP images are accepted/);
    const pdf = await upload(base, 'reporter', {
      file: { filename: 'x.png', data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj') },
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error).toMatch(/application\/pdf/);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await upload(base, 'reporter', { file: { filename: 'big.png', data: big } });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe('file is too large (maximum is 1 MB)');
    const missing = await upload(base, 'reporter', { url_text: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('file is missing');
    const badUrl = await upload(base, 'reporter', {
      file: { filename: 'a.png', data: PNG },
      url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect((await upload(base, 'guest', { file: { filename: 'a.png', data: PNG } })).statusCode).toBe(403);
    expect((await upload(base, 'outsider', { file: { filename: 'a.png', data: PNG } })).statusCode).toBe(404);
    expect((await upload(base, undefined, { file: { filename: 'a.png', data: PNG } })).statusCode).toBe(401);
    expect((await upload(plainBase, 'reporter', { file: { filename: 'a.png', data: PNG } })).statusCode).toBe(400);
    expect((await api('GET', base, 'reporter')).json()).toHaveLength(1);
  });

  it('updates url and url_text (form data) and deletes an image and its file', async () => {
    const [image] = (await api('GET', base, 'reporter')).json();
    expect((await api('PUT', `${base}/${image.id}`, 'guest', { url_text: 'x' })).statusCode).toBe(403);
    const edited = await api('PUT', `${base}/${image.id}`, 'reporter', { url: 'https://example.com/m', url_text: 'M' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: image.id, url: 'https://example.com/m', url_text: 'M' });
    expect((await api('PUT', `${base}/999999`, 'reporter', { url_text: 'x' })).statusCode).toBe(404);
    expect((await api('DELETE', `${base}/${image.id}`, 'guest')).statusCode).toBe(403);
    expect((await api('DELETE', `${base}/${image.id}`, 'reporter')).statusCode).toBe(204);
    expect((await api('GET', base, 'reporter')).json()).toEqual([]);
    expect((await fetchFile(image.file_path, 'reporter')).statusCode).toBe(404);
    await t.app.fileRemovalWorker?.pollNow();
    expect(readdirSync(uploadsDir, { recursive: true }).filter((name) => String(name).endsWith('.png'))).toEqual([]);
  });
});
