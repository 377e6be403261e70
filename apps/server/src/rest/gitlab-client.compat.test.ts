import type { AddressInfo } from 'node:net';
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The foundation's promise to scripts: an unmodified GitLab client (@gitbeaker/rest) creates a
 * group, a project, labels, a milestone, issues and an epic over real HTTP, and lists them back
 * with filters.
 */
let t: TestApp;
let api: InstanceType<typeof Gitlab>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { username: 'scripter' });
  const token = await createToken(t.db, user.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  api = new Gitlab({ host: `http://127.0.0.1:${port}`, token });
});

afterAll(async () => {
  await t?.close();
});

describe('a GitLab client scripts Meridian', () => {
  it('creates a group, project, labels, milestone, issues and an epic, then lists them with filters', async () => {
    const group = await api.Groups.create('Planning Co', 'planco', { visibility: 'private' });
    expect(group).toMatchObject({ name: 'Planning Co', full_path: 'planco' });

    const project = await api.Projects.create({ name: 'Backend', path: 'backend', namespaceId: group.id });
    expect(project.path_with_namespace).toBe('planco/backend');

    await api.GroupLabels.create(group.id, 'priority::high', '#d9534f');
    await api.ProjectLabels.create(project.id, 'bug', '#ff0000');
    const milestone = await api.ProjectMilestones.create(project.id, 'v1.0', { dueDate: '2030-06-30' });

    const crash = await api.Issues.create(project.id, 'Crash on save', {
      labels: 'bug,priority::high',
      milestoneId: milestone.id,
    });
    await api.Issues.create(project.id, 'Add dark mode', { labels: 'priority::high' });
    await api.Issues.create(project.id, 'Typo in footer');
    expect(crash.iid).toBe(1);

    const bugs = await api.Issues.all({ projectId: project.id, labels: 'bug' });
    expect(bugs.map((i) => i.title)).toEqual(['Crash on save']);
    const high = await api.Issues.all({
      groupId: group.id,
      labels: 'priority::high',
      orderBy: 'created_at',
      sort: 'asc',
    });
    expect(high.map((i) => i.title)).toEqual(['Crash on save', 'Add dark mode']);
    const inMilestone = await api.Issues.all({ projectId: project.id, milestone: 'v1.0' });
    expect(inMilestone.map((i) => i.iid)).toEqual([1]);

    const closed = await api.Issues.edit(project.id, 3, { stateEvent: 'close' });
    expect(closed.state).toBe('closed');
    const open = await api.Issues.all({ projectId: project.id, state: 'opened' });
    expect(open.map((i) => i.iid).sort()).toEqual([1, 2]);

    const epic = await api.Epics.create(group.id, 'Stability', { labels: 'priority::high' });
    await api.Epics.create(group.id, 'Polish');
    await api.EpicIssues.assign(group.id, epic.iid, crash.id);
    const labelled = await api.Epics.all(group.id, { labels: 'priority::high' });
    expect(labelled.map((e) => e.title)).toEqual(['Stability']);
    const epicIssues = await api.EpicIssues.all(group.id, epic.iid);
    expect(epicIssues.map((i) => i.title)).toEqual(['Crash on save']);
  });
});
