import { describe, expect, it } from 'vitest';
import { authorStandings } from '../modules/members';
import { AccessLevel } from '../policy/access-levels';
import { apiClient } from '../test/api-client';
import { createUser } from '../test/factories';
import { dig, gql } from '../test/graphql-client';
import { useWorkItemsWorld, wid } from '../test/work-items-world';

/*
 * Issue 28: the widgets GitLab's WorkItemWidgets fragment and its work item notes query select
 * (GitLab's documents themselves run in gitlab-documents.graphql.test.ts): discussions with their
 * notes, the viewer's subscription and to-dos, timelogs with their permission, task completion,
 * and the work item's project.
 */

const w = useWorkItemsWorld();
const api = apiClient(
  () => w.t.app,
  () => w.tokens,
);

const NOTES = `query($id: WorkItemID!, $first: Int, $after: String, $filter: NotesFilterType, $sort: WorkItemDiscussionsSort) {
  workItem(id: $id) { widgets(onlyTypes: [NOTES]) { ... on WorkItemWidgetNotes { discussionLocked
    discussions(first: $first, after: $after, filter: $filter, sort: $sort) {
      pageInfo { hasNextPage endCursor }
      nodes { id resolvable resolved userPermissions { resolveNote }
        notes { nodes { body system internal maxAccessLevelOfAuthor authorIsContributor
          author { username } discussion { id notes { nodes { body } } } systemNoteMetadata { id action } } } } } } } }
}`;

type Discussion = { id: string; resolvable: boolean; notes: { nodes: Array<Record<string, unknown>> } };

async function discussions(who: string, variables: Record<string, unknown> = {}, id = wid(w.ids.issue)) {
  const res = await gql(w.t.app, NOTES, { id, first: 20, ...variables }, w.tokens[who as 'owner']);
  expect(res.body.errors).toBeUndefined();
  const widget = (dig(res.body.data, 'workItem', 'widgets') as Array<Record<string, unknown>>)[0];
  return widget?.discussions as { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Discussion[] };
}
const bodies = (list: Discussion[]) => list.map((d) => d.notes.nodes.map((n) => n.body));

describe('the work item conversation widgets', () => {
  let iid = 0;
  const issuePath = () => `/projects/${w.ids.project}/issues/${iid}`;

  it('lists the discussions with their notes, authors and roles, internal ones only for who may see them', async () => {
    iid = Number(
      (await w.t.db.selectFrom('issues').select('iid').where('id', '=', w.ids.issue).executeTakeFirstOrThrow()).iid,
    );
    expect((await api('POST', `${issuePath()}/notes`, 'owner', { body: 'First comment' })).statusCode).toBe(201);
    const thread = await api('POST', `${issuePath()}/discussions`, 'owner', { body: 'A thread' });
    expect(thread.statusCode).toBe(201);
    const reply = await api('POST', `${issuePath()}/discussions/${thread.json().id}/notes`, 'developer', {
      body: 'A reply',
    });
    expect(reply.statusCode).toBe(201);
    expect(
      (await api('POST', `${issuePath()}/notes`, 'developer', { body: 'Internal note', internal: true })).statusCode,
    ).toBe(201);

    const forReporter = await discussions('reporter');
    expect(bodies(forReporter.nodes)).toEqual([['First comment'], ['A thread', 'A reply'], ['Internal note']]);
    const threadNotes = forReporter.nodes[1]!.notes.nodes;
    expect(threadNotes.map((n) => [n.maxAccessLevelOfAuthor, n.authorIsContributor])).toEqual([
      ['Owner', false],
      ['Developer', false],
    ]);
    expect(forReporter.nodes[1]).toMatchObject({
      resolvable: true,
      resolved: false,
      userPermissions: { resolveNote: false },
    });
    expect(forReporter.nodes[0]).toMatchObject({ resolvable: false, resolved: false });
    // A note's discussion is its thread, with the same notes.
    expect(threadNotes[1]!.discussion).toEqual({
      id: forReporter.nodes[1]!.id,
      notes: { nodes: [{ body: 'A thread' }, { body: 'A reply' }] },
    });

    expect(bodies((await discussions('guest')).nodes)).toEqual([['First comment'], ['A thread', 'A reply']]);
  });

  it('filters comments from activity, sorts newest first and pages with cursors', async () => {
    const spent = await api('POST', `${issuePath()}/add_spent_time`, 'developer', { duration: '1h30m' });
    expect(spent.statusCode).toBe(201);

    const activity = await discussions('reporter', { filter: 'ONLY_ACTIVITY' });
    expect(activity.nodes).toHaveLength(1);
    expect(activity.nodes[0]!.notes.nodes[0]).toMatchObject({ system: true, systemNoteMetadata: { action: 'timer' } });
    expect((activity.nodes[0]!.notes.nodes[0]!.systemNoteMetadata as { id: string }).id).toMatch(
      /^gid:\/\/gitlab\/SystemNoteMetadata\/\d+$/,
    );

    const comments = await discussions('reporter', { filter: 'ONLY_COMMENTS' });
    expect(
      comments.nodes.every((d) => d.notes.nodes.every((n) => n.system === false && n.systemNoteMetadata === null)),
    ).toBe(true);

    const newestFirst = await discussions('reporter', { sort: 'CREATED_DESC' });
    expect(bodies(newestFirst.nodes)[0]).toEqual([expect.stringMatching(/time spent/)]);

    const first = await discussions('reporter', { first: 2 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await discussions('reporter', { first: 2, after: first.pageInfo.endCursor });
    const all = await discussions('reporter');
    expect([...bodies(first.nodes), ...bodies(rest.nodes)]).toEqual(bodies(all.nodes).slice(0, 4));
  });

  it('answers the viewer subscription and pending to-dos', async () => {
    const widgets = `query($id: WorkItemID!) { workItem(id: $id) { widgets {
      type ... on WorkItemWidgetNotifications { subscribed }
      ... on WorkItemWidgetCurrentUserTodos { currentUserTodos(state: pending) { nodes { id state } } } } } }`;
    const read = async (who: 'reporter' | 'developer') => {
      const res = await gql(w.t.app, widgets, { id: wid(w.ids.issue) }, w.tokens[who]);
      const list = dig(res.body.data, 'workItem', 'widgets') as Array<Record<string, unknown>>;
      return {
        subscribed: list.find((x) => x.type === 'NOTIFICATIONS')?.subscribed,
        todos: (list.find((x) => x.type === 'CURRENT_USER_TODOS')!.currentUserTodos as { nodes: unknown[] }).nodes
          .length,
      };
    };
    expect(await read('reporter')).toEqual({ subscribed: false, todos: 0 });
    expect((await api('POST', `${issuePath()}/subscribe`, 'reporter')).statusCode).toBe(201);
    expect((await api('POST', `${issuePath()}/todo`, 'reporter')).statusCode).toBe(201);
    expect(await read('reporter')).toEqual({ subscribed: true, todos: 1 });
  });

  it('answers timelogs with who may administer them, task completion and the project', async () => {
    expect(
      (await api('PUT', issuePath(), 'owner', { description: '- [x] one\n- [ ] two\n- [ ] three' })).statusCode,
    ).toBe(200);
    const query = `query($id: WorkItemID!) { workItem(id: $id) { description archived project { fullPath }
      widgets { type ... on WorkItemWidgetDescription { taskCompletionStatus { count completedCount } }
        ... on WorkItemWidgetTimeTracking { timelogs { nodes { __typename id timeSpent user { username } note { id }
          userPermissions { adminTimelog } } } }
        ... on WorkItemWidgetCrmContacts { contacts { nodes { id } } } } } }`;
    const read = async (who: 'reporter' | 'developer' | 'owner') => {
      const res = await gql(w.t.app, query, { id: wid(w.ids.issue) }, w.tokens[who]);
      expect(res.body.errors).toBeUndefined();
      return dig(res.body.data, 'workItem') as {
        description: string;
        archived: boolean;
        project: unknown;
        widgets: Array<Record<string, unknown>>;
      };
    };
    const owner = await read('owner');
    expect(owner).toMatchObject({ archived: false, project: { fullPath: 'wi/app' } });
    const widget = (item: typeof owner, type: string) => item.widgets.find((x) => x.type === type);
    expect(widget(owner, 'DESCRIPTION')).toMatchObject({ taskCompletionStatus: { count: 3, completedCount: 1 } });
    expect(widget(owner, 'CRM_CONTACTS')).toMatchObject({ contacts: { nodes: [] } });
    const timelogs = async (who: 'reporter' | 'developer' | 'owner') =>
      (widget(await read(who), 'TIME_TRACKING')!.timelogs as { nodes: Array<Record<string, unknown>> }).nodes;
    expect(await timelogs('owner')).toEqual([
      expect.objectContaining({
        __typename: 'WorkItemTimelog',
        timeSpent: 5400,
        user: { username: 'wi-developer' },
        note: null,
        userPermissions: { adminTimelog: true },
      }),
    ]);
    expect((await timelogs('developer'))[0]?.userPermissions).toEqual({ adminTimelog: true });
    expect((await timelogs('reporter'))[0]?.userPermissions).toEqual({ adminTimelog: false });
  });

  it('lists an epic discussions through the same widget', async () => {
    const posted = await api('POST', `/groups/${w.ids.group}/epics/${w.ids.epic}/notes`, 'planner', {
      body: 'On the epic',
    });
    expect(posted.statusCode).toBe(201);
    const list = await discussions('reporter', {}, wid(w.ids.epicWorkItem));
    expect(bodies(list.nodes)).toEqual([['On the epic']]);
    expect(list.nodes[0]!.notes.nodes[0]).toMatchObject({ maxAccessLevelOfAuthor: 'Planner' });
  });

  it('counts an outsider with a merged merge request as a contributor, a member never', async () => {
    const db = w.t.db;
    const outsider = await createUser(db, { username: 'wi-contributor' });
    for (const authorId of [outsider.id, w.users.developer]) {
      await db
        .insertInto('merge_requests')
        .values({
          project_id: w.ids.project,
          iid: authorId,
          title: 'Merged work',
          source_branch: `b${authorId}`,
          target_branch: 'main',
          author_id: authorId,
          state: 'merged',
        })
        .execute();
    }
    const place = { projectId: w.ids.project, groupIds: [w.ids.group] };
    const standings = await authorStandings(db, place, [outsider.id, w.users.developer]);
    expect(standings.get(outsider.id)).toEqual({ accessLevel: AccessLevel.NO_ACCESS, contributor: true });
    expect(standings.get(w.users.developer)).toEqual({ accessLevel: AccessLevel.DEVELOPER, contributor: false });
    const inGroup = await authorStandings(db, { projectId: null, groupIds: [w.ids.group] }, [outsider.id]);
    expect(inGroup.get(outsider.id)).toEqual({ accessLevel: AccessLevel.NO_ACCESS, contributor: false });
  });
});
