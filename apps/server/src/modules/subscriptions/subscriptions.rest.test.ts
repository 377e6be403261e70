import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMembers, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'sub_', users: ['author', 'dev', 'reporter', 'commenter', 'outsider'] });
const { api, uid } = t;
let issueUrl: string;

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'subacme' });
  const projectId = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
  await addGroupMembers(t.db, g.id, [
    [uid.author ?? 0, AccessLevel.DEVELOPER],
    [uid.dev ?? 0, AccessLevel.DEVELOPER],
    [uid.reporter ?? 0, AccessLevel.REPORTER],
    [uid.commenter ?? 0, AccessLevel.GUEST],
  ]);
  issueUrl = `/projects/${projectId}/issues/1`;
  const created = await api('POST', `/projects/${projectId}/issues`, 'author', {
    title: 'Subscribe to me',
    assignee_ids: [uid.dev],
  });
  expect(created.statusCode).toBe(201);
  expect((await api('POST', `${issueUrl}/notes`, 'commenter', { body: 'A public comment' })).statusCode).toBe(201);
  const internal = await api('POST', `${issueUrl}/notes`, 'reporter', { body: 'Internal only', internal: true });
  expect(internal.statusCode).toBe(201);
});

const subscribed = async (who: string) => (await api('GET', issueUrl, who)).json().subscribed;

describe('issue subscriptions (GitLab REST subscribe / unsubscribe)', () => {
  it('participants are subscribed until they choose otherwise; others are not', async () => {
    expect(await subscribed('author')).toBe(true);
    expect(await subscribed('dev')).toBe(true);
    expect(await subscribed('commenter')).toBe(true);
    expect(await subscribed('reporter')).toBe(false);
  });

  it('subscribes with 201 and the issue, answers 304 when nothing changes, and unsubscribes', async () => {
    const on = await api('POST', `${issueUrl}/subscribe`, 'reporter');
    expect(on.statusCode).toBe(201);
    expect(on.json()).toMatchObject({ title: 'Subscribe to me', subscribed: true });
    expect((await api('POST', `${issueUrl}/subscribe`, 'reporter')).statusCode).toBe(304);
    const off = await api('POST', `${issueUrl}/unsubscribe`, 'reporter');
    expect(off.statusCode).toBe(201);
    expect(off.json().subscribed).toBe(false);
    expect((await api('POST', `${issueUrl}/unsubscribe`, 'reporter')).statusCode).toBe(304);
  });

  it("a participant's unsubscribe holds", async () => {
    expect((await api('POST', `${issueUrl}/unsubscribe`, 'author')).statusCode).toBe(201);
    expect(await subscribed('author')).toBe(false);
    expect((await api('POST', `${issueUrl}/subscribe`, 'author')).statusCode).toBe(201);
    expect(await subscribed('author')).toBe(true);
  });

  it('is 401 anonymous and 404 for an issue the user may not read', async () => {
    expect((await api('POST', `${issueUrl}/subscribe`)).statusCode).toBe(401);
    expect((await api('POST', `${issueUrl}/subscribe`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `${issueUrl}/participants`, 'outsider')).statusCode).toBe(404);
  });
});

describe('GET …/issues/:iid/participants', () => {
  it('lists the author first, then assignees and public commenters, without internal-note authors', async () => {
    const res = await api('GET', `${issueUrl}/participants`, 'dev');
    expect(res.statusCode).toBe(200);
    // dev was created before commenter, so has the lower id.
    expect(res.json().map((u: { username: string }) => u.username)).toEqual(['sub_author', 'sub_dev', 'sub_commenter']);
    expect(res.json()[0]).toMatchObject({ id: uid.author, state: 'active' });
  });
});
