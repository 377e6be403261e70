import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import {
  EPIC,
  hierarchyOf,
  KEY_RESULT,
  NOT_AVAILABLE,
  OBJECTIVE,
  TASK,
  TREE,
  useWorkItemsWorld,
  wid,
} from '../test/work-items-world';

/** createWorkItem (RF-11) and the hierarchy widget (IE-38). */

const w = useWorkItemsWorld();
const { t } = w;

describe('createWorkItem (RF-11) and the hierarchy (IE-38)', () => {
  it('creates a task under an issue; the issue lists it', async () => {
    const res = await w.create(w.tokens.developer, {
      title: 'Write the tests',
      workItemTypeId: TASK,
      projectPath: 'wi/app',
      descriptionWidget: { description: 'First' },
      hierarchyWidget: { parentId: wid(w.ids.issue) },
    });
    expect(res.body.errors).toBeUndefined();
    const payload = dig(res.body.data, 'createWorkItem') as Record<string, unknown>;
    expect(payload.errors).toEqual([]);
    const item = payload.workItem as Record<string, unknown>;
    expect(item).toMatchObject({ title: 'Write the tests', confidential: false, workItemType: { name: 'Task' } });
    expect(item.webPath).toBe(`/wi/app/-/work_items/${item.iid}`);
    const hierarchy = (item.widgets as Array<Record<string, unknown>>).find((w) => w.type === 'HIERARCHY');
    expect(hierarchy).toMatchObject({ hasParent: true, parent: { id: wid(w.ids.issue) } });

    const tree = await gql(t.app, TREE, { id: wid(w.ids.issue) }, w.tokens.guest);
    const h = hierarchyOf(tree);
    expect(h).toMatchObject({
      hasChildren: true,
      rolledUpCountsByType: [{ workItemType: { name: 'Task' }, countsByState: { all: 1, closed: 0 } }],
      children: {
        count: 1,
        nodes: [{ id: item.id, title: 'Write the tests', state: 'OPEN', reference: `#${item.iid}` }],
      },
    });
    expect(dig(h, 'children', 'nodes', '0', 'namespace', 'fullPath')).toBe('wi/app');
  });

  it('refuses a type the parent may not hold, naming the rule', async () => {
    const task = await w.issueRow(w.ids.project, { type: 'task' });
    const res = await w.create(w.tokens.developer, {
      title: 'Nested',
      workItemTypeId: TASK,
      projectPath: 'wi/app',
      hierarchyWidget: { parentId: wid(task.id) },
    });
    expect(dig(res.body.data, 'createWorkItem', 'errors')).toEqual([
      'it is not allowed to add this type of parent item',
    ]);
    expect(dig(res.body.data, 'createWorkItem', 'workItem')).toBeNull();
    const kr = await w.create(w.tokens.developer, {
      title: 'KR',
      workItemTypeId: KEY_RESULT,
      projectPath: 'wi/app',
      hierarchyWidget: { parentId: wid(w.ids.issue) },
    });
    expect(dig(kr.body.data, 'createWorkItem', 'errors')).toEqual([
      'it is not allowed to add this type of parent item',
    ]);
  });

  it('nests key results and objectives under objectives', async () => {
    const objective = await w.create(w.tokens.planner, {
      title: 'Grow',
      workItemTypeId: OBJECTIVE,
      projectPath: 'wi/app',
    });
    const parentId = dig(objective.body.data, 'createWorkItem', 'workItem', 'id') as string;
    for (const type of [KEY_RESULT, OBJECTIVE]) {
      const res = await w.create(w.tokens.planner, {
        title: 'Child',
        workItemTypeId: type,
        projectPath: 'wi/app',
        hierarchyWidget: { parentId },
      });
      expect(dig(res.body.data, 'createWorkItem', 'errors')).toEqual([]);
    }
    const tree = await gql(t.app, TREE, { id: parentId }, w.tokens.planner);
    expect(hierarchyOf(tree)?.rolledUpCountsByType).toEqual([
      { workItemType: { name: 'Objective' }, countsByState: { all: 1, closed: 0 } },
      { workItemType: { name: 'Key Result' }, countsByState: { all: 1, closed: 0 } },
    ]);
  });

  it('makes a child of a confidential parent confidential, and refuses a public one', async () => {
    const secret = await w.issueRow(w.ids.project, { confidential: true });
    const res = await w.create(w.tokens.planner, {
      title: 'Secret task',
      workItemTypeId: TASK,
      projectPath: 'wi/app',
      hierarchyWidget: { parentId: wid(secret.id) },
    });
    expect(dig(res.body.data, 'createWorkItem', 'workItem', 'confidential')).toBe(true);
    const open = await w.create(w.tokens.planner, {
      title: 'Public task',
      workItemTypeId: TASK,
      projectPath: 'wi/app',
      confidential: false,
      hierarchyWidget: { parentId: wid(secret.id) },
    });
    expect(dig(open.body.data, 'createWorkItem', 'errors')).toEqual([
      'cannot assign a non-confidential work item to a confidential parent. Make the work item confidential and try again.',
    ]);
  });

  it('answers a parent hidden from the caller like a missing one, and creates nothing', async () => {
    const secret = await w.issueRow(w.ids.project, { confidential: true });
    for (const parentId of [wid(secret.id), wid(999_999)]) {
      const before = await t.db
        .selectFrom('issues')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await w.create(w.tokens.guest, {
        title: 'x',
        workItemTypeId: TASK,
        projectPath: 'wi/app',
        hierarchyWidget: { parentId },
      });
      expect(res.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
      const after = await t.db
        .selectFrom('issues')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    }
  });

  it('creates an epic in a group under an epic through the epic services', async () => {
    const res = await w.create(w.tokens.planner, {
      title: 'Sub-epic',
      workItemTypeId: EPIC,
      namespacePath: 'wi',
      hierarchyWidget: { parentId: wid(w.ids.epicWorkItem) },
    });
    expect(dig(res.body.data, 'createWorkItem', 'errors')).toEqual([]);
    const child = await t.db
      .selectFrom('epics')
      .select(['parent_id'])
      .where('title', '=', 'Sub-epic')
      .executeTakeFirstOrThrow();
    expect(child.parent_id).toBe(w.ids.epic);
    const inProject = await w.create(w.tokens.planner, { title: 'x', workItemTypeId: EPIC, projectPath: 'wi/app' });
    expect(dig(inProject.body.data, 'createWorkItem', 'errors')).toEqual(['Epic can only be created in a group']);
    const byGuest = await w.create(w.tokens.guest, { title: 'x', workItemTypeId: EPIC, namespacePath: 'wi' });
    expect(byGuest.body.errors?.[0]?.message).toBe(NOT_AVAILABLE);
  });
});
