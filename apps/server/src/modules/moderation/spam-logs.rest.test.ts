import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

/**
 * Admin › Spam logs' actions (issue 12): Block user, Trust user, Remove log, and Remove user — the
 * author and everything they wrote deleted with the log — for instance admins only.
 */
const t = useRestTestApp({ prefix: 'sl_', users: ['viewer', 'spammer', 'junk', 'keeper'], admins: ['admin'] });
const { api, uid } = t;
let projectId = 0;
let groupId = 0;

async function spamLogFor(who: string, title: string): Promise<number> {
  const created = await api('POST', `/projects/${projectId}/issues`, who, { title, description: 'buy now' });
  expect(created.statusCode).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: `/slgroup/web/-/issues/${created.json().iid}/mark_as_spam`,
    headers: { accept: 'application/json', 'private-token': t.tok.admin ?? '' },
  });
  expect(res.statusCode).toBe(200);
  const logs = (await api('GET', '/admin/spam_logs?per_page=100', 'admin')).json();
  const log = logs.find((l: { title: string }) => l.title === title);
  expect(log).toMatchObject({ recaptcha_verified: false, source_ip: null, noteable_type: 'Issue' });
  return log.id;
}

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'slgroup', visibility: 20 });
  const p = await createProject(t.db, { namespaceId: g.id, path: 'web', visibility: 20 });
  projectId = p.id;
  groupId = g.id;
  // Developers: they may open epics too.
  for (const u of ['spammer', 'junk', 'keeper']) await addGroupMember(t.db, g.id, uid[u] ?? 0, AccessLevel.DEVELOPER);
});

describe('spam log actions', () => {
  it('are for admins only (401 anonymous, 403 others), with 400 and 404 naming the problem', async () => {
    const id = await spamLogFor('spammer', 'Cheap watches A');
    for (const [who, status] of [
      [undefined, 401],
      ['viewer', 403],
    ] as const) {
      expect((await api('PUT', `/admin/spam_logs/${id}`, who, { user_action: 'block_user' })).statusCode).toBe(status);
      expect((await api('DELETE', `/admin/spam_logs/${id}?remove_user=true`, who)).statusCode).toBe(status);
    }
    const bad = await api('PUT', `/admin/spam_logs/${id}`, 'admin', { user_action: 'ban_everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('user_action');
    expect((await api('DELETE', `/admin/spam_logs/${id}?remove_user=maybe`, 'admin')).statusCode).toBe(400);
    expect((await api('PUT', '/admin/spam_logs/999999', 'admin', { user_action: 'block_user' })).statusCode).toBe(404);
    expect((await api('DELETE', '/admin/spam_logs/999999', 'admin')).statusCode).toBe(404);
    // Nothing happened to the user.
    expect((await api('GET', '/user', 'spammer')).statusCode).toBe(200);
  });

  it('blocks the author (who can no longer use the API) and trusts them again; the log stays', async () => {
    const id = await spamLogFor('spammer', 'Cheap watches B');
    const blocked = await api('PUT', `/admin/spam_logs/${id}`, 'admin', { user_action: 'block_user' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id, user: { username: 'sl_spammer' } });
    expect((await api('GET', `/users/${uid.spammer}`, 'admin')).json().state).toBe('blocked');
    expect((await api('GET', '/user', 'spammer')).statusCode).toBe(401);
    await api('PUT', `/admin/spam_logs/${id}`, 'admin', { user_action: 'trust_user' });
    expect((await api('GET', `/users/${uid.spammer}`, 'admin')).json().state).toBe('active');
    expect((await api('GET', '/user', 'spammer')).statusCode).toBe(200);
    const logs = (await api('GET', '/admin/spam_logs?per_page=100', 'admin')).json();
    expect(logs.map((l: { id: number }) => l.id)).toContain(id);
  });

  it('removes the log alone', async () => {
    const id = await spamLogFor('keeper', 'Cheap watches C');
    expect((await api('DELETE', `/admin/spam_logs/${id}`, 'admin')).statusCode).toBe(204);
    const logs = (await api('GET', '/admin/spam_logs?per_page=100', 'admin')).json();
    expect(logs.map((l: { id: number }) => l.id)).not.toContain(id);
    expect((await api('GET', `/users/${uid.keeper}`, 'admin')).statusCode).toBe(200);
  });

  it('removes the user with everything they wrote, and leaves others’ work (minus their comments)', async () => {
    const id = await spamLogFor('junk', 'Cheap watches D');
    const other = (await api('POST', `/projects/${projectId}/issues`, 'viewer', { title: 'a real issue' })).json();
    await api('POST', `/projects/${projectId}/issues/${other.iid}/notes`, 'junk', { body: 'visit my shop' });
    await api('POST', `/projects/${projectId}/issues/${other.iid}/notes`, 'viewer', { body: 'a real comment' });
    await api('POST', `/projects/${projectId}/issues/${other.iid}/award_emoji`, 'junk', { name: 'thumbsup' });
    const epic = await api('POST', `/groups/${groupId}/epics`, 'junk', { title: 'spam epic' });
    const extra = await api('POST', `/projects/${projectId}/issues`, 'junk', { title: 'more spam' });
    expect([epic.statusCode, extra.statusCode]).toEqual([201, 201]);

    // Blocked first (as an admin may), then removed.
    expect((await api('PUT', `/admin/spam_logs/${id}`, 'admin', { user_action: 'block_user' })).statusCode).toBe(200);
    expect((await api('DELETE', `/admin/spam_logs/${id}?remove_user=true`, 'admin')).statusCode).toBe(204);

    expect((await api('GET', `/users/${uid.junk}`, 'admin')).statusCode).toBe(404);
    expect((await api('GET', `/groups/${groupId}/epics/${epic.json().iid}`, 'admin')).statusCode).toBe(404);
    expect((await api('GET', `/projects/${projectId}/issues/${extra.json().iid}`, 'admin')).statusCode).toBe(404);
    const notes = (await api('GET', `/projects/${projectId}/issues/${other.iid}/notes`, 'admin')).json();
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['a real comment']);
    expect((await api('GET', `/projects/${projectId}/issues/${other.iid}`, 'viewer')).json().upvotes).toBe(0);
    const logs = (await api('GET', '/admin/spam_logs?per_page=100', 'admin')).json();
    expect(logs.map((l: { id: number }) => l.id)).not.toContain(id);
  });

  it('never blocks or removes an administrator', async () => {
    const id = await spamLogFor('admin', 'Admin watches');
    expect((await api('PUT', `/admin/spam_logs/${id}`, 'admin', { user_action: 'block_user' })).statusCode).toBe(403);
    expect((await api('DELETE', `/admin/spam_logs/${id}?remove_user=true`, 'admin')).statusCode).toBe(403);
    expect((await api('GET', '/user', 'admin')).statusCode).toBe(200);
  });
});
