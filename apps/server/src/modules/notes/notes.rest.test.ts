import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'nt_',
  users: ['owner', 'maintainer', 'reporter', 'guest', 'outsider', 'author'],
  admins: ['admin'],
});
const { api, uid } = t;
let projectId: number;
let groupId: number;
let epicId: number;
let confidentialEpicId: number;
const bodies = (list: { body: string }[]) => list.map((n) => n.body);
const issueNotes = (iid = 1) => `/projects/${projectId}/issues/${iid}/notes`;

beforeAll(async () => {
  const db = t.db;
  const g = await createGroup(db, { path: 'ntpub', visibility: 20 });
  const p = await createProject(db, { namespaceId: g.id, path: 'web', visibility: 20 });
  groupId = g.id;
  projectId = p.id;
  await addGroupMember(db, g.id, uid.owner ?? 0, AccessLevel.OWNER);
  await addGroupMember(db, g.id, uid.maintainer ?? 0, AccessLevel.MAINTAINER);
  await addGroupMember(db, g.id, uid.reporter ?? 0, AccessLevel.REPORTER);
  await addGroupMember(db, g.id, uid.guest ?? 0, AccessLevel.GUEST);
  await db
    .insertInto('issues')
    .values([
      { project_id: p.id, iid: 1, title: 'open issue', author_id: uid.author },
      { project_id: p.id, iid: 2, title: 'locked', discussion_locked: true },
      { project_id: p.id, iid: 3, title: 'secret', confidential: true },
    ])
    .execute();
  const epics = await db
    .insertInto('epics')
    .values([
      { group_id: g.id, iid: 1, title: 'epic' },
      { group_id: g.id, iid: 2, title: 'hidden epic', confidential: true },
    ])
    .returning('id')
    .execute();
  epicId = epics[0]?.id ?? 0;
  confidentialEpicId = epics[1]?.id ?? 0;
});

describe('issue notes', () => {
  it('creates a note (201) with GitLab fields, and renders hostile markdown inert', async () => {
    const res = await api('POST', issueNotes(), 'outsider', {
      body: 'Hello <script>alert(1)</script> [x](javascript:alert(2)) <img src=x onerror=alert(3)> **bold**',
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      type: null,
      system: false,
      noteable_type: 'Issue',
      noteable_iid: 1,
      project_id: projectId,
      resolvable: false,
      internal: false,
      confidential: false,
      author: { username: 'nt_outsider' },
    });
    expect(note.body).toContain('<script>');
    expect(note.body_html).toContain('<strong>bold</strong>');
    expect(note.body_html).not.toMatch(/<script|onerror|javascript:|<img/i);
  });

  it('validates the body: missing, blank, too long → 400', async () => {
    expect((await api('POST', issueNotes(), 'guest', {})).json()).toEqual({ error: 'body is missing', field: 'body' });
    expect((await api('POST', issueNotes(), 'guest', { body: '   ' })).statusCode).toBe(400);
    const long = await api('POST', issueNotes(), 'guest', { body: 'a'.repeat(1_000_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('too long');
    expect((await api('POST', issueNotes(), 'guest', { body: 'a'.repeat(1_000_000) })).statusCode).toBe(201);
    expect((await api('GET', `${issueNotes()}?sort=sideways`, 'guest')).statusCode).toBe(400);
    expect((await api('GET', `/projects/${projectId}/issues/x/notes`, 'guest')).statusCode).toBe(400);
  });

  it('answers 401 / 404 / 403', async () => {
    expect((await api('POST', issueNotes(), undefined, { body: 'hi' })).statusCode).toBe(401);
    expect((await api('GET', issueNotes(99), 'guest')).json()).toEqual({ message: '404 Issue Not Found' });
    // a confidential issue is invisible to a Guest, so are its notes
    expect((await api('GET', issueNotes(3), 'guest')).statusCode).toBe(404);
    expect((await api('POST', issueNotes(3), 'guest', { body: 'x' })).statusCode).toBe(404);
    expect((await api('POST', issueNotes(3), 'reporter', { body: 'x' })).statusCode).toBe(201);
    // locked discussion: members only
    expect((await api('POST', issueNotes(2), 'outsider', { body: 'x' })).statusCode).toBe(403);
    expect((await api('POST', issueNotes(2), 'guest', { body: 'x' })).statusCode).toBe(201);
    expect((await api('GET', `${issueNotes()}/999999`, 'guest')).json()).toEqual({ message: '404 Note Not Found' });
  });

  it('internal notes: Reporter+ to write, hidden from Guests and anonymous', async () => {
    expect((await api('POST', issueNotes(), 'guest', { body: 'psst', internal: true })).statusCode).toBe(403);
    const internal = await api('POST', issueNotes(), 'reporter', { body: 'internal one', internal: true });
    expect(internal.statusCode).toBe(201);
    expect(internal.json()).toMatchObject({ internal: true, confidential: true });
    const legacy = await api('POST', issueNotes(), 'reporter', { body: 'legacy confidential', confidential: true });
    expect(legacy.json().internal).toBe(true);
    const id = internal.json().id;
    expect((await api('GET', `${issueNotes()}/${id}`, 'guest')).statusCode).toBe(404);
    expect((await api('GET', `${issueNotes()}/${id}`, 'reporter')).statusCode).toBe(200);
    const guestList = await api('GET', `${issueNotes()}?per_page=100`, 'guest');
    expect(bodies(guestList.json())).not.toContain('internal one');
    const anonList = await api('GET', `${issueNotes()}?per_page=100`);
    expect(anonList.statusCode).toBe(200);
    expect(anonList.headers['x-total']).toBe(guestList.headers['x-total']);
    const reporterList = await api('GET', `${issueNotes()}?per_page=100`, 'reporter');
    expect(Number(reporterList.headers['x-total'])).toBe(Number(guestList.headers['x-total']) + 2);
  });

  it('lists newest first by default, oldest first with sort=asc, paginated', async () => {
    const desc = (await api('GET', `${issueNotes()}?per_page=100`, 'maintainer')).json();
    const asc = (await api('GET', `${issueNotes()}?per_page=100&sort=asc`, 'maintainer')).json();
    expect(asc.map((n: { id: number }) => n.id)).toEqual([...desc.map((n: { id: number }) => n.id)].reverse());
    const page = await api('GET', `${issueNotes()}?per_page=1&page=2&sort=asc`, 'maintainer');
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].id).toBe(asc[1].id);
  });

  it('edits and deletes: author edits, maintainer deletes, others 403, system notes read-only', async () => {
    const created = (await api('POST', issueNotes(), 'guest', { body: 'typo' })).json();
    const url = `${issueNotes()}/${created.id}`;
    expect((await api('PUT', url, 'maintainer', { body: 'nope' })).statusCode).toBe(403);
    expect((await api('PUT', url, 'outsider', { body: 'nope' })).statusCode).toBe(403);
    const edited = await api('PUT', url, 'guest', { body: 'fixed _it_' });
    expect(edited.json()).toMatchObject({ body: 'fixed _it_', body_html: '<p>fixed <em>it</em></p>' });
    expect((await api('PUT', url, 'guest', {})).statusCode).toBe(400);
    expect((await api('DELETE', url, 'reporter')).statusCode).toBe(403);
    expect((await api('DELETE', url, 'maintainer')).statusCode).toBe(204);
    expect((await api('GET', url, 'guest')).statusCode).toBe(404);
    const issue = await t.db.selectFrom('issues').select('id').where('iid', '=', 1).executeTakeFirstOrThrow();
    const sys = await t.db
      .insertInto('notes')
      .values({
        noteable_type: 'Issue',
        noteable_id: issue.id,
        project_id: projectId,
        discussion_id: 'abc123',
        note: 'closed',
        system: true,
        author_id: uid.owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await api('PUT', `${issueNotes()}/${sys.id}`, 'owner', { body: 'x' })).statusCode).toBe(403);
    expect((await api('DELETE', `${issueNotes()}/${sys.id}`, 'owner')).statusCode).toBe(403);
    expect((await api('GET', `${issueNotes()}/${sys.id}`, 'guest')).json().system).toBe(true);
    const activity = (await api('GET', `${issueNotes()}?activity_filter=only_activity`, 'guest')).json();
    expect(activity.map((x: { id: number }) => x.id)).toEqual([sys.id]);
    const comments = (await api('GET', `${issueNotes()}?activity_filter=only_comments&per_page=100`, 'guest')).json();
    expect(comments.every((x: { system: boolean }) => !x.system)).toBe(true);
    expect((await api('GET', `${issueNotes()}?activity_filter=bogus`, 'guest')).statusCode).toBe(400);
  });

  it('touches the issue updated_at when commenting', async () => {
    const old = new Date('2001-01-01T00:00:00Z');
    await t.db
      .updateTable('issues')
      .set({ updated_at: old })
      .where('project_id', '=', projectId)
      .where('iid', '=', 1)
      .execute();
    await api('POST', issueNotes(), 'guest', { body: 'bump' });
    const row = await t.db
      .selectFrom('issues')
      .select('updated_at')
      .where('project_id', '=', projectId)
      .where('iid', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.updated_at.getTime()).toBeGreaterThan(old.getTime());
  });

  it('honours created_at only for admins', async () => {
    const byAdmin = await api('POST', issueNotes(), 'admin', { body: 'old', created_at: '2020-01-02T03:04:05Z' });
    expect(byAdmin.json().created_at).toBe('2020-01-02T03:04:05.000Z');
    const byGuest = await api('POST', issueNotes(), 'guest', { body: 'old?', created_at: '2020-01-02T03:04:05Z' });
    expect(byGuest.json().created_at).not.toBe('2020-01-02T03:04:05.000Z');
    expect((await api('POST', issueNotes(), 'admin', { body: 'x', created_at: 'yesterday' })).statusCode).toBe(400);
  });
});

describe('issue discussions', () => {
  it('starts a thread, replies, and lists threads with individual notes', async () => {
    const started = await api('POST', `/projects/${projectId}/issues/1/discussions`, 'guest', { body: 'thread?' });
    expect(started.statusCode).toBe(201);
    const d = started.json();
    expect(d).toMatchObject({
      individual_note: false,
      notes: [{ body: 'thread?', type: 'DiscussionNote', resolvable: true }],
    });
    expect(d.id).toMatch(/^[0-9a-f]{40}$/);
    const reply = await api('POST', `/projects/${projectId}/issues/1/discussions/${d.id}/notes`, 'outsider', {
      body: 'yes',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ body: 'yes', type: 'DiscussionNote' });
    const one = (await api('GET', `/projects/${projectId}/issues/1/discussions/${d.id}`, 'guest')).json();
    expect(bodies(one.notes)).toEqual(['thread?', 'yes']);
    expect((await api('GET', `/projects/${projectId}/issues/1/discussions/ffff`, 'guest')).statusCode).toBe(404);
    expect(
      (await api('POST', `/projects/${projectId}/issues/1/discussions/ffff/notes`, 'guest', { body: 'x' })).statusCode,
    ).toBe(404);
    const list = await api('GET', `/projects/${projectId}/issues/1/discussions?per_page=100`, 'guest');
    const all = list.json() as { id: string; individual_note: boolean; notes: { body: string }[] }[];
    expect(all.find((x) => x.id === d.id)?.notes).toHaveLength(2);
    expect(all.filter((x) => x.individual_note).length).toBe(all.length - 1);
    expect(list.headers['x-total']).toBe(String(all.length));
  });

  it('replying to a lone comment turns it into a thread; internal threads stay internal', async () => {
    const lone = (await api('POST', issueNotes(), 'maintainer', { body: 'lone' })).json();
    const discussionId = (
      await t.db.selectFrom('notes').select('discussion_id').where('id', '=', lone.id).executeTakeFirstOrThrow()
    ).discussion_id;
    await api('POST', `/projects/${projectId}/issues/1/discussions/${discussionId}/notes`, 'guest', { body: 'reply' });
    const d = (await api('GET', `/projects/${projectId}/issues/1/discussions/${discussionId}`, 'guest')).json();
    expect(d.individual_note).toBe(false);
    expect(d.notes.map((n: { type: string }) => n.type)).toEqual(['DiscussionNote', 'DiscussionNote']);
    const internal = (
      await api('POST', `/projects/${projectId}/issues/1/discussions`, 'reporter', { body: 'inside', internal: true })
    ).json();
    expect((await api('GET', `/projects/${projectId}/issues/1/discussions/${internal.id}`, 'guest')).statusCode).toBe(
      404,
    );
    const r = await api('POST', `/projects/${projectId}/issues/1/discussions/${internal.id}/notes`, 'maintainer', {
      body: 'ok',
    });
    expect(r.json().internal).toBe(true);
  });
});

describe('epic notes', () => {
  it('uses the epic global id in the path, hides confidential epics from Guests', async () => {
    const url = `/groups/${groupId}/epics/${epicId}/notes`;
    const created = await api('POST', url, 'guest', { body: 'on the epic' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ noteable_type: 'Epic', noteable_id: epicId, noteable_iid: 1 });
    expect(created.json().project_id).toBeUndefined();
    expect(bodies((await api('GET', url)).json())).toEqual(['on the epic']);
    expect((await api('GET', `/groups/${groupId}/epics/${confidentialEpicId}/notes`, 'guest')).statusCode).toBe(404);
    expect((await api('GET', `/groups/${groupId}/epics/${confidentialEpicId}/notes`, 'reporter')).statusCode).toBe(200);
    expect((await api('GET', `/groups/${groupId}/epics/999999/notes`, 'guest')).json()).toEqual({
      message: '404 Epic Not Found',
    });
    const id = created.json().id;
    expect((await api('PUT', `${url}/${id}`, 'guest', { body: 'edited' })).json().body).toBe('edited');
    expect((await api('DELETE', `${url}/${id}`, 'guest')).statusCode).toBe(204);
  });
});
