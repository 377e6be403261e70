import type { AddressInfo } from 'node:net';
import { Gitlab } from '@gitbeaker/rest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * An unmodified GitLab client (@gitbeaker/rest) drives labels, milestones, notes, discussions
 * and award emoji over real HTTP.
 */
const t = useTestApp();
let api: InstanceType<typeof Gitlab>;
let projectId: number;
let groupId: number;

beforeAll(async () => {
  const user = await createUser(t.db, { username: 'gb_owner' });
  const token = await createToken(t.db, user.id);
  const g = await createGroup(t.db, { path: 'gbacme' });
  const p = await createProject(t.db, { namespaceId: g.id, path: 'web' });
  await addGroupMember(t.db, g.id, user.id, AccessLevel.OWNER);
  await t.db.insertInto('issues').values({ project_id: p.id, iid: 1, title: 'first', author_id: user.id }).execute();
  projectId = p.id;
  groupId = g.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  api = new Gitlab({ host: `http://127.0.0.1:${port}`, token });
});

describe('@gitbeaker/rest against Meridian', () => {
  it('labels: create group and project labels, list with counts, edit, remove', async () => {
    await api.GroupLabels.create(groupId, 'priority::high', '#d9534f', { description: 'urgent' });
    const label = await api.ProjectLabels.create('gbacme/web', 'frontend', 'blue', { priority: 1 });
    expect(label).toMatchObject({ name: 'frontend', color: '#0000ff', priority: 1 });
    const all = await api.ProjectLabels.all(projectId, { withCounts: true });
    expect(all.map((l) => l.name)).toEqual(['frontend', 'priority::high']);
    expect(all[0]).toHaveProperty('open_issues_count', 0);
    const edited = await api.ProjectLabels.edit(projectId, 'frontend', { newName: 'ui' });
    expect(edited.name).toBe('ui');
    await api.ProjectLabels.remove(projectId, 'ui');
    expect((await api.ProjectLabels.all(projectId)).map((l) => l.name)).toEqual(['priority::high']);
  });

  it('milestones: create, list, close', async () => {
    const m = await api.ProjectMilestones.create(projectId, 'v1', { startDate: '2030-01-01', dueDate: '2030-02-01' });
    expect(m).toMatchObject({ iid: 1, title: 'v1', state: 'active' });
    await api.GroupMilestones.create(groupId, 'Q1');
    expect((await api.ProjectMilestones.all(projectId)).map((x) => x.title)).toEqual(['v1']);
    const closed = await api.ProjectMilestones.edit(projectId, m.id, { stateEvent: 'close' });
    expect(closed.state).toBe('closed');
    expect(await api.ProjectMilestones.allAssignedIssues(projectId, m.id)).toEqual([]);
  });

  it('notes, discussions and award emoji on an issue', async () => {
    const note = await api.IssueNotes.create(projectId, 1, 'Looks **good**');
    expect(note).toMatchObject({ body: 'Looks **good**', noteable_type: 'Issue', noteable_iid: 1 });
    const d = await api.IssueDiscussions.create(projectId, 1, 'Question?');
    const reply = await api.IssueDiscussions.addNote(projectId, 1, String(d.id), 'Answer.');
    expect(reply.body).toBe('Answer.');
    const threads = await api.IssueDiscussions.all(projectId, 1);
    expect(threads.map((x) => x.notes?.length)).toEqual([1, 2]);
    const award = await api.IssueAwardEmojis.award(projectId, 1, 'thumbsup');
    expect(award).toMatchObject({ name: 'thumbsup', awardable_type: 'Issue' });
    expect((await api.IssueAwardEmojis.all(projectId, 1)).map((a) => a.name)).toEqual(['thumbsup']);
    await api.IssueAwardEmojis.remove(projectId, 1, award.id);
    expect(await api.IssueNotes.all(projectId, 1, { sort: 'asc' })).toHaveLength(3);
    await api.IssueNotes.remove(projectId, 1, note.id);
    expect(await api.IssueNotes.all(projectId, 1)).toHaveLength(2);
  });
});
