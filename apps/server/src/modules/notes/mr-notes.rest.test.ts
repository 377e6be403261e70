import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';

/**
 * Merge request comments through the one notes service: notes, threads, replies, award emoji,
 * resolving threads (the merge request's author and Developer+), and what a ban hides.
 */
const t = useRestTestApp({
  prefix: 'mrn_',
  users: ['developer', 'reporter', 'author', 'outsider', 'spammer'],
  admins: ['admin'],
});
const { api, uid } = t;
let projectId: number;
let privateProjectId: number;
const mr = (iid = 1, project = () => projectId) => `/projects/${project()}/merge_requests/${iid}`;

beforeAll(async () => {
  const db = t.db;
  const g = await createGroup(db, { path: 'mrnpub', visibility: 20 });
  const p = await createProject(db, { namespaceId: g.id, path: 'web', visibility: 20 });
  const priv = await createProject(db, { namespaceId: g.id, path: 'secret', visibility: 0 });
  projectId = p.id;
  privateProjectId = priv.id;
  await addGroupMember(db, g.id, uid.developer ?? 0, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.reporter ?? 0, AccessLevel.REPORTER);
  const branches = { source_branch: 'feature', target_branch: 'main' };
  await db
    .insertInto('merge_requests')
    .values([
      { project_id: p.id, iid: 1, title: 'Add the thing', author_id: uid.author, ...branches },
      { project_id: p.id, iid: 2, title: 'Spammy merge request', author_id: uid.spammer, ...branches },
      { project_id: priv.id, iid: 1, title: 'private mr', author_id: uid.developer, ...branches },
    ])
    .execute();
});

describe('merge request notes', () => {
  it('adds, lists, edits and deletes comments as on issues; quick actions run as the write allows', async () => {
    // An outsider's /close is left out of the note and not applied; /approve (no approvals here) stays text.
    const created = await api('POST', `${mr()}/notes`, 'outsider', { body: 'Looks good\n/close\n/approve' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      noteable_type: 'MergeRequest',
      noteable_iid: 1,
      project_id: projectId,
      body: 'Looks good\n/approve',
      resolvable: false,
    });
    expect((await api('GET', mr(), 'outsider')).json().state).toBe('opened');
    const id = created.json().id;
    const list = await api('GET', `${mr()}/notes`, 'outsider');
    expect(list.json().map((n: { id: number }) => n.id)).toContain(id);
    expect(list.headers['x-total']).toBeDefined();
    expect((await api('PUT', `${mr()}/notes/${id}`, 'developer', { body: 'not mine' })).statusCode).toBe(403);
    expect((await api('PUT', `${mr()}/notes/${id}`, 'outsider', { body: 'Edited' })).json().body).toBe('Edited');
    expect((await api('GET', mr(), 'outsider')).json().user_notes_count).toBe(1);
    expect((await api('DELETE', `${mr()}/notes/${id}`, 'outsider')).statusCode).toBe(204);
    expect((await api('GET', `${mr()}/notes/${id}`, 'outsider')).statusCode).toBe(404);
  });

  it('is 404 where the merge request is not readable, 401 anonymous writes, 400 bad input', async () => {
    const priv = mr(1, () => privateProjectId);
    expect((await api('GET', `${priv}/notes`, 'outsider')).statusCode).toBe(404);
    expect((await api('POST', `${priv}/discussions`, 'outsider', { body: 'x' })).statusCode).toBe(404);
    expect((await api('GET', `${priv}/discussions`, 'developer')).statusCode).toBe(200);
    expect((await api('GET', `${mr(99)}/notes`, 'outsider')).statusCode).toBe(404);
    expect((await api('POST', `${mr()}/notes`, undefined, { body: 'x' })).statusCode).toBe(401);
    expect((await api('POST', `${mr()}/notes`, 'outsider', { body: ' ' })).statusCode).toBe(400);
    expect((await api('GET', `/projects/${projectId}/merge_requests/x/notes`, 'outsider')).statusCode).toBe(400);
  });

  it('awards emoji to the merge request and to its notes', async () => {
    const award = await api('POST', `${mr()}/award_emoji`, 'reporter', { name: 'thumbsup' });
    expect(award.statusCode).toBe(201);
    expect((await api('GET', mr(), 'outsider')).json().upvotes).toBe(1);
    const note = (await api('POST', `${mr()}/notes`, 'reporter', { body: 'emoji me' })).json();
    expect((await api('POST', `${mr()}/notes/${note.id}/award_emoji`, 'outsider', { name: 'tada' })).statusCode).toBe(
      201,
    );
    const awards = await api('GET', `${mr()}/notes/${note.id}/award_emoji`, 'developer');
    expect(awards.json().map((a: { name: string }) => a.name)).toEqual(['tada']);
  });
});

describe('merge request threads', () => {
  async function startThread(who: string, body: string) {
    const res = await api('POST', `${mr()}/discussions`, who, { body });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; individual_note: boolean; notes: Array<{ id: number; resolvable: boolean }> };
  }

  it('starts a resolvable thread, replies, and resolves it (the author, Developer+), GitLab shape', async () => {
    const d = await startThread('outsider', 'Please rename this');
    expect(d.individual_note).toBe(false);
    expect(d.notes[0]).toMatchObject({ type: 'DiscussionNote', resolvable: true, resolved: false, resolved_by: null });
    const reply = await api('POST', `${mr()}/discussions/${d.id}/notes`, 'author', { body: 'Done' });
    expect(reply.statusCode).toBe(201);

    // Neither the commenter nor a Reporter may resolve; the merge request's author may.
    for (const who of ['outsider', 'reporter']) {
      expect((await api('PUT', `${mr()}/discussions/${d.id}?resolved=true`, who)).statusCode).toBe(403);
    }
    const resolved = await api('PUT', `${mr()}/discussions/${d.id}?resolved=true`, 'author');
    expect(resolved.statusCode).toBe(200);
    for (const note of resolved.json().notes) {
      expect(note).toMatchObject({ resolved: true, resolved_by: { username: 'mrn_author' } });
      expect(note.resolved_at).toEqual(expect.any(String));
    }
    const listed = (await api('GET', `${mr()}/discussions`, 'outsider')).json();
    const again = listed.find((x: { id: string }) => x.id === d.id);
    expect(again.notes.every((n: { resolved: boolean }) => n.resolved)).toBe(true);

    const unresolved = await api('PUT', `${mr()}/discussions/${d.id}`, 'developer', { resolved: false });
    expect(unresolved.json().notes.every((n: { resolved: boolean }) => !n.resolved)).toBe(true);
  });

  it('resolves one note of a thread with PUT …/notes/:id (exactly one of body and resolved)', async () => {
    const d = await startThread('reporter', 'one note');
    const noteId = d.notes[0]?.id;
    const path = `${mr()}/discussions/${d.id}/notes/${noteId}`;
    expect((await api('PUT', path, 'developer', { body: 'x', resolved: true })).statusCode).toBe(400);
    expect((await api('PUT', path, 'developer', {})).statusCode).toBe(400);
    const res = await api('PUT', path, 'developer', { resolved: true });
    expect(res.json()).toMatchObject({ id: noteId, resolved: true, resolved_by: { username: 'mrn_developer' } });
    expect((await api('PUT', path, 'reporter', { body: 'edited' })).json().body).toBe('edited');
  });

  it('refuses to resolve a lone comment (403) and a thread of another merge request (404)', async () => {
    const lone = (await api('POST', `${mr()}/notes`, 'reporter', { body: 'lone' })).json();
    const discussions = (await api('GET', `${mr()}/discussions?per_page=100`, 'reporter')).json();
    const d = discussions.find((x: { notes: { id: number }[] }) => x.notes[0]?.id === lone.id);
    expect((await api('PUT', `${mr()}/discussions/${d.id}?resolved=true`, 'developer')).statusCode).toBe(403);
    const thread = await startThread('reporter', 'elsewhere');
    expect((await api('PUT', `${mr(2)}/discussions/${thread.id}?resolved=true`, 'developer')).statusCode).toBe(404);
    expect((await api('PUT', `${mr()}/discussions/${thread.id}?resolved=maybe`, 'developer')).statusCode).toBe(400);
  });

  it('answers userPermissions on GraphQL mergeRequest (createNote, resolveNote, adminNote)', async () => {
    const q = `{ project(fullPath: "mrnpub/web") { mergeRequest(iid: "1") { iid userPermissions { createNote resolveNote adminNote markNoteAsInternal } } } }`;
    const perms = async (who: string | null) =>
      dig(
        (await gql(t.app, q, {}, who ? t.tok[who] : undefined)).body.data,
        'project',
        'mergeRequest',
        'userPermissions',
      );
    expect(await perms('author')).toEqual({
      createNote: true,
      resolveNote: true,
      adminNote: false,
      markNoteAsInternal: false,
    });
    expect(await perms('developer')).toEqual({
      createNote: true,
      resolveNote: true,
      adminNote: false,
      markNoteAsInternal: true,
    });
    expect(await perms('reporter')).toMatchObject({ createNote: true, resolveNote: false });
    expect(await perms(null)).toMatchObject({ createNote: false, resolveNote: false });
  });
});

describe('a ban hides the author’s merge requests and comments from everyone but admins', () => {
  it('hides them in lists, counts, single reads, notes, discussions and GraphQL', async () => {
    const spamNote = await api('POST', `${mr()}/notes`, 'spammer', { body: 'buy things' });
    expect(spamNote.statusCode).toBe(201);
    const countBefore = (await api('GET', mr(), 'outsider')).json().user_notes_count;
    await t.db
      .updateTable('users')
      .set({ state: 'banned' })
      .where('id', '=', uid.spammer ?? 0)
      .execute();
    try {
      const titles = async (who: string) =>
        (await api('GET', `/projects/${projectId}/merge_requests?per_page=100`, who))
          .json()
          .map((m: { title: string }) => m.title);
      expect(await titles('outsider')).not.toContain('Spammy merge request');
      expect(await titles('admin')).toContain('Spammy merge request');
      const count = await api('GET', `/projects/${projectId}/merge_requests?per_page=1`, 'outsider');
      const adminCount = await api('GET', `/projects/${projectId}/merge_requests?per_page=1`, 'admin');
      expect(Number(count.headers['x-total'])).toBe(Number(adminCount.headers['x-total']) - 1);
      expect((await api('GET', mr(2), 'developer')).statusCode).toBe(404);
      expect((await api('GET', `${mr(2)}/notes`, 'developer')).statusCode).toBe(404);
      expect((await api('GET', mr(2), 'admin')).statusCode).toBe(200);

      const noteBodies = async (who: string) =>
        (await api('GET', `${mr()}/notes?per_page=100`, who)).json().map((n: { body: string }) => n.body);
      expect(await noteBodies('developer')).not.toContain('buy things');
      expect(await noteBodies('admin')).toContain('buy things');
      const discussions = (await api('GET', `${mr()}/discussions?per_page=100`, 'developer')).json();
      expect(JSON.stringify(discussions)).not.toContain('buy things');
      expect((await api('GET', `${mr()}/notes/${spamNote.json().id}`, 'developer')).statusCode).toBe(404);
      expect((await api('GET', mr(), 'outsider')).json().user_notes_count).toBe(countBefore - 1);

      const q = `{ project(fullPath: "mrnpub/web") { mergeRequests { count nodes { title } } mergeRequest(iid: "2") { title } } }`;
      const seen = (await gql(t.app, q, {}, t.tok.developer)).body.data;
      expect(JSON.stringify(seen)).not.toContain('Spammy');
      expect(dig(seen, 'project', 'mergeRequest')).toBeNull();
      const adminSeen = (await gql(t.app, q, {}, t.tok.admin)).body.data;
      expect(dig(adminSeen, 'project', 'mergeRequest', 'title')).toBe('Spammy merge request');
    } finally {
      await t.db
        .updateTable('users')
        .set({ state: 'active' })
        .where('id', '=', uid.spammer ?? 0)
        .execute();
    }
  });
});
