import { describe, expect, it } from 'vitest';
import { dig, gql } from '../test/graphql-client';
import { useWorkItemsWorld, wid } from '../test/work-items-world';

/**
 * The description widget's lastEditedAt / lastEditedBy (GitLab's `last_edited_at` /
 * `last_edited_by`): stamped by the issue and epic write services when the title or description
 * text changes, whichever transport wrote it; other edits leave them alone.
 */
const w = useWorkItemsWorld();
const { t } = w;

const DESCRIPTION = `query($id: WorkItemID!) {
  workItem(id: $id) {
    widgets {
      ... on WorkItemWidgetDescription { description edited lastEditedAt lastEditedBy { username } }
    }
  }
}`;

interface DescriptionWidget {
  description: string | null;
  edited: boolean;
  lastEditedAt: string | null;
  lastEditedBy: { username: string } | null;
}

async function descriptionOf(workItemId: number, token: string): Promise<DescriptionWidget | undefined> {
  const res = await gql(t.app, DESCRIPTION, { id: wid(workItemId) }, token);
  expect(res.body.errors).toBeUndefined();
  const widgets = dig(res.body.data, 'workItem', 'widgets') as Array<Partial<DescriptionWidget>>;
  return widgets.find((x) => 'lastEditedAt' in x) as DescriptionWidget | undefined;
}

const rest = (method: string, url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: method as 'PUT', url: `/api/v4${url}`, headers: { 'private-token': token }, payload });

describe('WorkItemWidgetDescription lastEditedAt / lastEditedBy', () => {
  it('is null until the text is edited; a label or weight change does not count', async () => {
    const issue = await w.issueRow(w.ids.project);
    expect(await descriptionOf(issue.id, w.tokens.owner)).toMatchObject({
      edited: false,
      lastEditedAt: null,
      lastEditedBy: null,
    });
    const res = await rest('PUT', `/projects/${w.ids.project}/issues/${issue.iid}`, w.tokens.owner, {
      weight: 3,
      labels: 'ux',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await descriptionOf(issue.id, w.tokens.owner)).toMatchObject({ edited: false, lastEditedAt: null });
  });

  it('names who edited the description and when, through REST and through workItemUpdate', async () => {
    const issue = await w.issueRow(w.ids.project);
    const before = Date.now();
    const put = await rest('PUT', `/projects/${w.ids.project}/issues/${issue.iid}`, w.tokens.developer, {
      description: 'Steps to reproduce',
    });
    expect(put.statusCode, put.body).toBe(200);
    const first = await descriptionOf(issue.id, w.tokens.guest);
    expect(first).toMatchObject({
      description: 'Steps to reproduce',
      edited: true,
      lastEditedBy: { username: 'wi-developer' },
    });
    expect(Date.parse(first?.lastEditedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const up = await w.update(w.tokens.owner, { id: wid(issue.id), descriptionWidget: { description: 'Reworded' } });
    expect(dig(up.body.data, 'workItemUpdate', 'errors')).toEqual([]);
    const second = await descriptionOf(issue.id, w.tokens.guest);
    expect(second?.lastEditedBy).toEqual({ username: 'wi-owner' });
    expect(Date.parse(second?.lastEditedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first?.lastEditedAt ?? ''));
    // Sending the same text again is no edit.
    await rest('PUT', `/projects/${w.ids.project}/issues/${issue.iid}`, w.tokens.developer, {
      description: 'Reworded',
    });
    expect((await descriptionOf(issue.id, w.tokens.guest))?.lastEditedBy).toEqual({ username: 'wi-owner' });
  });

  it("stamps an epic's description edit too", async () => {
    const res = await rest('PUT', `/groups/${w.ids.group}/epics/1`, w.tokens.planner, { description: 'Scope' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await descriptionOf(w.ids.epicWorkItem, w.tokens.owner)).toMatchObject({
      description: 'Scope',
      edited: true,
      lastEditedBy: { username: 'wi-planner' },
    });
  });
});
