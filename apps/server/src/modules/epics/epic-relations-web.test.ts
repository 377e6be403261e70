import { describe, expect, it } from 'vitest';
import { type EpicTreeWorld, seedEpicTree } from '../../test/epic-tree-world';
import { createCookieSession } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/** IE-15: DELETE {relationPath} of an epic-tree row (page routes beside /api/v4). */
const t = useTestApp<EpicTreeWorld>((app) => seedEpicTree(app.db));

function del(url: string, token?: string) {
  return t.app.inject({ method: 'DELETE', url, headers: token ? { 'private-token': token } : {} });
}

const issueLink = (epicIid: number, epicIssueId: number, group = 'tree') =>
  `/groups/${group}/-/epics/${epicIid}/issues/${epicIssueId}`;
const epicLink = (epicIid: number, childId: number, group = 'tree') =>
  `/groups/${group}/-/epics/${epicIid}/links/${childId}`;

describe('DELETE {relationPath}', () => {
  it('answers 401 signed out, 404 for hidden or unknown relations, 403 without admin_epic_relation', async () => {
    const w = t.world;
    expect((await del(issueLink(1, w.issues.issueA.epicIssueId))).statusCode).toBe(401);
    // The guest cannot see the confidential issue, nor the confidential child epic: 404 as missing ones.
    expect((await del(issueLink(1, w.issues.issueSecret.epicIssueId), w.tokens.guest)).statusCode).toBe(404);
    expect((await del(epicLink(1, w.epics.secret.id), w.tokens.guest)).statusCode).toBe(404);
    expect((await del(issueLink(1, 999_999), w.tokens.owner)).statusCode).toBe(404);
    expect((await del(issueLink(999, w.issues.issueA.epicIssueId), w.tokens.owner)).statusCode).toBe(404);
    expect((await del(issueLink(1, w.issues.issueA.epicIssueId, 'nope'), w.tokens.owner)).statusCode).toBe(404);
    // A link of another epic is not this epic's.
    expect((await del(issueLink(1, w.issues.deep.epicIssueId), w.tokens.owner)).statusCode).toBe(404);
    expect((await del(issueLink(1, w.issues.issueA.epicIssueId), w.tokens.guest)).statusCode).toBe(403);
    expect((await del(epicLink(1, w.epics.child.id), w.tokens.guest)).statusCode).toBe(403);
    expect((await del(issueLink(1, Number.NaN), w.tokens.owner)).statusCode).toBe(400);
  });

  it('unlinks an issue and a child epic (nested group paths too)', async () => {
    const w = t.world;
    const issue = await del(issueLink(1, w.issues.issueClosed.epicIssueId), w.tokens.owner);
    expect(issue.statusCode).toBe(200);
    const links = await t.db
      .selectFrom('epic_issues')
      .selectAll()
      .where('issue_id', '=', w.issues.issueClosed.id)
      .execute();
    expect(links).toEqual([]);
    // The grandchild lives in tree/sub: its own epic's path names the nested group.
    const nested = await del(epicLink(w.epics.child.iid, w.epics.grandchild.id), w.tokens.owner);
    expect(nested.statusCode).toBe(200);
    const closedChild = await del(epicLink(1, w.epics.closedChild.id), w.tokens.owner);
    expect(closedChild.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('epics')
      .select(['id', 'parent_id'])
      .where('id', 'in', [w.epics.grandchild.id, w.epics.closedChild.id])
      .execute();
    expect(rows.map((r) => r.parent_id)).toEqual([null, null]);
    expect((await del(epicLink(1, w.epics.closedChild.id), w.tokens.owner)).statusCode).toBe(404);
  });

  it('needs the CSRF token with a cookie session', async () => {
    const w = t.world;
    const { cookies, csrfToken } = await createCookieSession(t.db, w.users.owner.id);
    const url = issueLink(1, w.issues.issueA.epicIssueId);
    expect((await t.app.inject({ method: 'DELETE', url, cookies })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'DELETE', url, cookies, headers: { 'x-csrf-token': csrfToken } });
    expect(ok.statusCode).toBe(200);
  });
});
