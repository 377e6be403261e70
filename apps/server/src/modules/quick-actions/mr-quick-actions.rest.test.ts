import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedNotesByIid } from '../../test/stored-notes';

/**
 * Quick actions on merge requests: in comments (notes, threads, replies) and descriptions, through
 * the one merge request write (Developer+), with GitLab's messages; commands Meridian's merge
 * requests cannot carry (approvals, merging, issue-only fields) stay text.
 */
const t = useRestTestApp({ prefix: 'mqa_', users: ['dev', 'bob', 'carol', 'reporter', 'guest', 'outsider'] });
const { api, uid } = t;
let projectId: number;
let secretProjectId: number;
const mrs = (project = projectId) => `/projects/${project}/merge_requests`;

let branch = 0;
async function newMr(title = 'Change', extra: object = {}): Promise<number> {
  branch += 1;
  return (await openMergeRequest(api, projectId, 'dev', { title, source_branch: `b${branch}`, ...extra })).iid;
}
interface ShownMr {
  title: string;
  description: string;
  state: string;
  draft: boolean;
  labels: string[];
  assignees: { username: string }[];
  reviewers: { username: string }[];
  milestone: { title: string } | null;
  discussion_locked: boolean;
}
const show = async (iid: number) => (await api('GET', `${mrs()}/${iid}`, 'dev')).json() as ShownMr;
const names = (users: { username: string }[]) => users.map((u) => u.username).sort();
const comment = (iid: number, body: string, who = 'dev') => api('POST', `${mrs()}/${iid}/notes`, who, { body });
const notesOf = (iid: number) => storedNotesByIid(t.db, 'MergeRequest', projectId, iid, 'comments');

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'mqaacme' });
  projectId = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
  for (const who of ['dev', 'bob', 'carol'] as const) {
    await addGroupMember(t.db, g.id, uid[who] as number, AccessLevel.DEVELOPER);
  }
  await addGroupMember(t.db, g.id, uid.reporter as number, AccessLevel.REPORTER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  const label = (title: string, where: { project_id: number } | { group_id: number }) =>
    t.db
      .insertInto('labels')
      .values({ title, color: '#ff0000', text_color: '#ffffff', ...where })
      .execute();
  await label('bug', { project_id: projectId });
  await label('in review', { group_id: g.id });
  await t.db.insertInto('milestones').values({ iid: 1, project_id: projectId, title: 'v1' }).execute();
  const hidden = await createGroup(t.db, { path: 'mqahidden' });
  secretProjectId = (await createProject(t.db, { namespaceId: hidden.id, path: 'secret' })).id;
  await addGroupMember(t.db, hidden.id, uid.dev as number, AccessLevel.DEVELOPER);
  await openMergeRequest(api, secretProjectId, 'dev', { title: 'hidden', source_branch: 'x' });
});

describe('quick actions in merge request comments', () => {
  it('runs the commands and stores the comment without them (201)', async () => {
    const iid = await newMr();
    const r = await comment(
      iid,
      'Over to you.\n/assign me\n/assign_reviewer @mqa_bob\n/reviewer mqa_carol\n/label ~bug ~"in review"\n/milestone %v1',
    );
    expect(r.statusCode).toBe(201);
    expect((r.json() as { body: string }).body).toBe('Over to you.');
    expect(Object.keys(r.json().commands_changes).length).toBeGreaterThan(0);
    const mr = await show(iid);
    expect(names(mr.assignees)).toEqual(['mqa_dev']);
    expect(names(mr.reviewers)).toEqual(['mqa_bob', 'mqa_carol']);
    expect([...mr.labels].sort()).toEqual(['bug', 'in review']);
    expect(mr.milestone?.title).toBe('v1');
    expect(await notesOf(iid)).toEqual(['Over to you.']);
  });

  it('answers 202 with commands_changes and GitLab summary for a comment made only of commands', async () => {
    const iid = await newMr();
    const r = await comment(iid, '/assign_reviewer @mqa_bob @mqa_carol\n/close\n/lock');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({
      commands_changes: {
        reviewer_ids: [uid.bob, uid.carol].sort((a, b) => (a as number) - (b as number)),
        state_event: 'close',
        discussion_locked: true,
      },
      summary: ['Assigned @mqa_bob and @mqa_carol as reviewers. Closed this merge request. Locked the discussion.'],
    });
    const mr = await show(iid);
    expect([mr.state, mr.discussion_locked]).toEqual(['closed', true]);
    expect(await notesOf(iid)).toEqual([]);
    const back = await api('POST', `${mrs()}/${iid}/discussions`, 'dev', { body: '/reopen\n/unlock' });
    expect(back.json()).toMatchObject({ summary: ['Reopened this merge request. Unlocked the discussion.'] });
    expect((await show(iid)).state).toBe('opened');
  });

  it('removes reviewers, assignees, labels and the milestone', async () => {
    const iid = await newMr('Removals', {
      assignee_ids: [uid.dev, uid.bob],
      reviewer_ids: [uid.bob, uid.carol],
      labels: 'bug,in review',
    });
    await comment(iid, '/milestone %v1');
    const r = await comment(iid, '/unassign @mqa_bob\n/unassign_reviewer @mqa_carol\n/unlabel ~bug\n/remove_milestone');
    expect(r.json().summary).toEqual([
      'Removed assignee @mqa_bob. Removed reviewer @mqa_carol. Removed ~bug label. Removed %v1 milestone.',
    ]);
    let mr = await show(iid);
    expect([names(mr.assignees), names(mr.reviewers), mr.labels, mr.milestone]).toEqual([
      ['mqa_dev'],
      ['mqa_bob'],
      ['in review'],
      null,
    ]);
    const more = await comment(iid, '/relabel ~bug\n/remove_reviewer');
    expect(more.json().summary).toEqual(['Replaced all labels with ~bug label. Removed reviewer @mqa_bob.']);
    mr = await show(iid);
    expect([mr.labels, mr.reviewers]).toEqual([['bug'], []]);
    expect((await comment(iid, '/unassign_reviewer')).json().summary).toEqual([
      'Could not apply unassign_reviewer command.',
    ]);
  });

  it('changes the title and the draft status as GitLab (the "Draft: " prefix)', async () => {
    const iid = await newMr('Tidy up');
    const draft = await comment(iid, '/draft');
    expect(draft.json()).toEqual({
      commands_changes: { wip_event: 'draft' },
      summary: ['Marked this merge request as a draft.'],
    });
    expect(await show(iid)).toMatchObject({ title: 'Draft: Tidy up', draft: true });
    expect((await comment(iid, '/draft')).json().summary).toEqual(["No change to this merge request's draft status."]);
    const renamed = await comment(iid, '/title Tidy everything up\n/ready');
    expect(renamed.json()).toEqual({
      commands_changes: { title: 'Tidy everything up', wip_event: 'ready' },
      summary: ['Changed the title to "Tidy everything up". Marked this merge request as ready.'],
    });
    expect(await show(iid)).toMatchObject({ title: 'Tidy everything up', draft: false });
    expect((await comment(iid, '/ready')).json().summary).toEqual(["No change to this merge request's draft status."]);
  });

  it('runs commands in threads and replies too', async () => {
    const iid = await newMr();
    const thread = await api('POST', `${mrs()}/${iid}/discussions`, 'dev', { body: 'Please look\n/reviewer @mqa_bob' });
    expect(thread.statusCode).toBe(201);
    expect(thread.json().notes[0].body).toBe('Please look');
    const reply = await api('POST', `${mrs()}/${iid}/discussions/${thread.json().id}/notes`, 'bob', {
      body: 'On it\n/label ~bug',
    });
    expect(reply.json().body).toBe('On it');
    expect(reply.json().commands_changes).not.toEqual({});
    expect(await show(iid)).toMatchObject({ reviewers: [{ username: 'mqa_bob' }], labels: ['bug'] });
  });
});

describe('personal commands: to-do, subscription, emoji reaction', () => {
  const mine = async (who: 'guest' | 'dev', table: 'todos' | 'subscriptions' | 'award_emoji') => {
    const rows = await t.db
      .selectFrom(table)
      .selectAll()
      .where('user_id', '=', uid[who] as number)
      .execute();
    return rows as Record<string, unknown>[];
  };

  it('run for any reader who may comment (a Guest too), in order, with GitLab texts', async () => {
    const iid = await newMr();
    const first = await comment(iid, '/todo\n/subscribe\n/react :thumbsup:', 'guest');
    expect(first.json()).toEqual({
      commands_changes: { todo_event: 'add', subscription_event: 'subscribe', emoji_award: 'thumbsup' },
      summary: ['Added a to-do. Subscribed to this merge request. Toggled :thumbsup: emoji reaction.'],
    });
    expect((await mine('guest', 'todos')).map((r) => [r.target_type, r.action, r.state])).toEqual([
      ['MergeRequest', 'marked', 'pending'],
    ]);
    expect((await mine('guest', 'award_emoji')).map((r) => r.name)).toEqual(['thumbsup']);
    const second = await comment(iid, '/todo\n/done\n/unsubscribe\n/award thumbsup\n/subscribe', 'guest');
    expect(second.json().summary).toEqual([
      'Could not apply todo command. Marked to-do as done. Unsubscribed from this merge request. ' +
        'Toggled :thumbsup: emoji reaction. Subscribed to this merge request.',
    ]);
    expect((await mine('guest', 'todos')).map((r) => r.state)).toEqual(['done']);
    expect(await mine('guest', 'award_emoji')).toEqual([]);
    expect((await mine('guest', 'subscriptions')).map((r) => r.subscribed)).toEqual([true]);
    expect((await comment(iid, '/done\n/react :not an emoji:', 'guest')).json().summary).toEqual([
      'Could not apply done command. Could not apply award command.',
    ]);
  });

  it('run on issues too (the author takes part, so is subscribed already)', async () => {
    const issue = await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'Personal' });
    const iid = (issue.json() as { iid: number }).iid;
    const r = await api('POST', `/projects/${projectId}/issues/${iid}/notes`, 'dev', {
      body: '/todo\n/subscribe\n/unsubscribe',
    });
    expect(r.json()).toEqual({
      commands_changes: { todo_event: 'add', subscription_event: 'unsubscribe' },
      summary: ['Added a to-do. Could not apply subscribe command. Unsubscribed from this issue.'],
    });
    expect((await mine('dev', 'todos')).map((row) => [row.target_type, row.action])).toContainEqual([
      'Issue',
      'marked',
    ]);
  });
});

describe('refusals', () => {
  it("a Guest's or Reporter's commands are not applied: 'Could not apply', no note, nothing changed", async () => {
    const iid = await newMr();
    for (const who of ['guest', 'reporter']) {
      const r = await comment(iid, '/label ~bug\n/close\n/draft', who);
      expect(r.statusCode).toBe(202);
      expect(r.json()).toEqual({
        commands_changes: {},
        summary: ['Could not apply label command. Could not apply close command. Could not apply draft command.'],
      });
    }
    const mr = await show(iid);
    expect([mr.labels, mr.state, mr.draft]).toEqual([[], 'opened', false]);
    expect(await notesOf(iid)).toEqual([]);
  });

  it('skips unknown users and labels (no label is created), and /close on a merged merge request', async () => {
    const iid = await newMr();
    const r = await comment(iid, '/assign @nobody_here\n/reviewer @mqa_outsider_x\n/label ~nope\n/milestone %v9');
    expect(r.json()).toEqual({
      commands_changes: {},
      summary: [
        'Could not apply assign command. Could not apply assign_reviewer command. ' +
          'Could not apply label command. Could not apply milestone command.',
      ],
    });
    expect(await t.db.selectFrom('labels').select('id').where('title', '=', 'nope').execute()).toEqual([]);
    await t.db
      .updateTable('merge_requests')
      .set({ state: 'merged' })
      .where('project_id', '=', projectId)
      .where('iid', '=', iid)
      .execute();
    expect((await comment(iid, '/close\n/reopen')).json().summary).toEqual([
      'Could not apply close command. Could not apply reopen command.',
    ]);
    expect((await show(iid)).state).toBe('merged');
  });

  it("won't assign a user who cannot read the merge request; a hidden merge request is 404", async () => {
    const iid = await newMr();
    expect((await comment(iid, '/assign @mqa_outsider')).json().summary).toEqual(['Could not apply assign command.']);
    const hidden = await api('POST', `${mrs(secretProjectId)}/1/notes`, 'outsider', { body: '/close' });
    expect(hidden.statusCode).toBe(404);
    const state = await api('GET', `${mrs(secretProjectId)}/1`, 'dev');
    expect(state.json().state).toBe('opened');
  });

  it("keeps as text what Meridian's merge requests cannot do (approvals, merging, issue-only fields)", async () => {
    const iid = await newMr();
    const body = 'Ship it\n/approve\n/merge\n/rebase\n/weight 3\n/due tomorrow';
    const r = await comment(iid, `${body}\n/label ~bug`);
    expect(r.statusCode).toBe(201);
    expect(r.json().body).toBe(body);
    expect((await show(iid)).labels).toEqual(['bug']);
  });
});

describe('descriptions, preview, and issues', () => {
  it('runs a description’s commands on create and on update, storing it without them', async () => {
    const iid = await newMr('Feature', { description: 'What it does\n/reviewer @mqa_bob\n/draft' });
    expect(await show(iid)).toMatchObject({
      title: 'Draft: Feature',
      description: 'What it does',
      reviewers: [{ username: 'mqa_bob' }],
    });
    const r = await api('PUT', `${mrs()}/${iid}`, 'dev', { description: 'Now with labels\n/label ~bug\n/ready' });
    expect(r.statusCode).toBe(200);
    expect(await show(iid)).toMatchObject({
      title: 'Feature',
      draft: false,
      description: 'Now with labels',
      labels: ['bug'],
    });
  });

  it('explains the commands in the preview of a merge request comment', async () => {
    const iid = await newMr('Preview');
    const r = await api('POST', '/markdown', 'dev', {
      text: 'Hi\n/assign_reviewer @mqa_bob\n/draft\n/approve',
      project: String(projectId),
      render_quick_actions: true,
      target_type: 'MergeRequest',
      target_id: iid,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().references.explanations).toEqual([
      'Assigns @mqa_bob as reviewer.',
      'Marks this merge request as a draft.',
    ]);
    expect(r.json().html).toContain('/approve');
    expect(r.json().html).not.toContain('/draft');
  });

  it('leaves merge request commands as text on an issue, and runs /title there', async () => {
    const issue = await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'An issue' });
    const iid = (issue.json() as { iid: number }).iid;
    const r = await api('POST', `/projects/${projectId}/issues/${iid}/notes`, 'dev', {
      body: 'Note\n/draft\n/reviewer @mqa_bob\n/title Renamed issue',
    });
    expect(r.json().body).toBe('Note\n/draft\n/reviewer @mqa_bob');
    expect((await api('GET', `/projects/${projectId}/issues/${iid}`, 'dev')).json().title).toBe('Renamed issue');
  });
});
