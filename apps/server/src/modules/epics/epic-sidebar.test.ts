import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { expectStatuses, postCreated } from '../../test/api-client';
import { addGroupMember, createGroup, createToken, createUser } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useGroupProjectApp } from '../../test/group-project-app';

/**
 * The epic page's sidebar (IE §2.3): to-do and subscription routes, the ancestors with placeholders
 * for hidden ones (IE-32), participants (IE-33), inherited-date sources, and the colour/date writes.
 */

const t = useGroupProjectApp({
  group: 'sb',
  name: 'Sidebar',
  prefix: 'sb-',
  members: { owner: AccessLevel.OWNER, reporter: AccessLevel.REPORTER, guest: AccessLevel.GUEST },
  outsiders: ['stranger'],
});
const { api, tok } = t;
/** Epic iids by name: TOP (confidential, group sb) → MID (confidential, sb/sub) → LEAF (confidential, sb/sub); OPEN in sb. */
const iid: Record<string, number> = {};
const ids: Record<string, number> = {};
const SECRET_TITLE = 'Top secret roadmap';

beforeAll(async () => {
  const db = t.db;
  const sub = await createGroup(db, { path: 'sub', parentId: t.groupId });
  const subReporter = await createUser(db, { username: 'sb-subreporter' });
  await addGroupMember(db, sub.id, subReporter.id, AccessLevel.REPORTER);
  tok.subreporter = await createToken(db, subReporter.id);
  ids.owner = t.uid.owner as number;
  ids.reporter = t.uid.reporter as number;
  ids.project = t.projectId;

  const epic = async (name: string, groupId: number, n: number, attrs: { parent?: string; confidential?: boolean }) => {
    const row = await db
      .insertInto('epics')
      .values({
        group_id: groupId,
        iid: n,
        title: name === 'TOP' ? SECRET_TITLE : name,
        parent_id: attrs.parent ? ids[attrs.parent] : null,
        confidential: attrs.confidential ?? false,
        author_id: ids.owner,
        due_date: name === 'MID' ? '2020-01-31' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
    iid[name] = n;
  };
  await epic('TOP', t.groupId, 1, { confidential: true });
  await epic('MID', sub.id, 1, { parent: 'TOP', confidential: true });
  await epic('LEAF', sub.id, 2, { parent: 'MID', confidential: true });
  await epic('OPEN', t.groupId, 2, {});
});

const ANCESTORS = `query($fullPath: ID!, $iid: ID!) { group(fullPath: $fullPath) { epic(iid: $iid) {
  ancestorPath { nodes { readable id title state url hasParent humanReadableEndDate humanReadableTimestamp } }
} } }`;

describe('Epic.ancestorPath (IE-32)', () => {
  it('lists every ancestor top-most first, with titles for a reader of them all', async () => {
    const res = await gql(t.app, ANCESTORS, { fullPath: 'sb/sub', iid: String(iid.LEAF) }, tok.owner);
    const nodes = dig(res.body.data, 'group', 'epic', 'ancestorPath', 'nodes') as Array<Record<string, unknown>>;
    expect(nodes.map((n) => n.title)).toEqual([SECRET_TITLE, 'MID']);
    expect(nodes[0]).toMatchObject({ readable: true, hasParent: false, state: 'opened' });
    expect(nodes[1]).toMatchObject({
      readable: true,
      hasParent: true,
      url: expect.stringContaining('/groups/sb/sub/-/epics/1'),
      humanReadableEndDate: 'Jan 31, 2020',
      humanReadableTimestamp: 'Past due',
    });
  });

  it('shows an ancestor the viewer may not read as a placeholder, leaking nothing of it', async () => {
    const res = await gql(t.app, ANCESTORS, { fullPath: 'sb/sub', iid: String(iid.LEAF) }, tok.subreporter);
    const nodes = dig(res.body.data, 'group', 'epic', 'ancestorPath', 'nodes') as Array<Record<string, unknown>>;
    expect(nodes).toEqual([
      {
        readable: false,
        id: null,
        title: null,
        state: null,
        url: null,
        hasParent: null,
        humanReadableEndDate: null,
        humanReadableTimestamp: null,
      },
      expect.objectContaining({ readable: true, title: 'MID' }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(SECRET_TITLE);
    // The readable-only `ancestors` list keeps leaving it out.
    const plain = await gql(
      t.app,
      `query { group(fullPath: "sb/sub") { epic(iid: "${iid.LEAF}") { ancestors { nodes { title } } } } }`,
      {},
      tok.subreporter,
    );
    expect(dig(plain.body.data, 'group', 'epic', 'ancestors', 'nodes')).toEqual([{ title: 'MID' }]);
  });

  it('answers null for an epic the viewer may not read', async () => {
    const res = await gql(t.app, ANCESTORS, { fullPath: 'sb/sub', iid: String(iid.LEAF) }, tok.stranger);
    expect(dig(res.body.data, 'group')).toBeNull();
  });
});

describe('to-do and subscription routes', () => {
  const E = () => `/groups/sb/epics/${iid.OPEN}`;
  const STATE = `query { group(fullPath: "sb") { epic(iid: "2") { subscribed currentUserTodos { nodes { id state } } } } }`;
  const state = async (who: string) => {
    const res = await gql(t.app, STATE, {}, tok[who]);
    return dig(res.body.data, 'group', 'epic') as { subscribed: boolean; currentUserTodos: { nodes: unknown[] } };
  };

  it('adds a to-do once (then 304), shows it, and marking it done removes it', async () => {
    const first = await api('POST', `${E()}/todo`, 'guest');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ action_name: 'marked', target_type: 'Epic', state: 'pending' });
    expect((await api('POST', `${E()}/todo`, 'guest')).statusCode).toBe(304);
    const pending = (await state('guest')).currentUserTodos.nodes as Array<{ id: string; state: string }>;
    expect(pending).toEqual([{ id: `gid://gitlab/Todo/${first.json().id}`, state: 'pending' }]);
    expect((await state('reporter')).currentUserTodos.nodes).toEqual([]);
    expect((await api('POST', `/todos/${first.json().id}/mark_as_done`, 'guest')).statusCode).toBe(201);
    expect((await state('guest')).currentUserTodos.nodes).toEqual([]);
  });

  it('subscribes and unsubscribes readers (304 when unchanged), per user', async () => {
    expect((await state('reporter')).subscribed).toBe(false);
    const on = await api('POST', `${E()}/subscribe`, 'reporter');
    expect(on.statusCode).toBe(201);
    expect(on.json()).toMatchObject({ iid: iid.OPEN, subscribed: true });
    expect((await state('reporter')).subscribed).toBe(true);
    expect((await state('owner')).subscribed).toBe(false);
    expect((await api('POST', `${E()}/subscribe`, 'reporter')).statusCode).toBe(304);
    expect((await api('POST', `${E()}/unsubscribe`, 'reporter')).statusCode).toBe(201);
    expect((await state('reporter')).subscribed).toBe(false);
    expect((await api('POST', `${E()}/unsubscribe`, 'reporter')).statusCode).toBe(304);
  });

  it('hides the epic from strangers (404) and needs a signed-in user (401)', async () => {
    await expectStatuses(api, [
      ['POST', `${E()}/todo`, 'stranger', undefined, 404],
      ['POST', `${E()}/subscribe`, 'stranger', undefined, 404],
      ['POST', `${E()}/unsubscribe`, 'stranger', undefined, 404],
      ['POST', `${E()}/todo`, undefined, undefined, 401],
      ['POST', `${E()}/subscribe`, undefined, undefined, 401],
      ['POST', `/groups/sb/epics/999/todo`, 'owner', undefined, 404],
    ]);
    const anonymous = await gql(t.app, STATE, {});
    expect(dig(anonymous.body.data, 'group')).toBeNull();
  });
});

describe('Epic.participants (IE-33)', () => {
  it('lists the author, then public commenters once each who may read it; not system or internal notes', async () => {
    const db = t.db;
    const commenter = await createUser(db, { username: 'sb-commenter' });
    const internal = await createUser(db, { username: 'sb-internal' });
    // A commenter who may no longer read the epic (not a member of the private group) is left out.
    const former = await createUser(db, { username: 'sb-former' });
    const group = await db.selectFrom('namespaces').select('id').where('path', '=', 'sb').executeTakeFirstOrThrow();
    await addGroupMember(db, group.id, commenter.id, AccessLevel.GUEST);
    // A comment on the open epic by `authorId`, in its own discussion.
    const comment = (
      authorId: number,
      note: string,
      discussion: string,
      kind: { internal?: boolean; system?: boolean } = {},
    ) => ({
      noteable_type: 'Epic',
      noteable_id: ids.OPEN as number,
      author_id: authorId,
      note,
      discussion_id: discussion.repeat(40),
      ...kind,
    });
    await db
      .insertInto('notes')
      .values([
        comment(commenter.id, 'one', 'a'),
        comment(commenter.id, 'two', 'b'),
        comment(former.id, 'bye', 'e'),
        comment(internal.id, 'x', 'c', { internal: true }),
        comment(internal.id, 'y', 'd', { system: true }),
      ])
      .execute();
    const res = await gql(
      t.app,
      `query { group(fullPath: "sb") { epic(iid: "${iid.OPEN}") { participants(first: 10) { count nodes { name avatarUrl webUrl } } } } }`,
      {},
      tok.guest,
    );
    const participants = dig(res.body.data, 'group', 'epic', 'participants') as {
      count: number;
      nodes: Array<{ name: string; webUrl: string }>;
    };
    expect(participants.nodes.map((n) => n.webUrl.split('/').pop())).toEqual(['sb-owner', 'sb-commenter']);
    expect(participants.count).toBe(2);
  });
});

const UPDATE = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { errors epic { id color
  startDate startDateIsFixed startDateFixed startDateFromMilestones dueDate dueDateIsFixed
  startDateSourcingMilestone { title } dueDateSourcingMilestone { title } } } }`;
const update = async (who: string, input: Record<string, unknown>) => {
  const res = await gql(t.app, UPDATE, { input: { groupPath: 'sb', iid: String(iid.OPEN), ...input } }, tok[who]);
  return dig(res.body.data, 'updateEpic') as { errors: string[]; epic: Record<string, unknown> | null };
};

describe('the sidebar writes', () => {
  it('sets a suggested or custom colour; a bad hex is refused naming color; readers cannot', async () => {
    expect((await update('owner', { color: '#217645' })).epic).toMatchObject({ color: '#217645' });
    expect((await update('owner', { color: '#ABCDEF' })).epic).toMatchObject({ color: '#ABCDEF' });
    const bad = await update('owner', { color: 'blue' });
    expect(bad.errors.join(' ')).toMatch(/color/);
    const rest = await api('PUT', `/groups/sb/epics/${iid.OPEN}`, 'owner', { color: '#12' });
    expect(rest.statusCode).toBe(400);
    expect(JSON.stringify(rest.json())).toMatch(/color/);
    const reader = await gql(
      t.app,
      UPDATE,
      { input: { groupPath: 'sb', iid: String(iid.OPEN), color: '#c91c00' } },
      tok.guest,
    );
    expect(reader.body.errors?.[0]?.message).toMatch(/don't have permission/);
    expect(dig(reader.body.data, 'updateEpic')).toBeNull();
    expect((await api('PUT', `/groups/sb/epics/${iid.OPEN}`, 'guest', { color: '#c91c00' })).statusCode).toBe(403);
    const now = await api('GET', `/groups/sb/epics/${iid.OPEN}`, 'guest');
    expect(now.json().color).toBe('#ABCDEF');
  });

  it('switches dates between fixed and inherited; inherited names its milestone', async () => {
    const milestone = await postCreated(api, `/projects/${ids.project}/milestones`, 'owner', {
      title: 'Sidebar M1',
      start_date: '2026-02-01',
      due_date: '2026-02-28',
    });
    const issue = await postCreated(api, `/projects/${ids.project}/issues`, 'owner', {
      title: 'Dated',
      milestone_id: milestone.id,
    });
    await postCreated(api, `/groups/sb/epics/${iid.OPEN}/issues/${issue.id}`, 'owner');

    const fixed = await update('owner', {
      startDateIsFixed: true,
      startDateFixed: '2026-01-10',
      dueDateIsFixed: true,
      dueDateFixed: '2026-03-15',
    });
    expect(fixed.errors).toEqual([]);
    expect(fixed.epic).toMatchObject({ startDate: '2026-01-10', dueDate: '2026-03-15', startDateIsFixed: true });

    const inherited = await update('owner', { startDateIsFixed: false });
    expect(inherited.epic).toMatchObject({
      startDate: '2026-02-01',
      startDateIsFixed: false,
      startDateFixed: '2026-01-10',
      startDateFromMilestones: '2026-02-01',
      startDateSourcingMilestone: { title: 'Sidebar M1' },
      dueDate: '2026-03-15',
    });
    const rest = await api('PUT', `/groups/sb/epics/${iid.OPEN}`, 'owner', { due_date_is_fixed: false });
    expect(rest.json()).toMatchObject({
      due_date: '2026-02-28',
      due_date_is_fixed: false,
      due_date_fixed: '2026-03-15',
    });

    // The start may not pass the due date (the picker caps it; the server refuses it too).
    const late = await update('owner', { startDateIsFixed: true, startDateFixed: '2026-04-01', dueDateIsFixed: true });
    expect(late.errors.length).toBeGreaterThan(0);
  });

  it('hides the sourcing milestone from a reader of the epic who may not read its project', async () => {
    const outsider = await createUser(t.db, { username: 'sb-epic-only' });
    // A guest of the subgroup reads the group's public epics; the project in sb stays private to them.
    tok.epiconly = await createToken(t.db, outsider.id);
    await t.db.updateTable('namespaces').set({ visibility_level: 20 }).where('path', '=', 'sb').execute();
    const res = await gql(
      t.app,
      `query { group(fullPath: "sb") { epic(iid: "${iid.OPEN}") { startDateFromMilestones startDateSourcingMilestone { title } } } }`,
      {},
      tok.epiconly,
    );
    await t.db.updateTable('namespaces').set({ visibility_level: 0 }).where('path', '=', 'sb').execute();
    expect(dig(res.body.data, 'group', 'epic')).toEqual({
      startDateFromMilestones: '2026-02-01',
      startDateSourcingMilestone: null,
    });
  });

  it('refuses to make a child of a confidential parent non-confidential, saying why', async () => {
    const res = await api('PUT', `/groups/sb/sub/epics/${iid.LEAF}`.replace('sb/sub', 'sb%2Fsub'), 'owner', {
      confidential: false,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('the parent epic is confidential');
  });
});
