import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { countStatements } from '../test/statement-count';
import { TREE, useWorkItemsWorld, wid } from '../test/work-items-world';

/** What reading work items costs: statements and query complexity. */

const w = useWorkItemsWorld();
const { t } = w;

describe('cost', () => {
  it('reads a parent with N children in the same number of statements for 2 and 8 children', async () => {
    const q = `query($id: WorkItemID!) { workItem(id: $id) { id widgets { type
      ... on WorkItemWidgetHierarchy { children(first: 10) { nodes { id title workItemType { name }
        widgets { type ... on WorkItemWidgetHierarchy { hasChildren parent { id } }
          ... on WorkItemWidgetWeight { weight rolledUpWeight }
          ... on WorkItemWidgetAssignees { assignees(first: 5) { nodes { username } } }
          ... on WorkItemWidgetLabels { labels(first: 5) { nodes { title } } } } } } } } } }`;
    const counts: number[] = [];
    // Warm-up: the token's first use of the test writes its last-used time once.
    await gql(t.app, q, { id: wid(w.ids.issue) }, w.tokens.developer);
    for (const size of [2, 8]) {
      const parent = await w.issueRow(w.ids.project);
      for (let i = 0; i < size; i++) {
        const child = await w.issueRow(w.ids.project, { type: 'task', weight: 1 });
        await t.db
          .insertInto('work_item_parent_links')
          .values({ parent_issue_id: parent.id, child_issue_id: child.id })
          .execute();
      }
      let res: Awaited<ReturnType<typeof gql>> | undefined;
      counts.push(
        await countStatements(t.database, async () => {
          res = await gql(t.app, q, { id: wid(parent.id) }, w.tokens.developer);
        }),
      );
      expect(res?.body.errors).toBeUndefined();
      const hierarchy = (dig(res?.body.data, 'workItem', 'widgets') as Array<Record<string, unknown>>).find(
        (w) => w.type === 'HIERARCHY',
      );
      expect(dig(hierarchy, 'children', 'nodes')).toHaveLength(size);
    }
    console.info(`work item with 2 and 8 children and their widgets: ${counts.join(' and ')} statements`);
    expect(counts[1]).toBe(counts[0]);
    expect(counts[1]).toBeLessThanOrEqual(12);
  });

  it('keeps the IE-38 tree query within the complexity limit', async () => {
    const res = await gql(t.app, TREE, { id: wid(w.ids.issue) }, w.tokens.guest);
    expect(res.body.errors).toBeUndefined();
  });
});
