import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * The HTTP layer GitLab's clients rely on (issue 9), over a real socket: the exact JSON content
 * type, an empty body under a JSON content type, GitLab's boolean words, and form and multipart
 * bodies carrying the same parameters as JSON.
 */
let s: StartedServer;
let token: string;
let groupId: number;
let projectId: number;

const auth = (extra: Record<string, string> = {}) => ({ 'private-token': token, ...extra });
const api = (path: string, init: RequestInit = {}) =>
  s.http(`/api/v4${path}`, { ...init, headers: { ...auth(), ...(init.headers as Record<string, string>) } });

const JSON_TYPE = 'application/json';
/** Sends `body` (none when omitted) with the given content type. */
const send = (method: string, path: string, contentType: string, body?: RequestInit['body']) =>
  api(path, { method, headers: { 'content-type': contentType }, ...(body === undefined ? {} : { body }) });
const sendJson = (method: string, path: string, body: object) => send(method, path, JSON_TYPE, JSON.stringify(body));

beforeAll(async () => {
  s = await startTestServer();
  const owner = await createUser(s.db, { username: 'transport-owner' });
  token = await createToken(s.db, owner.id);
  const group = await createGroup(s.db, { path: 'transport' });
  const project = await createProject(s.db, { namespaceId: group.id, path: 'web' });
  groupId = group.id;
  projectId = project.id;
  await addGroupMember(s.db, group.id, owner.id, 50);
  await sendJson('POST', `/groups/${groupId}/labels`, { name: 'group-label', color: '#123456' });
  await sendJson('POST', `/projects/${projectId}/labels`, { name: 'project-label', color: '#654321' });
});

afterAll(async () => {
  await s?.close();
});

describe('responses', () => {
  it('say exactly application/json on success, on errors and on unknown /api/v4 paths', async () => {
    const ok = await api('/version');
    const notFound = await api('/projects/999999');
    const noRoute = await api('/no/such/route');
    const invalid = await api(`/projects/${projectId}/issues?state=sideways`);
    expect([ok.status, notFound.status, noRoute.status, invalid.status]).toEqual([200, 404, 404, 400]);
    for (const res of [ok, notFound, noRoute, invalid])
      expect(res.headers.get('content-type')).toBe('application/json');
  });
});

describe('an empty body under a JSON content type', () => {
  it('is no parameters: a DELETE succeeds and a POST names the missing field', async () => {
    const created = await sendJson('POST', `/projects/${projectId}/labels`, { name: 'doomed', color: '#000000' });
    expect(created.status).toBe(201);
    const deleted = await send('DELETE', `/projects/${projectId}/labels/doomed`, JSON_TYPE);
    expect(deleted.status).toBe(204);
    const empty = await send('POST', `/projects/${projectId}/issues`, JSON_TYPE, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'title is missing' });
  });

  it('still rejects malformed JSON with a 400', async () => {
    const res = await send('POST', `/projects/${projectId}/issues`, JSON_TYPE, '{"title": ');
    expect(res.status).toBe(400);
  });
});

describe('GitLab booleans', () => {
  const labelNames = async (query: string) => {
    const res = await api(`/projects/${projectId}/labels?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { name: string }[]).map((l) => l.name).sort();
  };

  it.each(['true', 'True', 'TRUE', 't', 'T', 'yes', 'YES', 'y', 'on', '1'])('%s is true', async (word) => {
    expect(await labelNames(`include_ancestor_groups=${word}`)).toEqual(['group-label', 'project-label']);
  });

  it.each(['false', 'False', 'f', 'F', 'no', 'No', 'n', 'off', '0'])('%s is false', async (word) => {
    expect(await labelNames(`include_ancestor_groups=${word}`)).toEqual(['project-label']);
  });

  it('anything else is a 400 naming the parameter', async () => {
    const res = await api(`/projects/${projectId}/labels?include_ancestor_groups=maybe`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^include_ancestor_groups is invalid/);
  });

  it('as strings in a JSON body', async () => {
    const res = await sendJson('POST', `/projects/${projectId}/issues`, { title: 'Secret plan', confidential: 'True' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'Secret plan', confidential: true });
  });
});

describe('form bodies (curl --data)', () => {
  it('carry the same parameters as JSON, bracketed lists and booleans included', async () => {
    const res = await send(
      'POST',
      `/projects/${projectId}/issues`,
      'application/x-www-form-urlencoded',
      'title=From+a+form&labels[]=group-label&labels[]=project-label&confidential=yes&description=a%26b',
    );
    expect(res.status).toBe(201);
    const issue = (await res.json()) as { title: string; labels: string[]; confidential: boolean; description: string };
    expect(issue).toMatchObject({ title: 'From a form', confidential: true, description: 'a&b' });
    expect(issue.labels.sort()).toEqual(['group-label', 'project-label']);
  });
});

describe('multipart bodies (curl --form)', () => {
  it('carry the same parameters as JSON', async () => {
    const form = new FormData();
    form.append('title', 'From multipart');
    form.append('labels', 'group-label,project-label');
    form.append('confidential', 'false');
    form.append('description', '**bold** <script>x</script>');
    const res = await api(`/projects/${projectId}/issues`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const issue = (await res.json()) as { title: string; labels: string[]; confidential: boolean; description: string };
    expect(issue).toMatchObject({ title: 'From multipart', confidential: false });
    expect(issue.description).toBe('**bold** <script>x</script>');
    expect(issue.labels.sort()).toEqual(['group-label', 'project-label']);
  });

  it('repeat bracketed fields into lists', async () => {
    const form = new FormData();
    form.append('title', 'Bracketed multipart');
    form.append('labels[]', 'group-label');
    form.append('labels[]', 'project-label');
    const res = await api(`/projects/${projectId}/issues`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { labels: string[] }).labels.sort()).toEqual(['group-label', 'project-label']);
  });

  it('refuse a file part with a 400 naming it, and create nothing', async () => {
    const before = await countIssues();
    const form = new FormData();
    form.append('title', 'With a file');
    form.append('attachment', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const res = await api(`/projects/${projectId}/issues`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'attachment is invalid: file uploads are not accepted here' });
    expect(await countIssues()).toBe(before);
  });

  it('refuse more fields than a query string may carry', async () => {
    const form = new FormData();
    for (let i = 0; i < 250; i++) form.append(`f${i}`, 'x');
    const res = await api(`/projects/${projectId}/issues`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('body is invalid: more than 200 fields');
  });

  it('refuse a body over the 2 MB limit with a 413', async () => {
    const form = new FormData();
    form.append('title', 'Too big');
    form.append('description', 'x'.repeat(3 * 1024 * 1024));
    const res = await api(`/projects/${projectId}/issues`, { method: 'POST', body: form });
    expect(res.status).toBe(413);
  });

  it('go through the same guards as JSON: a NUL byte is a 400 naming the field', async () => {
    const form = new FormData();
    form.append('title', 'bad\u0000title');
    const res = await api(`/projects/${projectId}/issues`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'title' });
  });

  it('refuse a malformed body with a 400', async () => {
    const res = await send(
      'POST',
      `/projects/${projectId}/issues`,
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nnot a part header\r\n\r\n',
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

async function countIssues(): Promise<number> {
  const res = await api(`/projects/${projectId}/issues?per_page=1`);
  return Number(res.headers.get('x-total'));
}
