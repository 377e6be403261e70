import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * @gitbeaker/rest (the Node.js GitLab client, unmodified: no custom requester, no header tweaks)
 * drives a started Meridian over HTTP through the flows a team scripts, as the python-gitlab suite
 * beside it does: groups, projects, labels, milestones, issues with the client's own pagination,
 * notes, award emoji, issue links, epics, merge requests, users, and errors as the client raises them.
 */
let s: StartedServer;
let api: InstanceType<typeof Gitlab>;
let colleague: { id: number; username: string };
let counter = 0;

const unique = (prefix: string) => `${prefix}-${++counter}`;

async function newGroup() {
  const path = unique('gb');
  return api.Groups.create(path, path, { visibility: 'private' });
}

async function newProject(namespaceId?: number) {
  const group = namespaceId ?? (await newGroup()).id;
  return api.Projects.create({ name: 'Service', path: 'service', namespaceId: group });
}

/** What the client's error carries: the HTTP status and GitLab's message. */
async function failure(call: Promise<unknown>): Promise<{ status: number; description: string }> {
  const error = (await call.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e,
  )) as { name: string; cause?: { description: string; response: Response } };
  expect(error.name).toBe('GitbeakerRequestError');
  return { status: error.cause?.response.status ?? 0, description: error.cause?.description ?? '' };
}

beforeAll(async () => {
  s = await startTestServer();
  const scripter = await createUser(s.db, { username: 'gb-scripter' });
  const other = await createUser(s.db, { username: 'gb-colleague' });
  colleague = { id: other.id, username: other.username };
  api = new Gitlab({ host: s.url, token: await createToken(s.db, scripter.id) });
});

afterAll(async () => {
  await s?.close();
});

describe('groups and projects', () => {
  it('creates a group and a subgroup, lists and finds them', async () => {
    const group = await newGroup();
    const sub = await api.Groups.create('Backend', 'backend', { parentId: group.id });
    expect(sub.full_path).toBe(`${group.full_path}/backend`);
    expect((await api.Groups.allSubgroups(group.id)).map((g) => g.id)).toEqual([sub.id]);
    expect((await api.Groups.allDescendantGroups(group.id, {})).map((g) => g.id)).toEqual([sub.id]);
    expect((await api.Groups.show(String(sub.full_path))).id).toBe(sub.id);
    const found = await api.Groups.all({ search: group.path });
    expect(found.map((g) => g.id)).toContain(group.id);
  });

  it('creates a project in a subgroup and finds it by id, path and group', async () => {
    const group = await newGroup();
    const sub = await api.Groups.create('Web', 'web', { parentId: group.id });
    const project = await newProject(sub.id);
    expect(project.path_with_namespace).toBe(`${sub.full_path}/service`);
    expect((await api.Projects.show(String(project.path_with_namespace))).id).toBe(project.id);
    const listed = await api.Groups.allProjects(group.id, { includeSubgroups: true });
    expect(listed.map((p) => p.id)).toEqual([project.id]);
    expect(await api.Groups.allProjects(group.id, { includeSubgroups: false })).toEqual([]);
  });
});

describe('group settings', () => {
  it("edits the settings Meridian stores; one it has no feature for is the client's 400 naming it", async () => {
    const group = await newGroup();
    const edited = await api.Groups.edit(group.id, {
      projectCreationLevel: 'maintainer',
      subgroupCreationLevel: 'owner',
      emailsDisabled: true,
    });
    expect(edited).toMatchObject({
      project_creation_level: 'maintainer',
      subgroup_creation_level: 'owner',
      emails_enabled: false,
      emails_disabled: true,
    });
    const refused = await failure(api.Groups.edit(group.id, { lfsEnabled: true }));
    expect(refused.status).toBe(400);
    expect(refused.description).toContain('lfs_enabled');
  });
});

describe('labels and milestones', () => {
  it('keeps group and project labels apart, scoped labels included, and edits and deletes them', async () => {
    const group = await newGroup();
    const project = await newProject(group.id);
    await api.GroupLabels.create(group.id, 'priority::high', '#d9534f');
    await api.GroupLabels.create(group.id, 'priority::low', '#5cb85c');
    await api.ProjectLabels.create(project.id, 'bug', '#ff0000');
    const names = async (includeAncestorGroups: boolean) =>
      (await api.ProjectLabels.all(project.id, { includeAncestorGroups })).map((l) => l.name).sort();
    expect(await names(true)).toEqual(['bug', 'priority::high', 'priority::low']);
    expect(await names(false)).toEqual(['bug']);
    const renamed = await api.ProjectLabels.edit(project.id, 'bug', { newName: 'defect', description: 'Broken' });
    expect(renamed).toMatchObject({ name: 'defect', description: 'Broken' });
    expect(await api.ProjectLabels.edit(project.id, 'defect', { color: '#aa0000' })).toMatchObject({
      color: '#aa0000',
    });
    await api.ProjectLabels.remove(project.id, 'defect');
    expect(await names(false)).toEqual([]);
  });

  it('creates, closes and deletes project and group milestones', async () => {
    const group = await newGroup();
    const project = await newProject(group.id);
    const release = await api.ProjectMilestones.create(project.id, 'v1.0', { dueDate: '2030-06-30' });
    await api.GroupMilestones.create(group.id, 'Q3', { startDate: '2030-07-01', dueDate: '2030-09-30' });
    expect(release.due_date).toBe('2030-06-30');
    expect((await api.GroupMilestones.all(group.id)).map((m) => m.title)).toEqual(['Q3']);
    const closed = await api.ProjectMilestones.edit(project.id, release.id, { stateEvent: 'close' });
    expect(closed.state).toBe('closed');
    expect((await api.ProjectMilestones.all(project.id, { state: 'closed' })).map((m) => m.title)).toEqual(['v1.0']);
    await api.ProjectMilestones.remove(project.id, release.id);
    expect(await api.ProjectMilestones.all(project.id)).toEqual([]);
  });
});

describe('issues', () => {
  it('creates an issue with labels, milestone, assignee and weight, and reads them back', async () => {
    const group = await newGroup();
    const project = await newProject(group.id);
    await api.GroupMembers.add(group.id, 30, { userId: colleague.id });
    await api.ProjectLabels.create(project.id, 'bug', '#ff0000');
    const milestone = await api.ProjectMilestones.create(project.id, 'v1.0');
    const issue = await api.Issues.create(project.id, 'Crash on save', {
      description: 'Steps:\n1. Save',
      labels: 'bug',
      milestoneId: milestone.id,
      assigneeIds: [colleague.id],
      weight: 3,
      dueDate: '2030-05-01',
    });
    const fetched = await api.Issues.show(issue.iid, { projectId: project.id });
    expect(fetched).toMatchObject({ title: 'Crash on save', labels: ['bug'], weight: 3, due_date: '2030-05-01' });
    expect(fetched.milestone?.title).toBe('v1.0');
    expect((fetched.assignees as { username: string }[]).map((a) => a.username)).toEqual([colleague.username]);
  });

  it('updates, closes, reopens and deletes an issue', async () => {
    const project = await newProject();
    const issue = await api.Issues.create(project.id, 'Typo in footer');
    const edited = await api.Issues.edit(project.id, issue.iid, { title: 'Typo in the footer', confidential: true });
    expect(edited).toMatchObject({ title: 'Typo in the footer', confidential: true });
    expect((await api.Issues.edit(project.id, issue.iid, { stateEvent: 'close' })).state).toBe('closed');
    expect((await api.Issues.edit(project.id, issue.iid, { stateEvent: 'reopen' })).state).toBe('opened');
    await api.Issues.remove(project.id, issue.iid);
    expect((await failure(api.Issues.show(issue.iid, { projectId: project.id }))).status).toBe(404);
  });

  it('filters by labels, state, search and order, at project and group level', async () => {
    const group = await newGroup();
    const project = await newProject(group.id);
    await api.ProjectLabels.create(project.id, 'bug', '#ff0000');
    await api.Issues.create(project.id, 'Login fails', { labels: 'bug' });
    await api.Issues.create(project.id, 'Dark mode');
    const old = await api.Issues.create(project.id, 'Old login page');
    await api.Issues.edit(project.id, old.iid, { stateEvent: 'close' });
    const titles = async (options: Record<string, unknown>) =>
      (await api.Issues.all({ projectId: project.id, ...options })).map((i) => i.title).sort();
    expect(await titles({ labels: 'bug' })).toEqual(['Login fails']);
    expect(await titles({ state: 'opened' })).toEqual(['Dark mode', 'Login fails']);
    expect(await titles({ search: 'login' })).toEqual(['Login fails', 'Old login page']);
    const ordered = await api.Issues.all({ groupId: group.id, orderBy: 'created_at', sort: 'asc' });
    expect(ordered.map((i) => i.title)).toEqual(['Login fails', 'Dark mode', 'Old login page']);
  });

  it("pages through with the client's offset and keyset pagination", async () => {
    const project = await newProject();
    for (let n = 0; n < 7; n++) await api.Issues.create(project.id, `Paged ${n}`);
    const all = await api.Issues.all({ projectId: project.id, perPage: 2 });
    expect(all).toHaveLength(7);
    const first = await api.Issues.all({ projectId: project.id, perPage: 2, maxPages: 1, showExpanded: true });
    expect(first.data).toHaveLength(2);
    expect(first.paginationInfo).toMatchObject({ total: 7, totalPages: 4, next: 2, current: 1, perPage: 2 });
    const keyset = await api.Issues.all({
      projectId: project.id,
      perPage: 3,
      pagination: 'keyset',
      orderBy: 'created_at',
      sort: 'asc',
    });
    expect(keyset.map((i) => i.title)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => `Paged ${n}`));
  });
});

describe('discussions, links and epics', () => {
  it('creates, lists, edits and deletes notes, and awards emoji on issues and notes', async () => {
    const project = await newProject();
    const issue = await api.Issues.create(project.id, 'Slow search');
    const note = await api.IssueNotes.create(project.id, issue.iid, 'Seen on staging');
    await api.IssueNotes.edit(project.id, issue.iid, note.id, { body: 'Seen on staging and production' });
    const bodies = (await api.IssueNotes.all(project.id, issue.iid)).filter((n) => !n.system).map((n) => n.body);
    expect(bodies).toEqual(['Seen on staging and production']);
    const award = await api.IssueAwardEmojis.award(project.id, issue.iid, 'thumbsup');
    await api.IssueNoteAwardEmojis.award(project.id, issue.iid, note.id, 'tada');
    expect((await api.IssueAwardEmojis.all(project.id, issue.iid)).map((a) => a.name)).toEqual(['thumbsup']);
    expect((await api.IssueNoteAwardEmojis.all(project.id, issue.iid, note.id)).map((a) => a.name)).toEqual(['tada']);
    await api.IssueAwardEmojis.remove(project.id, issue.iid, award.id);
    expect(await api.IssueAwardEmojis.all(project.id, issue.iid)).toEqual([]);
    await api.IssueNotes.remove(project.id, issue.iid, note.id);
    expect((await failure(api.IssueNotes.show(project.id, issue.iid, note.id))).status).toBe(404);
  });

  it('links issues, sees the link from both ends, and removes it', async () => {
    const project = await newProject();
    const blocker = await api.Issues.create(project.id, 'Index the titles');
    const blocked = await api.Issues.create(project.id, 'Faster search');
    const link = await api.IssueLinks.create(project.id, blocker.iid, project.id, blocked.iid, { linkType: 'blocks' });
    expect(link).toMatchObject({
      source_issue: { iid: blocker.iid },
      target_issue: { iid: blocked.iid },
      link_type: 'blocks',
    });
    const fromBlocked = await api.IssueLinks.all(project.id, blocked.iid);
    expect(fromBlocked.map((l) => [l.iid, l.link_type])).toEqual([[blocker.iid, 'is_blocked_by']]);
    const [fromBlocker] = await api.IssueLinks.all(project.id, blocker.iid);
    await api.IssueLinks.remove(project.id, blocker.iid, Number(fromBlocker?.issue_link_id));
    expect(await api.IssueLinks.all(project.id, blocker.iid)).toEqual([]);
  });

  it('creates epics with dates, labels and a parent, filters, edits and closes them', async () => {
    const group = await newGroup();
    await api.GroupLabels.create(group.id, 'priority::high', '#d9534f');
    const epic = await api.Epics.create(group.id, 'Stability', {
      labels: 'priority::high',
      startDateIsFixed: true,
      startDateFixed: '2030-01-01',
      dueDateIsFixed: true,
      dueDateFixed: '2030-03-31',
    });
    const child = await api.Epics.create(group.id, 'Workstream', { parentId: epic.id });
    expect(epic).toMatchObject({ start_date: '2030-01-01', due_date: '2030-03-31' });
    expect((await api.Epics.show(group.id, child.iid)).parent_iid).toBe(epic.iid);
    expect((await api.Epics.all(group.id, { labels: 'priority::high' })).map((e) => e.title)).toEqual(['Stability']);
    const closed = await api.Epics.edit(group.id, epic.iid, { title: 'Stability first', stateEvent: 'close' });
    expect(closed).toMatchObject({ title: 'Stability first', state: 'closed' });
  });

  it('assigns an issue to an epic, lists and removes it', async () => {
    const group = await newGroup();
    const project = await newProject(group.id);
    const epic = await api.Epics.create(group.id, 'Search revamp');
    const issue = await api.Issues.create(project.id, 'Faster search');
    const assigned = await api.EpicIssues.assign(group.id, epic.iid, issue.id);
    expect((await api.EpicIssues.all(group.id, epic.iid)).map((i) => i.title)).toEqual(['Faster search']);
    await api.EpicIssues.remove(group.id, epic.iid, Number(assigned.id));
    expect(await api.EpicIssues.all(group.id, epic.iid)).toEqual([]);
  });
});

describe('merge requests and users', () => {
  it('lists and filters merge requests at project, group and instance level', async () => {
    const group = await newGroup();
    const project = await newProject(group.id);
    await api.ProjectLabels.create(project.id, 'backend', '#0000ff');
    await api.MergeRequests.create(project.id, 'fix-crash', 'main', 'Fix the crash', { labels: 'backend' });
    const draft = await api.MergeRequests.create(project.id, 'wip', 'main', 'Draft: dark mode');
    await api.MergeRequests.edit(project.id, draft.iid, { stateEvent: 'close' });
    const titles = (mrs: unknown) => (mrs as { title: string }[]).map((mr) => mr.title).sort();
    expect(titles(await api.MergeRequests.all({ projectId: project.id }))).toEqual([
      'Draft: dark mode',
      'Fix the crash',
    ]);
    expect(titles(await api.MergeRequests.all({ projectId: project.id, state: 'opened' }))).toEqual(['Fix the crash']);
    expect(titles(await api.MergeRequests.all({ groupId: group.id, labels: 'backend' }))).toEqual(['Fix the crash']);
    expect(titles(await api.MergeRequests.all({ scope: 'all', search: 'crash' }))).toContain('Fix the crash');
  });

  it('reads the current user and finds others by id and username', async () => {
    expect((await api.Users.showCurrentUser()).username).toBe('gb-scripter');
    expect((await api.Users.show(colleague.id)).username).toBe(colleague.username);
    expect((await api.Users.all({ username: colleague.username })).map((u) => u.id)).toEqual([colleague.id]);
  });
});

describe('errors as the client raises them', () => {
  it('404 for what does not exist, 400 with the message, 401 for a bad token', async () => {
    expect((await failure(api.Projects.show(999_999))).status).toBe(404);
    const project = await newProject();
    const invalid = await failure(api.Issues.create(project.id, ''));
    expect(invalid.status).toBe(400);
    expect(invalid.description).toMatch(/title/);
    const stranger = new Gitlab({ host: s.url, token: 'glpat-not-a-real-token-000' });
    expect((await failure(stranger.Users.showCurrentUser())).status).toBe(401);
  });
});
