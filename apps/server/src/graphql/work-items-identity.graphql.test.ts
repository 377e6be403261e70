import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { type Role, roles, useWorkItemsWorld, wid } from '../test/work-items-world';

/** One WorkItem identity for issues and epics (IE-41), and the work item permissions (IE §6). */

const w = useWorkItemsWorld();
const { t } = w;

describe('one identity (gid://gitlab/WorkItem/N)', () => {
  const BY_ID = `query($id: WorkItemID!) { workItem(id: $id) { id iid title workItemType { name } } }`;
  it('resolves an issue and an epic, each to exactly one item', async () => {
    expect(w.ids.epicWorkItem).not.toBe(w.ids.issue);
    const issue = await gql(t.app, BY_ID, { id: wid(w.ids.issue) }, w.tokens.guest);
    expect(dig(issue.body.data, 'workItem', 'workItemType', 'name')).toBe('Issue');
    const epic = await gql(t.app, BY_ID, { id: wid(w.ids.epicWorkItem) }, w.tokens.guest);
    expect(dig(epic.body.data, 'workItem')).toEqual({
      id: wid(w.ids.epicWorkItem),
      iid: '1',
      title: 'Epic one',
      workItemType: { name: 'Epic' },
    });
    const legacy = await gql(t.app, BY_ID, { id: `gid://gitlab/Epic/${w.ids.epic}` }, w.tokens.guest);
    expect(dig(legacy.body.data, 'workItem', 'id')).toBe(wid(w.ids.epicWorkItem));
    const byIssueGid = await gql(t.app, BY_ID, { id: `gid://gitlab/Issue/${w.ids.issue}` }, w.tokens.guest);
    expect(dig(byIssueGid.body.data, 'workItem', 'id')).toBe(wid(w.ids.issue));
  });

  it('finds by namespace and iid: an issue in a project, an epic in a group', async () => {
    const q = `query($path: ID!, $iid: String!) { namespace(fullPath: $path) { workItem(iid: $iid) { id } } }`;
    const epic = await gql(t.app, q, { path: 'wi', iid: '1' }, w.tokens.guest);
    expect(dig(epic.body.data, 'namespace', 'workItem', 'id')).toBe(wid(w.ids.epicWorkItem));
    const iid = (await t.db.selectFrom('issues').select('iid').where('id', '=', w.ids.issue).executeTakeFirstOrThrow())
      .iid;
    const issue = await gql(t.app, q, { path: 'wi/app', iid: String(iid) }, w.tokens.guest);
    expect(dig(issue.body.data, 'namespace', 'workItem', 'id')).toBe(wid(w.ids.issue));
  });

  it('answers null to a caller who may not read it', async () => {
    const res = await gql(t.app, BY_ID, { id: wid(w.ids.issue) }, w.tokens.stranger);
    expect(res.body.data?.workItem).toBeNull();
    const epic = await gql(t.app, BY_ID, { id: wid(w.ids.epicWorkItem) }, w.tokens.stranger);
    expect(epic.body.data?.workItem).toBeNull();
  });

  it('gives new epics ids from the same sequence as issues', async () => {
    const epic = await t.db
      .insertInto('epics')
      .values({ group_id: w.ids.group, iid: 50, title: 'Epic E' })
      .returning('work_item_id')
      .executeTakeFirstOrThrow();
    const issue = await w.issueRow(w.ids.project);
    expect(issue.id).toBeGreaterThan(epic.work_item_id);
    const clash = await t.db.selectFrom('issues').select('id').where('id', '=', epic.work_item_id).executeTakeFirst();
    expect(clash).toBeUndefined();
  });
});

describe('work item permissions (IE §6)', () => {
  const PERMS = `query($id: WorkItemID!) { workItem(id: $id) { userPermissions {
    deleteWorkItem updateWorkItem adminParentLink setWorkItemMetadata createNote adminWorkItemLink } } }`;
  const expected: Record<Role, [boolean, boolean, boolean, boolean, boolean, boolean]> = {
    guest: [false, false, true, false, true, true],
    reporter: [false, true, true, true, true, true],
    planner: [true, true, true, true, true, true],
    developer: [false, true, true, true, true, true],
    owner: [true, true, true, true, true, true],
  };
  it.each(roles)('gives %s the issue abilities on a task', async (role) => {
    const res = await gql(t.app, PERMS, { id: wid(w.ids.issue) }, w.tokens[role]);
    expect(Object.values(dig(res.body.data, 'workItem', 'userPermissions') as object)).toEqual(expected[role]);
  });
  it.each(roles)('gives %s the epic abilities on an epic', async (role) => {
    const res = await gql(t.app, PERMS, { id: wid(w.ids.epicWorkItem) }, w.tokens[role]);
    const flags = dig(res.body.data, 'workItem', 'userPermissions') as Record<string, boolean>;
    expect(flags.updateWorkItem).toBe(role !== 'guest');
    expect(flags.adminParentLink).toBe(role !== 'guest');
    expect(flags.deleteWorkItem).toBe(role === 'planner' || role === 'owner');
  });
  it('lets an outsider read a public project work item but change nothing', async () => {
    const row = await w.issueRow(w.ids.publicProject, { type: 'task' });
    const res = await gql(t.app, PERMS, { id: wid(row.id) }, w.tokens.stranger);
    expect(dig(res.body.data, 'workItem', 'userPermissions')).toEqual({
      deleteWorkItem: false,
      updateWorkItem: false,
      adminParentLink: false,
      setWorkItemMetadata: false,
      createNote: true,
      adminWorkItemLink: false,
    });
  });
});
