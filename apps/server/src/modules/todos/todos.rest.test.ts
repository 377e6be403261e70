import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { expectStatuses, openMergeRequest } from '../../test/api-client';
import { createGroupMembers } from '../../test/factories';
import { useGroupProjectApp } from '../../test/group-project-app';
import { expectFixedStatements } from '../../test/statement-count';

/** To-do items from mentions and assignments, and GitLab's to-do API (issue 12). */

const t = useGroupProjectApp({
  group: 'todo',
  prefix: 'todo-',
  members: {
    author: AccessLevel.DEVELOPER,
    bob: AccessLevel.REPORTER,
    carol: AccessLevel.GUEST,
    dave: AccessLevel.DEVELOPER,
  },
  outsiders: ['outsider'],
});
const { api, uid } = t;

beforeAll(async () => {
  // Ten members to mention at once (todo-crowd0 … todo-crowd9).
  await createGroupMembers(
    t.db,
    t.groupId,
    'todo-',
    Array.from({ length: 10 }, (_, i) => [`crowd${i}`, AccessLevel.GUEST] as const),
  );
});

async function newIssue(body: object = {}) {
  const res = await api('POST', `/projects/${t.projectId}/issues`, 'author', { title: 'Work', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().iid as number;
}

async function todosOf(who: string, query = '') {
  const res = await api('GET', `/todos${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{
    id: number;
    action_name: string;
    target_type: string;
    target: { iid: number; title: string };
    body: string;
    state: string;
    author: { username: string };
    target_url: string;
  }>;
}

const comment = (iid: number, body: string, who = 'author', extra: object = {}) =>
  api('POST', `/projects/${t.projectId}/issues/${iid}/notes`, who, { body, ...extra });

describe('to-do items from mentions', () => {
  it('a comment gives each mentioned reader a to-do: directly addressed first, never the author or a non-reader', async () => {
    const iid = await newIssue();
    const res = await comment(iid, '@todo-bob @todo-outsider please look, cc @todo-carol and @todo-author');
    expect(res.statusCode).toBe(201);
    const bob = (await todosOf('bob')).filter((todo) => todo.target.iid === iid);
    expect(bob.map((todo) => todo.action_name)).toEqual(['directly_addressed']);
    expect(bob[0]?.author.username).toBe('todo-author');
    expect(bob[0]?.body).toContain('please look');
    expect(bob[0]?.target_url).toMatch(new RegExp(`/todo/app/-/issues/${iid}#note_\\d+$`));
    expect((await todosOf('carol')).filter((todo) => todo.target.iid === iid).map((todo) => todo.action_name)).toEqual([
      'mentioned',
    ]);
    expect(await todosOf('outsider')).toEqual([]);
    expect((await todosOf('author')).filter((todo) => todo.target.iid === iid)).toEqual([]);
  });

  it('a merge request comment gives the mentioned readers a to-do pointing at the merge request', async () => {
    const { iid } = await openMergeRequest(api, t.projectId, 'author', {
      title: 'Review me',
      source_branch: 'review-me',
    });
    const res = await api('POST', `/projects/${t.projectId}/merge_requests/${iid}/notes`, 'author', {
      body: '@todo-dave could you review? cc @todo-outsider',
    });
    expect(res.statusCode, res.body).toBe(201);
    const dave = (await todosOf('dave', '?type=MergeRequest')).filter((todo) => todo.target.iid === iid);
    expect(dave.map((todo) => [todo.action_name, todo.target_type, todo.target.title])).toEqual([
      ['directly_addressed', 'MergeRequest', 'Review me'],
    ]);
    expect(dave[0]?.target_url).toMatch(new RegExp(`/todo/app/-/merge_requests/${iid}#note_\\d+$`));
    const full = (await api('GET', '/todos?type=MergeRequest', 'dave')).json() as Array<{
      target: { reference: string };
      project: { id: number } | null;
    }>;
    expect(full[0]?.target.reference).toBe(`todo/app!${iid}`);
    expect(full[0]?.project?.id).toBe(t.projectId);
    expect(await todosOf('outsider')).toEqual([]);
  });

  it('mentions in code do not count, and an edit adds to-dos only for new mentions', async () => {
    const iid = await newIssue();
    const res = await comment(iid, 'see `@todo-bob` and\n```\n@todo-carol\n```\n@todo-dave');
    const noteId = res.json().id as number;
    const count = async (who: string) => (await todosOf(who)).filter((todo) => todo.target.iid === iid).length;
    expect([await count('bob'), await count('carol'), await count('dave')]).toEqual([0, 0, 1]);
    const edit = await api('PUT', `/projects/${t.projectId}/issues/${iid}/notes/${noteId}`, 'author', {
      body: '@todo-dave and now @todo-bob',
    });
    expect(edit.statusCode).toBe(200);
    expect([await count('bob'), await count('dave')]).toEqual([1, 1]);
  });

  it('an internal comment gives to-dos only to those who may read internal notes', async () => {
    const iid = await newIssue();
    await comment(iid, 'internal: @todo-bob @todo-carol', 'author', { internal: true });
    expect((await todosOf('bob')).some((todo) => todo.target.iid === iid)).toBe(true);
    expect((await todosOf('carol')).some((todo) => todo.target.iid === iid)).toBe(false);
  });

  it('a description mentions on create and on edit; a confidential issue only reaches its readers', async () => {
    const iid = await newIssue({ description: 'for @todo-carol', confidential: true });
    expect((await todosOf('carol')).some((todo) => todo.target.iid === iid)).toBe(false);
    const open = await newIssue({ description: 'for @todo-carol' });
    expect((await todosOf('carol')).some((todo) => todo.target.iid === open)).toBe(true);
    await api('PUT', `/projects/${t.projectId}/issues/${open}`, 'author', {
      description: 'for @todo-carol and @todo-dave',
    });
    const dave = (await todosOf('dave')).filter((todo) => todo.target.iid === open);
    expect(dave.map((todo) => todo.action_name)).toEqual(['mentioned']);
    expect((await todosOf('carol')).filter((todo) => todo.target.iid === open)).toHaveLength(1);
  });

  it('a to-do drops out of the list and the count when its target becomes hidden from the user', async () => {
    const iid = await newIssue({ description: 'hey @todo-carol' });
    const before = (await api('GET', '/user_counts', 'carol')).json().todos as number;
    expect((await todosOf('carol')).some((todo) => todo.target.iid === iid)).toBe(true);
    await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'author', { confidential: true });
    expect((await todosOf('carol')).some((todo) => todo.target.iid === iid)).toBe(false);
    expect((await api('GET', '/user_counts', 'carol')).json().todos).toBe(before - 1);
  });

  it('costs the same statements for 2 or 10 mentioned users', async () => {
    const iid = await newIssue();
    await expectFixedStatements(
      t.database,
      (size) => comment(iid, Array.from({ length: size }, (_, i) => `@todo-crowd${i}`).join(' ')),
      [2, 10],
      40,
    );
  });
});

describe('assigned to-dos', () => {
  it('assigning someone else gives them an assigned to-do; assigning yourself does not', async () => {
    const iid = await newIssue();
    await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'author', { assignee_ids: [uid.dave, uid.author] });
    expect((await todosOf('dave')).filter((todo) => todo.target.iid === iid).map((todo) => todo.action_name)).toEqual([
      'assigned',
    ]);
    expect((await todosOf('author')).filter((todo) => todo.target.iid === iid)).toEqual([]);
    // Assigning again the same people adds nothing.
    await api('PUT', `/projects/${t.projectId}/issues/${iid}`, 'author', { assignee_ids: [uid.dave] });
    expect((await todosOf('dave')).filter((todo) => todo.target.iid === iid)).toHaveLength(1);
  });
});

describe('the to-do API', () => {
  it('filters, marks done one or all, restores, and keeps each user to their own', async () => {
    const iid = await newIssue();
    await comment(iid, 'ping @todo-dave');
    const [todo] = (await todosOf('dave', '?action=mentioned&type=Issue')).filter((x) => x.target.iid === iid);
    expect(todo).toBeDefined();
    const id = todo?.id as number;
    await expectStatuses(api, [
      ['GET', '/todos', undefined, undefined, 401],
      ['GET', '/todos?state=later', 'dave', undefined, 400],
      ['POST', `/todos/${id}/mark_as_done`, 'bob', undefined, 404],
      ['POST', '/todos/999999/mark_as_done', 'dave', undefined, 404],
      ['POST', '/todos/mark_as_done', undefined, undefined, 401],
    ]);
    const done = await api('POST', `/todos/${id}/mark_as_done`, 'dave');
    expect(done.statusCode).toBe(201);
    expect(done.json().state).toBe('done');
    expect((await todosOf('dave', '?state=done')).some((x) => x.id === id)).toBe(true);
    expect((await todosOf('dave')).some((x) => x.id === id)).toBe(false);
    expect((await api('POST', `/todos/${id}/mark_as_pending`, 'dave')).json().state).toBe('pending');
    expect((await api('POST', '/todos/mark_as_done', 'dave')).statusCode).toBe(204);
    expect(await todosOf('dave')).toEqual([]);
    expect((await api('GET', '/user_counts', 'dave')).json()).toEqual({ todos: 0 });
  });

  it('POST …/issues/:iid/todo marks an issue for later once (304 the second time); 404 for a hidden issue', async () => {
    const iid = await newIssue();
    const first = await api('POST', `/projects/${t.projectId}/issues/${iid}/todo`, 'bob');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ action_name: 'marked', target_type: 'Issue', state: 'pending' });
    expect((await api('POST', `/projects/${t.projectId}/issues/${iid}/todo`, 'bob')).statusCode).toBe(304);
    expect((await api('POST', `/projects/${t.projectId}/issues/${iid}/todo`, 'outsider')).statusCode).toBe(404);
  });
});
