import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { seedDemo } from '../seed/seed-demo';
import { addProjectMember, createToken, createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';

/*
 * Issue 28 causes 6–9: what each field and mutation GitLab's sidebar documents use answers, and who
 * is refused (the documents themselves run in gitlab-documents.graphql.test.ts).
 */

const PROJECT = 'acme/product/web-app';

const t = useTestApp(
  async (app) => {
    await seedDemo(app.db, { password: 'demo-password-1', now: new Date('2025-03-15T12:00:00Z') });
    const alice = await app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    const project = await app.db
      .selectFrom('projects as p')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('p.id')
      .where('p.path', '=', 'web-app')
      .executeTakeFirstOrThrow();
    const guest = await createUser(app.db, { username: 'sidebar-guest' });
    await addProjectMember(app.db, project.id, guest.id, AccessLevel.GUEST);
    return {
      alice: await createToken(app.db, alice.id),
      guest: await createToken(app.db, guest.id),
      projectId: project.id,
    };
  },
  { timeout: 180_000 },
);

// GitLab's own sidebar documents run in the compatibility suite (gitlab-documents.graphql.test.ts).

const ISSUE = `query($path: ID!, $iid: String) { project(fullPath: $path) { issue(iid: $iid) {
  id subscribed emailsDisabled timeEstimate totalTimeSpent humanTimeEstimate humanTotalTimeSpent
  currentUserTodos { nodes { id state } } participants { nodes { username } }
} group { emailsDisabled } } }`;
const issue = async (token: string, iid = '2') =>
  dig((await gql(t.app, ISSUE, { path: PROJECT, iid }, token)).body.data, 'project', 'issue') as Record<
    string,
    unknown
  >;

describe('the issue sidebar fields and mutations', () => {
  it('subscribes, adds a to-do and marks it done, as the sidebar does', async () => {
    const before = await issue(t.world.alice);
    const sub = await gql(
      t.app,
      `mutation($s: Boolean!) { issueSetSubscription(input: { projectPath: "${PROJECT}", iid: "2", subscribedState: $s }) { issue { subscribed } errors } }`,
      { s: !before.subscribed },
      t.world.alice,
    );
    expect(dig(sub.body.data, 'issueSetSubscription')).toEqual({
      issue: { subscribed: !before.subscribed },
      errors: [],
    });
    expect((await issue(t.world.alice)).subscribed).toBe(!before.subscribed);

    const todoCreate = () =>
      gql(
        t.app,
        'mutation($id: TodoableID!) { todoCreate(input: { targetId: $id }) { todo { id state } errors } }',
        { id: before.id },
        t.world.alice,
      );
    const created = await todoCreate();
    const todo = dig(created.body.data, 'todoCreate', 'todo') as { id: string; state: string };
    expect(todo.state).toBe('pending');
    expect((await issue(t.world.alice)).currentUserTodos).toEqual({ nodes: [todo] });
    // A second todoCreate returns the pending to-do, as GitLab's, and adds none.
    const again = await todoCreate();
    expect(dig(again.body.data, 'todoCreate')).toEqual({ todo, errors: [] });
    expect((await issue(t.world.alice)).currentUserTodos).toEqual({ nodes: [todo] });
    const done = await gql(
      t.app,
      'mutation($id: TodoID!) { todoMarkDone(input: { id: $id }) { todo { id state } errors } }',
      { id: todo.id },
      t.world.alice,
    );
    expect(dig(done.body.data, 'todoMarkDone')).toEqual({ todo: { id: todo.id, state: 'done' }, errors: [] });
    expect((await issue(t.world.alice)).currentUserTodos).toEqual({ nodes: [] });
    // Another's to-do is not found.
    const stolen = await gql(
      t.app,
      'mutation($id: TodoID!) { todoMarkDone(input: { id: $id }) { errors } }',
      { id: todo.id },
      t.world.guest,
    );
    expect(stolen.body.errors?.length).toBe(1);
  });

  it('sets the due date, weight, assignees and clears them, through the update service', async () => {
    const set = (name: string, args: string) =>
      gql(
        t.app,
        `mutation { ${name}(input: { projectPath: "${PROJECT}", iid: "3", ${args} }) { issue { dueDate weight assignees { nodes { username } } } errors } }`,
        {},
        t.world.alice,
      );
    expect(
      dig((await set('issueSetDueDate', 'dueDate: "2030-05-06"')).body.data, 'issueSetDueDate', 'issue', 'dueDate'),
    ).toMatch(/^2030-05-06/);
    expect(
      dig((await set('issueSetDueDate', 'dueDate: null')).body.data, 'issueSetDueDate', 'issue', 'dueDate'),
    ).toBeNull();
    expect(dig((await set('issueSetWeight', 'weight: 5')).body.data, 'issueSetWeight', 'issue', 'weight')).toBe(5);
    const bad = await set('issueSetWeight', 'weight: -1');
    expect((dig(bad.body.data, 'issueSetWeight', 'errors') as string[])[0]).toMatch(/weight/i);
    const replaced = await set('issueSetAssignees', 'assigneeUsernames: ["alice", "no-such-user"]');
    expect(dig(replaced.body.data, 'issueSetAssignees', 'issue', 'assignees')).toEqual({
      nodes: [{ username: 'alice' }],
    });
    const removed = await set('issueSetAssignees', 'assigneeUsernames: ["ALICE"], operationMode: REMOVE');
    expect(dig(removed.body.data, 'issueSetAssignees', 'issue', 'assignees')).toEqual({ nodes: [] });
    const after = await issue(t.world.alice, '3');
    expect((after.participants as { nodes: { username: string }[] }).nodes.length).toBeGreaterThan(0);
  });

  it('time tracking fields answer the issue’s estimate and spent time', async () => {
    const row = await t.db
      .selectFrom('issues')
      .select(['id', 'iid'])
      .where('project_id', '=', t.world.projectId)
      .where('iid', '=', 4)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('issues')
      .set({ time_estimate: 3600 * 9 })
      .where('id', '=', row.id)
      .execute();
    const answer = await issue(t.world.alice, '4');
    expect(answer).toMatchObject({ timeEstimate: 32400, humanTimeEstimate: '1d 1h', emailsDisabled: false });
    expect(typeof answer.totalTimeSpent).toBe('number');
  });

  it('emailsDisabled answers the group setting in force: an ancestor turning emails off', async () => {
    const setEmails = (enabled: boolean) =>
      t.db.updateTable('namespaces').set({ emails_enabled: enabled }).where('path', '=', 'acme').execute();
    const query = `query($path: ID!) { project(fullPath: $path) { issue(iid: "2") { emailsDisabled } }
      group(fullPath: "acme/product") { emailsDisabled } }`;
    const read = async () => (await gql(t.app, query, { path: PROJECT }, t.world.alice)).body.data;
    expect(await read()).toEqual({ project: { issue: { emailsDisabled: false } }, group: { emailsDisabled: false } });
    await setEmails(false);
    try {
      expect(await read()).toEqual({ project: { issue: { emailsDisabled: true } }, group: { emailsDisabled: true } });
    } finally {
      await setEmails(true);
    }
  });

  it('refuses a Guest the lock of a merge request and the confidentiality of an issue', async () => {
    const lock = await gql(
      t.app,
      `mutation { mergeRequestSetLocked(input: { projectPath: "${PROJECT}", iid: "1", locked: true }) { mergeRequest { discussionLocked } errors } }`,
      {},
      t.world.guest,
    );
    expect(lock.body.errors?.length ?? 0).toBe(1);
    const conf = await gql(
      t.app,
      `mutation { issueSetConfidential(input: { projectPath: "${PROJECT}", iid: "5", confidential: true }) { issue { confidential } errors } }`,
      {},
      t.world.guest,
    );
    expect(conf.body.errors?.length ?? 0).toBe(1);
  });

  it('a note answers its url, permissions and icon', async () => {
    const res = await gql(
      t.app,
      `mutation($id: NoteableID!) { createNote(input: { noteableId: $id, body: "sidebar note" }) { note {
        url systemNoteIconName lastEditedAt lastEditedBy { username }
        userPermissions { adminNote awardEmoji createNote readNote repositionNote resolveNote }
        discussion { notes { nodes { body } } } } errors } }`,
      { id: (await issue(t.world.alice, '6')).id },
      t.world.alice,
    );
    expect(dig(res.body.data, 'createNote', 'errors')).toEqual([]);
    const note = dig(res.body.data, 'createNote', 'note') as Record<string, unknown>;
    expect(note.url).toMatch(/\/acme\/product\/web-app\/-\/issues\/6#note_\d+$/);
    expect(note).toMatchObject({
      systemNoteIconName: null,
      lastEditedAt: null,
      lastEditedBy: null,
      userPermissions: { adminNote: true, awardEmoji: true, createNote: true, readNote: true, resolveNote: false },
      discussion: { notes: { nodes: [{ body: 'sidebar note' }] } },
    });
  });
});
