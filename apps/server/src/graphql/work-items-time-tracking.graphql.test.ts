import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { useWorkItemsWorld, wid } from '../test/work-items-world';

/** The time tracking widget's timelogs (GitLab WorkItemWidgetTimeTracking.timelogs), from the timelogs storage. */

const w = useWorkItemsWorld();
const { t } = w;

const TIMELOGS = `query($id: WorkItemID!, $first: Int, $after: String) { workItem(id: $id) { widgets { type
  ... on WorkItemWidgetTimeTracking { totalTimeSpent timelogs(first: $first, after: $after) {
    count pageInfo { hasNextPage endCursor } nodes { id timeSpent spentAt summary user { username } } } } } } }`;

const timelogsOf = async (token: string, id: number, page: { first?: number; after?: string } = {}) => {
  const res = await gql(t.app, TIMELOGS, { id: wid(id), ...page }, token);
  expect(res.body.errors).toBeUndefined();
  return (dig(res.body.data, 'workItem', 'widgets') as Array<Record<string, unknown>>).find(
    (x) => x.type === 'TIME_TRACKING',
  ) as {
    totalTimeSpent: number;
    timelogs: {
      count: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      nodes: Array<Record<string, unknown>>;
    };
  };
};

describe('WorkItemWidgetTimeTracking.timelogs', () => {
  it('lists the logs of a task oldest first, paged, with their user and summary', async () => {
    const task = await w.issueRow(w.ids.project, { type: 'task' });
    const spend = (duration: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${w.ids.project}/issues/${task.iid}/add_spent_time`,
        headers: { 'private-token': w.tokens.developer },
        payload: { duration, ...extra },
      });
    expect((await spend('1h', { summary: 'Wrote the parser' })).statusCode).toBe(201);
    expect((await spend('30m')).statusCode).toBe(201);
    expect((await spend('-15m')).statusCode).toBe(201);
    const first = await timelogsOf(w.tokens.guest, task.id, { first: 2 });
    expect(first.totalTimeSpent).toBe(4500);
    expect(first.timelogs.count).toBe(3);
    expect(first.timelogs.pageInfo.hasNextPage).toBe(true);
    expect(first.timelogs.nodes.map((n) => [n.timeSpent, n.summary])).toEqual([
      [3600, 'Wrote the parser'],
      [1800, null],
    ]);
    expect(first.timelogs.nodes[0]).toMatchObject({ user: { username: 'wi-developer' } });
    expect(String(first.timelogs.nodes[0]?.id)).toMatch(/^gid:\/\/gitlab\/Timelog\/\d+$/);
    const rest = await timelogsOf(w.tokens.guest, task.id, { first: 2, after: first.timelogs.pageInfo.endCursor });
    expect(rest.timelogs.nodes.map((n) => n.timeSpent)).toEqual([-900]);
    expect(rest.timelogs.pageInfo.hasNextPage).toBe(false);
    expect(rest.timelogs.count).toBe(3);
  });

  it('is empty for an item with no logs, and hidden with the item from a caller who may not read it', async () => {
    const none = await timelogsOf(w.tokens.guest, w.ids.issue);
    expect(none.timelogs).toEqual({ count: 0, pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] });
    const res = await gql(t.app, TIMELOGS, { id: wid(w.ids.issue) }, w.tokens.stranger);
    expect(res.body.data?.workItem).toBeNull();
  });
});
