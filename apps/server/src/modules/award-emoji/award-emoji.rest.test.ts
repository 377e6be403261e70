import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'ae_',
  users: ['guest', 'other', 'outsider'],
  admins: ['admin'],
  groups: {
    pub: { path: 'aepub', visibility: 20, members: { guest: AccessLevel.GUEST } },
    priv: { path: 'aepriv' },
  },
  projects: {
    web: { path: 'web', group: 'pub', visibility: 20 },
    hidden: { path: 'hidden', group: 'priv' },
  },
});
const { api, uid, gid, pid } = t;
let issueId: number;
let epicId: number;
let noteId: number;

beforeAll(async () => {
  const db = t.db;
  await db.insertInto('issues').values({ project_id: pid.hidden, iid: 1, title: 'hidden' }).execute();
  issueId =
    (
      await db
        .insertInto('issues')
        .values([
          { project_id: pid.web, iid: 1, title: 'issue' },
          { project_id: pid.web, iid: 2, title: 'secret', confidential: true },
        ])
        .returning('id')
        .execute()
    )[0]?.id ?? 0;
  epicId = (
    await db
      .insertInto('epics')
      .values({ group_id: gid.pub, iid: 7, title: 'epic' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  noteId = (
    await db
      .insertInto('notes')
      .values({ noteable_type: 'Issue', noteable_id: issueId, project_id: pid.web, discussion_id: 'd1', note: 'hi' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('award emoji', () => {
  const issueUrl = () => `/projects/${pid.web}/issues/1/award_emoji`;

  it('awards on an issue (201), lists and shows it', async () => {
    const res = await api('POST', issueUrl(), 'guest', { name: 'thumbsup' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'thumbsup',
      user: { username: 'ae_guest' },
      awardable_id: issueId,
      awardable_type: 'Issue',
    });
    await api('POST', issueUrl(), 'other', { name: ':+1:' });
    const list = await api('GET', issueUrl());
    expect(list.json().map((a: { name: string }) => a.name)).toEqual(['thumbsup', '+1']);
    expect(list.headers['x-total']).toBe('2');
    const one = await api('GET', `${issueUrl()}/${res.json().id}`);
    expect(one.json().name).toBe('thumbsup');
  });

  it('rejects duplicates (404 as GitLab), bad names (400), anonymous (401), hidden things (404)', async () => {
    const dup = await api('POST', issueUrl(), 'guest', { name: 'thumbsup' });
    expect(dup.statusCode).toBe(404);
    expect(dup.json()).toEqual({ message: '404 Award Emoji Name has already been taken Not Found' });
    expect((await api('POST', issueUrl(), 'guest', { name: 'Thumbs Up!' })).statusCode).toBe(400);
    expect((await api('POST', issueUrl(), 'guest', {})).json()).toEqual({ error: 'name is missing', field: 'name' });
    expect((await api('POST', issueUrl(), undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await api('GET', `/projects/${pid.web}/issues/2/award_emoji`, 'guest')).statusCode).toBe(404);
    expect((await api('POST', `/projects/${pid.hidden}/issues/1/award_emoji`, 'guest', { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await api('GET', `${issueUrl()}/999999`)).json()).toEqual({ message: '404 Award Emoji Not Found' });
  });

  it('only the awarder or an admin may delete (403 otherwise)', async () => {
    const mine = (await api('POST', issueUrl(), 'guest', { name: 'tada' })).json();
    expect((await api('DELETE', `${issueUrl()}/${mine.id}`, 'other')).statusCode).toBe(403);
    expect((await api('DELETE', `${issueUrl()}/${mine.id}`, 'guest')).statusCode).toBe(204);
    const again = (await api('POST', issueUrl(), 'guest', { name: 'tada' })).json();
    expect((await api('DELETE', `${issueUrl()}/${again.id}`, 'admin')).statusCode).toBe(204);
    expect((await api('DELETE', `${issueUrl()}/${again.id}`, 'admin')).statusCode).toBe(404);
  });

  it('awards on notes and on epics (by iid)', async () => {
    const noteUrl = `/projects/${pid.web}/issues/1/notes/${noteId}/award_emoji`;
    const n = await api('POST', noteUrl, 'outsider', { name: 'eyes' });
    expect(n.statusCode).toBe(201);
    expect(n.json()).toMatchObject({ awardable_type: 'Note', awardable_id: noteId });
    expect((await api('GET', noteUrl)).json()).toHaveLength(1);
    expect((await api('GET', `/projects/${pid.web}/issues/1/notes/999999/award_emoji`)).statusCode).toBe(404);
    const epicUrl = `/groups/${gid.pub}/epics/7/award_emoji`;
    const e = await api('POST', epicUrl, 'outsider', { name: 'rocket' });
    expect(e.statusCode).toBe(201);
    expect(e.json()).toMatchObject({ awardable_type: 'Epic', awardable_id: epicId });
    expect((await api('GET', epicUrl)).json().map((a: { name: string }) => a.name)).toEqual(['rocket']);
    expect((await api('GET', `/groups/${gid.pub}/epics/8/award_emoji`)).statusCode).toBe(404);
    // the issue list does not see the note's award
    expect((await api('GET', issueUrl())).json().map((a: { name: string }) => a.name)).toEqual(['thumbsup', '+1']);
  });
});

describe('award emoji in a page of discussions', () => {
  it("carries each note's reactions with its note (no request per note), the others' too", async () => {
    const url = `/projects/${pid.web}/issues/1/notes/${noteId}/award_emoji`;
    expect((await api('POST', url, 'guest', { name: 'tada' })).statusCode).toBe(201);
    expect((await api('POST', url, 'other', { name: 'tada' })).statusCode).toBe(201);
    const page = await api('GET', `/projects/${pid.web}/issues/1/discussions`, 'outsider');
    expect(page.statusCode).toBe(200);
    const note = (page.json() as Array<{ notes: Array<{ id: number; award_emoji: unknown[] }> }>)
      .flatMap((d) => d.notes)
      .find((n) => n.id === noteId);
    const tada = (note?.award_emoji ?? []).filter((a) => (a as { name: string }).name === 'tada');
    expect(tada).toEqual([
      expect.objectContaining({ name: 'tada', awardable_id: noteId, user: expect.objectContaining({ id: uid.guest }) }),
      expect.objectContaining({ name: 'tada', awardable_id: noteId, user: expect.objectContaining({ id: uid.other }) }),
    ]);
  });
});
