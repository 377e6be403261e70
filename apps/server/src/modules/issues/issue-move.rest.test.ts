import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addProjectMember, createGroup, createGroupMembers, createProject } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';

/**
 * Moving an issue to another project (GitLab's Issues::MoveService): REST
 * `POST …/issues/:iid/move` and GraphQL `issueMove` are one service: the copy in the target, the
 * original closed with `moved_to_id`, the system notes on both, in one transaction.
 */
const t = useRestTestApp({ prefix: 'mv-', users: ['stranger', 'reader'] });
const { api, tok: tokens } = t;
const ids = { group: 0, a: 0, b: 0, hidden: 0, guestOnly: 0, epic: 0, bBug: 0, bMilestone: 0, dev: 0 };

const MOVE = `mutation($input: IssueMoveInput!) {
  issueMove(input: $input) { issue { iid title state labels { nodes { title } } } errors }
}`;

/** An issue in project A with labels, milestone, assignee, dates, weight, epic, comments and emoji. */
async function richIssue(title: string): Promise<{ iid: number; id: number }> {
  const res = await api('POST', `/projects/${ids.a}/issues`, 'maintainer', {
    title,
    description: 'See **this**',
    labels: 'bug,ux',
    milestone_id: (
      await t.db.selectFrom('milestones').select('id').where('project_id', '=', ids.a).executeTakeFirstOrThrow()
    ).id,
    assignee_ids: [ids.dev],
    due_date: '2030-01-31',
    weight: 5,
    epic_id: ids.epic,
  });
  expect(res.statusCode, res.body).toBe(201);
  const issue = res.json() as { iid: number; id: number };
  const note = await api('POST', `/projects/${ids.a}/issues/${issue.iid}/notes`, 'developer', {
    body: 'First comment',
  });
  expect(note.statusCode, note.body).toBe(201);
  const award = await api('POST', `/projects/${ids.a}/issues/${issue.iid}/award_emoji`, 'developer', {
    name: 'thumbsup',
  });
  expect(award.statusCode, award.body).toBe(201);
  return issue;
}

const notesOf = (issueId: number) =>
  t.db
    .selectFrom('notes')
    .select(['note', 'system', 'author_id', 'created_at'])
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', issueId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'mv', name: 'Move' });
  const a = await createProject(t.db, { namespaceId: group.id, path: 'a' });
  const b = await createProject(t.db, { namespaceId: group.id, path: 'b' });
  const other = await createGroup(t.db, { path: 'mv-other' });
  const hidden = await createProject(t.db, { namespaceId: other.id, path: 'secret' });
  const guestOnly = await createProject(t.db, { namespaceId: other.id, path: 'guest-only' });
  const members = await createGroupMembers(t.db, group.id, 'mv-', [
    ['maintainer', AccessLevel.MAINTAINER],
    ['developer', AccessLevel.DEVELOPER],
    ['guest', AccessLevel.GUEST],
  ]);
  Object.assign(tokens, members.tokens);
  await addProjectMember(t.db, guestOnly.id, members.users.maintainer, AccessLevel.GUEST);
  await t.db
    .insertInto('labels')
    .values([
      { project_id: a.id, title: 'bug', color: '#d9534f', text_color: '#FFFFFF' },
      { group_id: group.id, title: 'ux', color: '#428bca', text_color: '#FFFFFF' },
    ])
    .execute();
  const bBug = await t.db
    .insertInto('labels')
    .values({ project_id: b.id, title: 'bug', color: '#000000', text_color: '#FFFFFF' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('milestones').values({ project_id: a.id, iid: 1, title: 'v1' }).execute();
  const bMilestone = await t.db
    .insertInto('milestones')
    .values({ project_id: b.id, iid: 1, title: 'v1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const epic = await api('POST', `/groups/${group.id}/epics`, 'maintainer', { title: 'Theme' });
  expect(epic.statusCode, epic.body).toBe(201);
  Object.assign(ids, {
    group: group.id,
    a: a.id,
    b: b.id,
    hidden: hidden.id,
    guestOnly: guestOnly.id,
    epic: epic.json().id,
    bBug: bBug.id,
    bMilestone: bMilestone.id,
    dev: members.users.developer,
  });
});

describe('moving an issue to another project', () => {
  it('copies it into the target and closes the original, as GitLab (REST)', async () => {
    const original = await richIssue('Crash on save');
    const res = await api('POST', `/projects/${ids.a}/issues/${original.iid}/move`, 'maintainer', {
      to_project_id: ids.b,
    });
    expect(res.statusCode, res.body).toBe(201);
    const moved = res.json();
    expect(moved).toMatchObject({
      project_id: ids.b,
      title: 'Crash on save',
      description: 'See **this**',
      state: 'opened',
      labels: ['bug', 'ux'],
      milestone: { id: ids.bMilestone, title: 'v1' },
      assignees: [{ username: 'mv-developer' }],
      due_date: '2030-01-31',
      weight: 5,
      epic: { id: ids.epic },
      upvotes: 1,
      user_notes_count: 1,
    });
    const labelRows = await t.db
      .selectFrom('issue_labels')
      .select('label_id')
      .where('issue_id', '=', moved.id)
      .execute();
    expect(labelRows.map((r) => r.label_id)).toContain(ids.bBug);
    const old = (await api('GET', `/projects/${ids.a}/issues/${original.iid}`, 'maintainer')).json();
    expect(old).toMatchObject({ state: 'closed', moved_to_id: moved.id, epic: null });
    const oldNotes = await notesOf(original.id);
    expect(oldNotes.filter((n) => n.system).map((n) => n.note)).toEqual(
      expect.arrayContaining(['closed', `moved to mv/b#${moved.iid}`]),
    );
    const newNotes = await notesOf(moved.id);
    const comment = newNotes.find((n) => n.note === 'First comment');
    const oldComment = oldNotes.find((n) => n.note === 'First comment');
    expect(comment).toEqual(oldComment);
    expect(newNotes.at(-1)).toMatchObject({ note: `moved from mv/a#${original.iid}`, system: true });
  });

  it('hides the moved-to note from who may read the original but not where it went', async () => {
    const original = await richIssue('Moved out of sight');
    await addProjectMember(t.db, ids.a, t.uid.reader as number, AccessLevel.REPORTER);
    const res = await api('POST', `/projects/${ids.a}/issues/${original.iid}/move`, 'maintainer', {
      to_project_id: ids.b,
    });
    expect(res.statusCode, res.body).toBe(201);
    const movedTo = `moved to mv/b#${(res.json() as { iid: number }).iid}`;
    const systemNotes = async (who: string) =>
      (
        (await api('GET', `/projects/${ids.a}/issues/${original.iid}/notes`, who)).json() as Array<{
          body: string;
          system: boolean;
        }>
      )
        .filter((n) => n.system)
        .map((n) => n.body);
    expect(await systemNotes('maintainer')).toContain(movedTo);
    const seen = await systemNotes('reader');
    expect(seen).toContain('closed');
    expect(seen).not.toContain(movedTo);
  });

  it('rewrites short references for the target, and carries note emoji, time logs and related links', async () => {
    const original = await richIssue('Carried over');
    const other = await richIssue('Linked elsewhere');
    const base = `/projects/${ids.a}/issues/${original.iid}`;
    const edit = await api('PUT', base, 'maintainer', { description: 'Blocks #1 and !2, see `#3`, part of &1' });
    expect(edit.statusCode, edit.body).toBe(200);
    const comment = await api('POST', `${base}/notes`, 'developer', { body: 'Duplicate of #1? ~bug' });
    expect(comment.statusCode, comment.body).toBe(201);
    const noteId = comment.json().id as number;
    const emoji = await api('POST', `${base}/notes/${noteId}/award_emoji`, 'maintainer', { name: 'rocket' });
    expect(emoji.statusCode, emoji.body).toBe(201);
    const spent = await api('POST', `${base}/add_spent_time`, 'developer', { duration: '1h30m', summary: 'Repro' });
    expect(spent.statusCode, spent.body).toBe(201);
    const link = await api('POST', `${base}/links`, 'maintainer', {
      target_project_id: ids.a,
      target_issue_iid: other.iid,
      link_type: 'blocks',
    });
    expect(link.statusCode, link.body).toBe(201);

    const res = await api('POST', `${base}/move`, 'maintainer', { to_project_id: ids.b });
    expect(res.statusCode, res.body).toBe(201);
    const moved = res.json();
    expect(moved.description).toBe('Blocks a#1 and a!2, see `#3`, part of &1');
    const movedBase = `/projects/${ids.b}/issues/${moved.iid}`;
    const notes = (await api('GET', `${movedBase}/notes?sort=asc`, 'maintainer')).json() as Array<{
      id: number;
      body: string;
    }>;
    const copied = notes.find((n) => n.body.startsWith('Duplicate of'));
    expect(copied?.body).toBe('Duplicate of a#1? ~bug');
    // The link's system note names the other issue from the target project, and still hides from a
    // reader of the target who may not read the project it is in.
    const linkNote = `marked this issue as blocking a#${other.iid}`;
    expect(notes.map((n) => n.body)).toContain(linkNote);
    await addProjectMember(t.db, ids.b, t.uid.stranger as number, AccessLevel.REPORTER);
    const strangerSees = (await api('GET', `${movedBase}/notes?sort=asc`, 'stranger')).json() as Array<{
      body: string;
    }>;
    expect(strangerSees.map((n) => n.body)).toContain('Duplicate of a#1? ~bug');
    expect(strangerSees.map((n) => n.body)).not.toContain(linkNote);
    const noteEmoji = await api('GET', `${movedBase}/notes/${copied?.id}/award_emoji`, 'maintainer');
    expect(noteEmoji.json()).toEqual([
      expect.objectContaining({ name: 'rocket', user: expect.objectContaining({ username: 'mv-maintainer' }) }),
    ]);
    const stored = await t.db
      .selectFrom('issues')
      .select('description_html')
      .where('id', '=', moved.id)
      .executeTakeFirstOrThrow();
    expect(stored.description_html).toContain('href="/mv/a/-/issues/1"');
    expect((await api('GET', `${movedBase}/time_stats`, 'maintainer')).json()).toMatchObject({
      total_time_spent: 5400,
    });
    const links = (await api('GET', `${movedBase}/links`, 'maintainer')).json() as Array<{
      iid: number;
      link_type: string;
    }>;
    expect(links.map((l) => [l.iid, l.link_type])).toEqual([[other.iid, 'blocks']]);
    expect((await api('GET', `${base}/links`, 'maintainer')).json()).toEqual([]);
  });

  it('moves through GraphQL issueMove by the target path, answering the new issue', async () => {
    const original = await richIssue('Through GraphQL');
    const res = await gql(
      t.app,
      MOVE,
      { input: { projectPath: 'mv/a', iid: String(original.iid), targetProjectPath: 'mv/b' } },
      tokens.maintainer,
    );
    expect(res.body.errors).toBeUndefined();
    const out = dig(res.body.data, 'issueMove') as { issue: { iid: string }; errors: string[] };
    expect(out).toMatchObject({
      issue: { title: 'Through GraphQL', state: 'opened', labels: { nodes: [{ title: 'bug' }, { title: 'ux' }] } },
      errors: [],
    });
    const moved = (await api('GET', `/projects/${ids.b}/issues/${out.issue.iid}`, 'maintainer')).json();
    const old = (await api('GET', `/projects/${ids.a}/issues/${original.iid}`, 'maintainer')).json();
    expect(old).toMatchObject({ state: 'closed', moved_to_id: moved.id });
  });

  it('refuses what GitLab refuses: 404 hidden target, 403 without admin_issue, 400 same project or moved before', async () => {
    const original = await richIssue('Stays put');
    const move = (who: string, to: unknown) =>
      api('POST', `/projects/${ids.a}/issues/${original.iid}/move`, who, { to_project_id: to });
    const hidden = await move('maintainer', ids.hidden);
    expect(hidden.statusCode).toBe(404);
    expect((await move('maintainer', 2_000_000_000)).json()).toEqual(hidden.json());
    expect((await move('maintainer', ids.guestOnly)).statusCode).toBe(403);
    expect((await move('guest', ids.b)).statusCode).toBe(403);
    expect((await move('stranger', ids.b)).statusCode).toBe(404);
    expect((await move('maintainer', 'nope')).statusCode).toBe(400);
    const same = await move('maintainer', ids.a);
    expect(same.statusCode).toBe(400);
    expect(same.json().message ?? same.json().error).toMatch(/Cannot move issue to project it originates from/);
    expect((await api('GET', `/projects/${ids.a}/issues/${original.iid}`, 'maintainer')).json()).toMatchObject({
      state: 'opened',
      moved_to_id: null,
    });
    expect((await move('maintainer', ids.b)).statusCode).toBe(201);
    expect((await move('maintainer', ids.b)).statusCode).toBe(400);
    const refused = await gql(
      t.app,
      MOVE,
      { input: { projectPath: 'mv/a', iid: String(original.iid), targetProjectPath: 'mv-other/secret' } },
      tokens.maintainer,
    );
    expect(refused.body.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });
});
