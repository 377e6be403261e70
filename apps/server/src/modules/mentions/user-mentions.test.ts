import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { apiClient, type CreatedIssuable, postCreated } from '../../test/api-client';
import { addGroupMembers, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { expectFixedStatements } from '../../test/statement-count';

/**
 * IE-33: participants include the users an item's description and public comments mention
 * (user_mentions), for issues (REST, WorkItem widget) and epics (GraphQL) — only those who may read it.
 */
const t = useRestTestApp({ prefix: 'men_', users: ['owner', 'reporter', 'guest', 'outsider', 'commenter'] });
const { api, uid } = t;
const page = apiClient(() => t.app, t.tok, '');
let groupId: number;
let projectId: number;

const names = (users: Array<{ username: string }>) => users.map((u) => u.username.replace(/^men_/, '')).sort();

async function issueParticipants(iid: number) {
  const res = await api('GET', `/projects/${projectId}/issues/${iid}/participants`, 'owner');
  expect(res.statusCode, res.body).toBe(200);
  return names(res.json());
}

async function epicParticipants(iid: number) {
  const query = `{ group(fullPath: "meng") { epic(iid: "${iid}") { participants { nodes { username } } } } }`;
  const res = await page('POST', '/api/graphql', 'owner', { query });
  const data = res.json() as { data: { group: { epic: { participants: { nodes: Array<{ username: string }> } } } } };
  return names(data.data.group.epic.participants.nodes);
}

const mentionRows = async () =>
  (await t.db.selectFrom('user_mentions').select(['issue_id', 'epic_id', 'note_id', 'user_id']).execute()).length;

beforeAll(async () => {
  groupId = (await createGroup(t.db, { path: 'meng', visibility: 0 })).id;
  projectId = (await createProject(t.db, { namespaceId: groupId, path: 'menp' })).id;
  await addGroupMembers(t.db, groupId, [
    [uid.owner ?? 0, AccessLevel.OWNER],
    [uid.reporter ?? 0, AccessLevel.REPORTER],
    [uid.guest ?? 0, AccessLevel.GUEST],
    [uid.commenter ?? 0, AccessLevel.REPORTER],
  ]);
});

describe('issue participants', () => {
  it('add who the description and public comments mention; an edit replaces the description’s mentions', async () => {
    const issues = `/projects/${projectId}/issues`;
    const issue = await postCreated<CreatedIssuable>(api, issues, 'owner', {
      title: 'M',
      description: 'Ask @men_reporter',
    });
    expect(await issueParticipants(issue.iid)).toEqual(['owner', 'reporter']);
    const note = await api('POST', `/projects/${projectId}/issues/${issue.iid}/notes`, 'commenter', {
      body: 'cc @MEN_GUEST and @nobody_here',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(await issueParticipants(issue.iid)).toEqual(['commenter', 'guest', 'owner', 'reporter']);

    await api('PUT', `/projects/${projectId}/issues/${issue.iid}`, 'owner', { description: 'No one now' });
    expect(await issueParticipants(issue.iid)).toEqual(['commenter', 'guest', 'owner']);
    // Deleting the comment deletes its mentions.
    const noteId = (note.json() as { id: number }).id;
    const before = await mentionRows();
    await api('DELETE', `/projects/${projectId}/issues/${issue.iid}/notes/${noteId}`, 'commenter');
    expect(await mentionRows()).toBe(before - 1);
    expect(await issueParticipants(issue.iid)).toEqual(['owner']);
  });

  it('leave out mentioned users who may not read a confidential issue, and internal comments’ mentions', async () => {
    const issue = await postCreated<CreatedIssuable>(api, `/projects/${projectId}/issues`, 'owner', {
      title: 'Secret',
      confidential: true,
      description: '@men_guest @men_outsider @men_reporter',
    });
    // The Guest and the outsider are mentioned (stored) but may not read it: not listed.
    expect(await issueParticipants(issue.iid)).toEqual(['owner', 'reporter']);
    const internal = await api('POST', `/projects/${projectId}/issues/${issue.iid}/notes`, 'reporter', {
      body: 'psst @men_commenter',
      internal: true,
    });
    expect(internal.statusCode, internal.body).toBe(201);
    expect(await issueParticipants(issue.iid)).toEqual(['owner', 'reporter']);
    // The WorkItem widget reads the same list.
    const query = `{ workItem(id: "gid://gitlab/WorkItem/${issue.id}") { widgets { ... on WorkItemWidgetParticipants { participants { nodes { username } } } } } }`;
    const res = (await page('POST', '/api/graphql', 'owner', { query })).json() as {
      data: { workItem: { widgets: Array<{ participants?: { nodes: Array<{ username: string }> } }> } };
    };
    const widget = res.data.workItem.widgets.find((w) => w.participants);
    expect(names(widget?.participants?.nodes ?? [])).toEqual(['owner', 'reporter']);
  });
});

describe('epic participants', () => {
  it('add who the description and comments mention, only those who may read the epic', async () => {
    const epic = await postCreated<CreatedIssuable>(api, `/groups/${groupId}/epics`, 'owner', {
      title: 'E',
      description: 'For @men_guest',
    });
    expect(await epicParticipants(epic.iid)).toEqual(['guest', 'owner']);
    await api('POST', `/groups/${groupId}/epics/${epic.id}/notes`, 'reporter', { body: '@men_outsider look' });
    // The outsider cannot read the private group's epic.
    expect(await epicParticipants(epic.iid)).toEqual(['guest', 'owner', 'reporter']);

    await api('PUT', `/groups/${groupId}/epics/${epic.iid}`, 'owner', {
      confidential: true,
      description: 'For @men_guest, @men_commenter',
    });
    // Confidential: a Guest may no longer read it, so is no longer listed.
    expect(await epicParticipants(epic.iid)).toEqual(['commenter', 'owner', 'reporter']);
  });

  it('cost the same statements for 2 or 8 epics’ participants (no N+1)', async () => {
    for (let i = 0; i < 8; i++) {
      const epic = await postCreated<CreatedIssuable>(api, `/groups/${groupId}/epics`, 'owner', {
        title: `Batch ${i}`,
        description: '@men_reporter',
      });
      await api('POST', `/groups/${groupId}/epics/${epic.id}/notes`, 'commenter', { body: '@men_guest' });
    }
    const list = (n: number) =>
      page('POST', '/api/graphql', 'owner', {
        query: `{ group(fullPath: "meng") { epics(first: ${n}, search: "Batch") { nodes { participants { nodes { username } } } } } }`,
      });
    const eight = (await list(8)).json() as {
      data: { group: { epics: { nodes: Array<{ participants: { nodes: unknown[] } }> } } };
    };
    expect(eight.data.group.epics.nodes.map((e) => e.participants.nodes.length)).toEqual(Array(8).fill(4));
    await expectFixedStatements(t.database, list, [2, 8], 20);
  });
});
