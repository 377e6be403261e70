import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { createGroup, createGroupMembers, createProject } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useRestTestApp } from '../test/rest-test-app';

/**
 * GitLab's createNote: the same `createComment` call as REST `POST …/notes`, so the same input
 * schema, permissions, quick actions and one transaction.
 */
const t = useRestTestApp({ prefix: 'cn-', users: ['stranger'] });
const { api, tok: tokens } = t;
const ids = { project: 0, group: 0, issue: 0, issueIid: 0, mr: 0, mrIid: 0, epic: 0 };
const NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

const CREATE = `mutation($input: CreateNoteInput!) {
  createNote(input: $input) {
    clientMutationId
    note { id body internal system author { username } discussion { id } }
    quickActionsStatus { messages errorMessages commandNames commandsOnly }
    errors
  }
}`;

const createNote = (who: string | undefined, input: Record<string, unknown>) =>
  gql(t.app, CREATE, { input }, who ? tokens[who] : undefined);
interface Payload {
  note: { id: string } | null;
  quickActionsStatus: { commandsOnly: boolean } | null;
}
const payload = (res: Awaited<ReturnType<typeof createNote>>) => dig(res.body.data, 'createNote') as Payload;

const userNotes = async (type: string, id: number) =>
  (
    await t.db
      .selectFrom('notes')
      .select(['note', 'internal', 'discussion_id'])
      .where('noteable_type', '=', type)
      .where('noteable_id', '=', id)
      .where('system', '=', false)
      .orderBy('id')
      .execute()
  ).map((n) => n.note);

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'cn', name: 'Create note' });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'app' });
  Object.assign(ids, { project: project.id, group: group.id });
  const members = await createGroupMembers(t.db, group.id, 'cn-', [
    ['maintainer', AccessLevel.MAINTAINER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, members.tokens);
  await t.db
    .insertInto('labels')
    .values([
      { project_id: project.id, title: 'bug', color: '#d9534f', text_color: '#FFFFFF' },
      { group_id: group.id, title: 'ux', color: '#428bca', text_color: '#FFFFFF' },
    ])
    .execute();
  const issue = await api('POST', `/projects/${project.id}/issues`, 'maintainer', { title: 'Crash' });
  const mr = await api('POST', `/projects/${project.id}/merge_requests`, 'maintainer', {
    title: 'Fix',
    source_branch: 'fix',
    target_branch: 'main',
  });
  const epic = await api('POST', `/groups/${group.id}/epics`, 'maintainer', { title: 'Roadmap' });
  for (const res of [issue, mr, epic]) expect(res.statusCode, res.body).toBe(201);
  Object.assign(ids, {
    issue: issue.json().id,
    issueIid: issue.json().iid,
    mr: mr.json().id,
    mrIid: mr.json().iid,
    epic: epic.json().id,
  });
});

const issueGid = () => `gid://gitlab/Issue/${ids.issue}`;

describe('createNote', () => {
  it('adds a comment to an issue, as REST does', async () => {
    const res = await createNote('maintainer', { noteableId: issueGid(), body: 'Looks good', clientMutationId: 'm1' });
    expect(res.body.errors).toBeUndefined();
    const out = payload(res);
    expect(out).toMatchObject({
      clientMutationId: 'm1',
      note: { body: 'Looks good', internal: false, system: false, author: { username: 'cn-maintainer' } },
      quickActionsStatus: null,
      errors: [],
    });
    expect(out.note?.id).toMatch(/^gid:\/\/gitlab\/Note\/\d+$/);
    expect(await userNotes('Issue', ids.issue)).toContain('Looks good');
  });

  it('replies in a thread named by discussionId', async () => {
    const thread = await api('POST', `/projects/${ids.project}/issues/${ids.issueIid}/discussions`, 'maintainer', {
      body: 'Start',
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const discussionId = `gid://gitlab/Discussion/${thread.json().id}`;
    const out = payload(await createNote('guest', { noteableId: issueGid(), body: 'Reply', discussionId }));
    expect(out).toMatchObject({ note: { body: 'Reply', discussion: { id: discussionId } }, errors: [] });
    const replies = await t.db
      .selectFrom('notes')
      .select('note')
      .where('discussion_id', '=', thread.json().id)
      .orderBy('id')
      .execute();
    expect(replies.map((r) => r.note)).toEqual(['Start', 'Reply']);
  });

  it('adds an internal note for a Reporter and up; a Guest is refused with the one message', async () => {
    const out = payload(await createNote('maintainer', { noteableId: issueGid(), body: 'Between us', internal: true }));
    expect(out.note).toMatchObject({ body: 'Between us', internal: true });
    const refused = await createNote('guest', { noteableId: issueGid(), body: 'Psst', internal: true });
    expect(refused.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    expect(await userNotes('Issue', ids.issue)).not.toContain('Psst');
  });

  it('stores the comment and applies its /label in the same call', async () => {
    const out = payload(await createNote('maintainer', { noteableId: issueGid(), body: 'Triaged.\n/label ~bug' }));
    expect(out).toMatchObject({
      note: { body: 'Triaged.' },
      quickActionsStatus: { messages: ['Added ~bug label.'], errorMessages: [], commandNames: ['label'] },
      errors: [],
    });
    expect(out.quickActionsStatus?.commandsOnly).toBe(false);
    const labels = await api('GET', `/projects/${ids.project}/issues/${ids.issueIid}`, 'maintainer');
    expect(labels.json().labels).toEqual(['bug']);
  });

  it('keeps the comment when a command is refused, with its message (as REST)', async () => {
    const out = payload(await createNote('guest', { noteableId: issueGid(), body: 'Guest says hi.\n/close' }));
    expect(out).toMatchObject({
      note: { body: 'Guest says hi.' },
      quickActionsStatus: { messages: [], errorMessages: ['Could not apply close command.'], commandsOnly: false },
    });
    const issue = await api('GET', `/projects/${ids.project}/issues/${ids.issueIid}`, 'maintainer');
    expect(issue.json().state).toBe('opened');
  });

  it('answers no note and the messages for a body of commands only (merge request)', async () => {
    const out = payload(
      await createNote('maintainer', { noteableId: `gid://gitlab/MergeRequest/${ids.mr}`, body: '/label ~bug' }),
    );
    expect(out).toEqual({
      clientMutationId: null,
      note: null,
      quickActionsStatus: {
        messages: ['Added ~bug label.'],
        errorMessages: [],
        commandNames: ['label'],
        commandsOnly: true,
      },
      errors: [],
    });
    expect(await userNotes('MergeRequest', ids.mr)).toEqual([]);
    const mr = await api('GET', `/projects/${ids.project}/merge_requests/${ids.mrIid}`, 'maintainer');
    expect(mr.json().labels).toEqual(['bug']);
  });

  it('comments on an epic and on an issue named by its work item id', async () => {
    const epic = payload(
      await createNote('maintainer', { noteableId: `gid://gitlab/Epic/${ids.epic}`, body: 'Epic note' }),
    );
    expect(epic.note).toMatchObject({ body: 'Epic note' });
    expect(await userNotes('Epic', ids.epic)).toEqual(['Epic note']);
    const item = payload(
      await createNote('maintainer', { noteableId: `gid://gitlab/WorkItem/${ids.issue}`, body: 'Via work item' }),
    );
    expect(item.note).toMatchObject({ body: 'Via work item' });
  });

  it('answers the same error for an unreadable noteable as for a missing one, and stores nothing', async () => {
    const hidden = await createNote('stranger', { noteableId: issueGid(), body: 'Let me in' });
    const missing = await createNote('stranger', { noteableId: 'gid://gitlab/Issue/999999', body: 'Let me in' });
    const anonymous = await createNote(undefined, { noteableId: issueGid(), body: 'Let me in' });
    for (const res of [hidden, missing, anonymous]) {
      expect(res.body.errors?.map((e) => e.message)).toEqual([NOT_AVAILABLE]);
      expect(payload(res)).toBeNull();
    }
    expect(await userNotes('Issue', ids.issue)).not.toContain('Let me in');
  });

  it('refuses an oversize or blank body through the REST input schema, naming it', async () => {
    const long = payload(await createNote('maintainer', { noteableId: issueGid(), body: 'x'.repeat(1_000_001) }));
    expect(long).toMatchObject({ note: null, errors: ['body is too long (maximum is 1000000 characters)'] });
    const blank = payload(await createNote('maintainer', { noteableId: issueGid(), body: '   ' }));
    expect(blank).toMatchObject({ note: null, errors: ["body is invalid: Note can't be blank"] });
  });

  it('refuses a noteable id of another type before any resolver runs', async () => {
    const res = await createNote('maintainer', { noteableId: `gid://gitlab/Project/${ids.project}`, body: 'Hi' });
    expect(res.body.errors?.[0]?.message).toContain('is not a valid NoteableID');
  });
});
