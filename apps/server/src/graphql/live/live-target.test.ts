import { describe, expect, it } from 'vitest';
import { createGroup, createProject } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { liveTarget } from './live-context';

/** A subscription's WorkItemID names one item: the issue of that id, or the epic whose work item id it is. */
const t = useTestApp(async ({ db }) => {
  const group = await createGroup(db, { path: 'live-target' });
  const project = await createProject(db, { namespaceId: group.id, path: 'app' });
  const issue = await db
    .insertInto('issues')
    .values({ project_id: project.id, iid: 1, title: 'Issue' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const epic = await db
    .insertInto('epics')
    .values({ group_id: group.id, iid: 1, title: 'Epic' })
    .returning(['id', 'work_item_id'])
    .executeTakeFirstOrThrow();
  return { issueId: issue.id, epicId: epic.id, epicWorkItemId: epic.work_item_id };
});

describe('liveTarget', () => {
  it('resolves WorkItem ids of issues and epics, and the legacy Issue and Epic ids', async () => {
    const { issueId, epicId, epicWorkItemId } = t.world;
    expect(await liveTarget(t.db, `gid://gitlab/WorkItem/${issueId}`)).toEqual({ type: 'Issue', id: issueId });
    expect(await liveTarget(t.db, `gid://gitlab/WorkItem/${epicWorkItemId}`)).toEqual({ type: 'Epic', id: epicId });
    expect(await liveTarget(t.db, `gid://gitlab/Issue/${issueId}`)).toEqual({ type: 'Issue', id: issueId });
    expect(await liveTarget(t.db, `gid://gitlab/Epic/${epicId}`)).toEqual({ type: 'Epic', id: epicId });
  });

  it('leaves an unknown WorkItem id to the read check (an issue id that matches nothing)', async () => {
    expect(await liveTarget(t.db, 'gid://gitlab/WorkItem/999999')).toEqual({ type: 'Issue', id: 999_999 });
    await expect(liveTarget(t.db, 'gid://gitlab/Note/1')).rejects.toThrow('is not a valid work item id');
  });
});
