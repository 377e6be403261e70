import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { hierarchyOf, NOT_AVAILABLE, TREE, useWorkItemsWorld, wid } from '../test/work-items-world';

/** Reordering a work item's children: workItemUpdate's hierarchyWidget adjacentWorkItemId / relativePosition. */

const w = useWorkItemsWorld();
const { t } = w;

/** A parent issue with `count` tasks linked in order; their ids. */
async function parentWithTasks(count: number) {
  const parent = await w.issueRow(w.ids.project);
  const tasks: number[] = [];
  for (let i = 0; i < count; i++) {
    const task = await w.issueRow(w.ids.project, { type: 'task', title: `T${i}` });
    await w.update(w.tokens.planner, { id: wid(task.id), hierarchyWidget: { parentId: wid(parent.id) } });
    tasks.push(task.id);
  }
  return { parent: parent.id, tasks };
}

async function childOrder(parentId: number): Promise<number[]> {
  const res = await gql(t.app, TREE, { id: wid(parentId) }, w.tokens.guest);
  const nodes = dig(hierarchyOf(res), 'children', 'nodes') as Array<{ id: string }>;
  return nodes.map((n) => Number(n.id.split('/').pop()));
}

const place = (token: string, id: number, adjacent: number, relativePosition: 'BEFORE' | 'AFTER', extra = {}) =>
  w.update(token, {
    id: wid(id),
    hierarchyWidget: { adjacentWorkItemId: wid(adjacent), relativePosition, ...extra },
  });

describe('workItemUpdate reorders children', () => {
  it('moves a child before or after a sibling within its parent', async () => {
    const { parent, tasks } = await parentWithTasks(4);
    const [a, b, c, d] = tasks as [number, number, number, number];
    expect(await childOrder(parent)).toEqual([a, b, c, d]);
    let res = await place(w.tokens.guest, d, a, 'BEFORE');
    expect(dig(res.body.data, 'workItemUpdate', 'errors')).toEqual([]);
    expect(await childOrder(parent)).toEqual([d, a, b, c]);
    res = await place(w.tokens.planner, d, c, 'AFTER');
    expect(await childOrder(parent)).toEqual([a, b, c, d]);
    await place(w.tokens.planner, a, b, 'AFTER');
    expect(await childOrder(parent)).toEqual([b, a, c, d]);
  });

  it('places a child added through childrenIds or parentId next to the named sibling', async () => {
    const { parent, tasks } = await parentWithTasks(2);
    const [a, b] = tasks as [number, number];
    const newcomer = await w.issueRow(w.ids.project, { type: 'task' });
    const res = await w.update(w.tokens.planner, {
      id: wid(parent),
      hierarchyWidget: { childrenIds: [wid(newcomer.id)], adjacentWorkItemId: wid(b), relativePosition: 'BEFORE' },
    });
    expect(dig(res.body.data, 'workItemUpdate', 'errors')).toEqual([]);
    expect(await childOrder(parent)).toEqual([a, newcomer.id, b]);
    const other = await parentWithTasks(1);
    await place(w.tokens.planner, newcomer.id, other.tasks[0] as number, 'BEFORE', { parentId: wid(other.parent) });
    expect(await childOrder(other.parent)).toEqual([newcomer.id, other.tasks[0]]);
    expect(await childOrder(parent)).toEqual([a, b]);
  });

  it('rebalances when two neighbours leave no room', async () => {
    const { parent, tasks } = await parentWithTasks(3);
    const [a, b, c] = tasks as [number, number, number];
    await t.db
      .updateTable('work_item_parent_links')
      .set({ relative_position: 5 })
      .where('child_issue_id', '=', a)
      .execute();
    await t.db
      .updateTable('work_item_parent_links')
      .set({ relative_position: 6 })
      .where('child_issue_id', '=', b)
      .execute();
    await place(w.tokens.planner, c, b, 'BEFORE');
    expect(await childOrder(parent)).toEqual([a, c, b]);
  });

  it("breaks equal positions as the epic tree does: open before closed, then the link's age", async () => {
    const { parent, tasks } = await parentWithTasks(3);
    const [a, b, c] = tasks as [number, number, number];
    await t.db
      .updateTable('work_item_parent_links')
      .set({ relative_position: null })
      .where('parent_issue_id', '=', parent)
      .execute();
    await t.db.updateTable('issues').set({ state: 'closed' }).where('id', '=', a).execute();
    expect(await childOrder(parent)).toEqual([b, c, a]);
  });

  it('refuses a sibling of another parent, a lone item, half a placement and a hidden caller', async () => {
    const { tasks } = await parentWithTasks(1);
    const elsewhere = await parentWithTasks(1);
    const [a] = tasks as [number];
    const errorsOf = (res: Awaited<ReturnType<typeof place>>) => dig(res.body.data, 'workItemUpdate', 'errors');
    expect(errorsOf(await place(w.tokens.planner, a, elsewhere.tasks[0] as number, 'AFTER'))).toEqual([
      "The adjacent work item's parent must match the new parent work item.",
    ]);
    const lone = await w.issueRow(w.ids.project, { type: 'task' });
    expect(errorsOf(await place(w.tokens.planner, lone.id, a, 'AFTER'))).toEqual([
      'A work item without a parent cannot be reordered',
    ]);
    const half = await w.update(w.tokens.planner, { id: wid(a), hierarchyWidget: { relativePosition: 'AFTER' } });
    expect(errorsOf(half)).toEqual(['adjacentWorkItemId is required with relativePosition']);
    const hidden = await place(w.tokens.stranger, a, a, 'AFTER');
    expect(hidden.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
  });
});
