import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { DELETE, hierarchyOf, NOT_AVAILABLE, TREE, UPDATE, useWorkItemsWorld, wid } from '../test/work-items-world';

/** deleteWorkItem (IE-44) and workItemUpdate. */

const w = useWorkItemsWorld();
const { t } = w;

describe('deleteWorkItem (IE-44) and workItemUpdate', () => {
  it('deletes for Owner and Planner only; others get the not-available error', async () => {
    const task = await w.issueRow(w.ids.project, { type: 'task' });
    for (const role of ['guest', 'reporter', 'developer'] as const) {
      const res = await gql(t.app, DELETE, { id: wid(task.id) }, w.tokens[role]);
      expect(res.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    }
    const hidden = await gql(t.app, DELETE, { id: wid(task.id) }, w.tokens.stranger);
    expect(hidden.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    const res = await gql(t.app, DELETE, { id: wid(task.id) }, w.tokens.owner);
    expect(dig(res.body.data, 'deleteWorkItem', 'errors')).toEqual([]);
    expect(await t.db.selectFrom('issues').select('id').where('id', '=', task.id).executeTakeFirst()).toBeUndefined();
    const epic = await t.db
      .insertInto('epics')
      .values({ group_id: w.ids.group, iid: 60, title: 'Gone' })
      .returning('work_item_id')
      .executeTakeFirstOrThrow();
    const epicRes = await gql(
      t.app,
      `mutation($id: WorkItemID!) { workItemDelete(input: { id: $id }) { errors } }`,
      { id: wid(epic.work_item_id) },
      w.tokens.planner,
    );
    expect(dig(epicRes.body.data, 'workItemDelete', 'errors')).toEqual([]);
  });

  it('updates title and state, moves a task between parents and back out', async () => {
    const parentA = await w.issueRow(w.ids.project);
    const parentB = await w.issueRow(w.ids.project);
    const task = await w.issueRow(w.ids.project, { type: 'task' });
    const up = (input: Record<string, unknown>) =>
      gql(t.app, UPDATE, { input: { id: wid(task.id), ...input } }, w.tokens.developer);
    const res = await up({ title: 'Renamed', stateEvent: 'CLOSE', hierarchyWidget: { parentId: wid(parentA.id) } });
    expect(dig(res.body.data, 'workItemUpdate')).toEqual({
      workItem: { id: wid(task.id), title: 'Renamed', state: 'CLOSED' },
      errors: [],
    });
    let tree = await gql(t.app, TREE, { id: wid(parentA.id) }, w.tokens.developer);
    expect(hierarchyOf(tree)?.rolledUpCountsByType).toEqual([
      { workItemType: { name: 'Task' }, countsByState: { all: 1, closed: 1 } },
    ]);
    await gql(
      t.app,
      UPDATE,
      { input: { id: wid(parentB.id), hierarchyWidget: { childrenIds: [wid(task.id)] } } },
      w.tokens.developer,
    );
    tree = await gql(t.app, TREE, { id: wid(task.id) }, w.tokens.developer);
    expect(hierarchyOf(tree)?.parent).toEqual({ id: wid(parentB.id) });
    await up({ hierarchyWidget: { parentId: null } });
    tree = await gql(t.app, TREE, { id: wid(task.id) }, w.tokens.developer);
    expect(hierarchyOf(tree)).toMatchObject({ hasParent: false, parent: null });
  });

  it('puts an issue into an epic through the epic-issue service (Planner yes, Guest no)', async () => {
    await t.db
      .insertInto('epics')
      .values({ group_id: w.ids.group, iid: 70, title: 'Child epic', parent_id: w.ids.epic })
      .execute();
    const issue = await w.issueRow(w.ids.project);
    const input = { id: wid(issue.id), hierarchyWidget: { parentId: wid(w.ids.epicWorkItem) } };
    const guest = await gql(t.app, UPDATE, { input }, w.tokens.guest);
    expect(guest.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    const planner = await gql(t.app, UPDATE, { input }, w.tokens.planner);
    expect(dig(planner.body.data, 'workItemUpdate', 'errors')).toEqual([]);
    const link = await t.db
      .selectFrom('epic_issues')
      .select('epic_id')
      .where('issue_id', '=', issue.id)
      .executeTakeFirstOrThrow();
    expect(link.epic_id).toBe(w.ids.epic);
    const tree = await gql(t.app, TREE, { id: wid(w.ids.epicWorkItem) }, w.tokens.planner);
    const nodes = dig(hierarchyOf(tree), 'children', 'nodes') as Array<{ id: string; workItemType: { name: string } }>;
    expect(nodes.map((n) => n.id)).toContain(wid(issue.id));
    expect(nodes.map((n) => n.workItemType.name)).toContain('Epic');
  });
});

describe('confidentiality across parent links (GitLab validate_confidentiality)', () => {
  const link = (parentId: number, childId: number) =>
    t.db.insertInto('work_item_parent_links').values({ parent_issue_id: parentId, child_issue_id: childId }).execute();
  const confidentialOf = async (id: number) =>
    (await t.db.selectFrom('issues').select('confidential').where('id', '=', id).executeTakeFirstOrThrow())
      .confidential;

  it('refuses to make a task public under a confidential issue, in GraphQL and REST alike', async () => {
    const parent = await w.issueRow(w.ids.project, { confidential: true });
    const task = await w.issueRow(w.ids.project, { type: 'task', confidential: true });
    await link(parent.id, task.id);
    const res = await w.update(w.tokens.planner, { id: wid(task.id), confidential: false });
    expect(dig(res.body.data, 'workItemUpdate', 'errors')).toEqual([
      'A non-confidential task cannot be assigned to a confidential parent issue.',
    ]);
    const rest = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${w.ids.project}/issues/${task.iid}`,
      headers: { 'private-token': w.tokens.planner },
      payload: { confidential: false },
    });
    expect(rest.statusCode).toBe(400);
    expect(JSON.stringify(rest.json())).toContain(
      'A non-confidential task cannot be assigned to a confidential parent issue.',
    );
    expect(await confidentialOf(task.id)).toBe(true);
  });

  it('names the key result and objective the same way', async () => {
    const parent = await w.issueRow(w.ids.project, { type: 'objective', confidential: true });
    const kr = await w.issueRow(w.ids.project, { type: 'key_result', confidential: true });
    await link(parent.id, kr.id);
    const res = await w.update(w.tokens.planner, { id: wid(kr.id), confidential: false });
    expect(dig(res.body.data, 'workItemUpdate', 'errors')).toEqual([
      'A non-confidential key result cannot be assigned to a confidential parent objective.',
    ]);
  });

  it('refuses to make a parent confidential while a child is public, then allows it once all are', async () => {
    const parent = await w.issueRow(w.ids.project);
    const open = await w.issueRow(w.ids.project, { type: 'task' });
    const secret = await w.issueRow(w.ids.project, { type: 'task', confidential: true });
    await link(parent.id, open.id);
    await link(parent.id, secret.id);
    const refused = await w.update(w.tokens.planner, { id: wid(parent.id), confidential: true });
    expect(dig(refused.body.data, 'workItemUpdate', 'errors')).toEqual([
      'All child items must be confidential in order to turn on confidentiality.',
    ]);
    expect(await confidentialOf(parent.id)).toBe(false);
    await w.update(w.tokens.planner, { id: wid(open.id), confidential: true });
    const allowed = await w.update(w.tokens.planner, { id: wid(parent.id), confidential: true });
    expect(dig(allowed.body.data, 'workItemUpdate', 'errors')).toEqual([]);
    expect(await confidentialOf(parent.id)).toBe(true);
    // Now the parent is confidential, its children may not go public again.
    const free = await w.update(w.tokens.planner, { id: wid(open.id), confidential: false });
    expect(dig(free.body.data, 'workItemUpdate', 'errors')).toEqual([
      'A non-confidential task cannot be assigned to a confidential parent issue.',
    ]);
  });
});

describe('system notes when a parent link changes (GitLab hierarchy_changed)', () => {
  const notesOf = async (id: number) =>
    (
      await t.db
        .selectFrom('notes')
        .select('note')
        .where('noteable_type', '=', 'Issue')
        .where('noteable_id', '=', id)
        .where('system', '=', true)
        .orderBy('id')
        .execute()
    ).map((n) => n.note);

  it('notes the link on both ends when added, moved and removed', async () => {
    const a = await w.issueRow(w.ids.project);
    const b = await w.issueRow(w.ids.project, { type: 'incident' });
    const task = await w.issueRow(w.ids.project, { type: 'task' });
    const move = (parentId: string | null) =>
      w.update(w.tokens.planner, { id: wid(task.id), hierarchyWidget: { parentId } });
    await move(wid(a.id));
    await move(wid(b.id));
    await move(null);
    expect(await notesOf(a.id)).toEqual([`added #${task.iid} as child task`, `removed child task #${task.iid}`]);
    expect(await notesOf(b.id)).toEqual([`added #${task.iid} as child task`, `removed child task #${task.iid}`]);
    expect(await notesOf(task.id)).toEqual([
      `added #${a.iid} as parent issue`,
      `removed parent issue #${a.iid}`,
      `added #${b.iid} as parent incident`,
      `removed parent incident #${b.iid}`,
    ]);
  });

  it('writes nothing when the parent does not change or the link is refused', async () => {
    const parent = await w.issueRow(w.ids.project, { type: 'objective' });
    const kr = await w.issueRow(w.ids.project, { type: 'key_result' });
    await w.update(w.tokens.planner, { id: wid(parent.id), hierarchyWidget: { childrenIds: [wid(kr.id)] } });
    await w.update(w.tokens.planner, { id: wid(kr.id), hierarchyWidget: { parentId: wid(parent.id) } });
    const refused = await w.update(w.tokens.stranger, { id: wid(kr.id), hierarchyWidget: { parentId: null } });
    expect(refused.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
    expect(await notesOf(parent.id)).toEqual([`added #${kr.iid} as child key result`]);
    expect(await notesOf(kr.id)).toEqual([`added #${parent.iid} as parent objective`]);
  });
});
