import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, buildRelationsWorld, client, num, type RelationsWorld } from '../test/relations-world';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * Security review 2026-11-23, relations: M2, L6 (issue ↔ epic, and epic ↔ child epic), L5 + L15 (issue and epic links),
 * L7 (assignees), L14 (epic dates), L12 (target_project_id URIError). Each test is the review's
 * one-line attack against the started server.
 */
let s: StartedServer;
let w: RelationsWorld;
let api: ReturnType<typeof client>;

const epicIn = async (groupId: number, body: object): Promise<Answer> => {
  const r = await api('POST', `/groups/${groupId}/epics`, 'owner', body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r;
};
const milestoneIn = async (groupId: number, body: object) => {
  const r = await api('POST', `/groups/${groupId}/milestones`, 'owner', body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r;
};
const issueIn = async (projectId: number, body: object, who: 'owner' | 'victimOwner' = 'owner') => {
  const r = await api('POST', `/projects/${projectId}/issues`, who, body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { id: num(r, 'id'), iid: num(r, 'iid') };
};
const epicOf = async (issueId: number) =>
  (await s.db.selectFrom('epic_issues').select('epic_id').where('issue_id', '=', issueId).executeTakeFirst())
    ?.epic_id ?? null;

beforeAll(async () => {
  s = await startTestServer();
  const built = await buildRelationsWorld(s, 'rel');
  w = built.w;
  api = client(s, built.tokens);
});
afterAll(async () => {
  await s?.close();
});

describe('M2 — PUT /projects/:id/issues/:iid?epic_id= goes through the epic-issues rules', () => {
  it('a project-only Planner cannot attach an issue to a group epic (403, like POST …/epics/:iid/issues)', async () => {
    const epic = await epicIn(w.acme.id, { title: 'Readable epic' });
    const issue = await issueIn(w.web.id, { title: 'Planner issue' });
    const put = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}?epic_id=${num(epic, 'id')}`, 'projPlanner');
    expect(put.status).toBe(403);
    const post = await api('POST', `/groups/${w.acme.id}/epics/${num(epic, 'iid')}/issues/${issue.id}`, 'projPlanner');
    expect(post.status).toBe(403);
    expect(await epicOf(issue.id)).toBeNull();
    // Same for create.
    const created = await api('POST', `/projects/${w.web.id}/issues`, 'projPlanner', {
      title: 'x',
      epic_id: num(epic, 'id'),
    });
    expect(created.status).toBe(403);
  });

  it('a public issue cannot join a confidential epic (400 naming epic_id)', async () => {
    const secret = await epicIn(w.acme.id, { title: 'Secret', confidential: true });
    const issue = await issueIn(w.web.id, { title: 'Public issue' });
    const put = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}?epic_id=${num(secret, 'id')}`, 'owner');
    expect(put.status).toBe(400);
    expect(put.json).toMatchObject({ field: 'epic_id' });
    expect(await epicOf(issue.id)).toBeNull();
  });

  it('an issue inside a confidential epic cannot be made public (400 naming confidential)', async () => {
    const secret = await epicIn(w.acme.id, { title: 'Secret 2', confidential: true });
    const issue = await issueIn(w.web.id, { title: 'Hidden', confidential: true, epic_id: num(secret, 'id') });
    expect(await epicOf(issue.id)).toBe(num(secret, 'id'));
    const put = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}`, 'owner', { confidential: false });
    expect(put.status).toBe(400);
    expect(put.json).toMatchObject({ field: 'confidential' });
    const row = await s.db.selectFrom('issues').select('confidential').where('id', '=', issue.id).executeTakeFirst();
    expect(row?.confidential).toBe(true);
  });

  it('epic_id recomputes the epic dates from the issue milestone (L14)', async () => {
    const ms = await api('POST', `/groups/${w.acme.id}/milestones`, 'owner', {
      title: 'M2 dates',
      start_date: '2031-01-01',
      due_date: '2031-02-01',
    });
    expect(ms.status, JSON.stringify(ms.json)).toBe(201);
    const epic = await epicIn(w.acme.id, { title: 'Dated by issues' });
    const issue = await issueIn(w.web.id, { title: 'In milestone', milestone_id: num(ms, 'id') });
    const put = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}?epic_id=${num(epic, 'id')}`, 'owner');
    expect(put.status).toBe(200);
    const after = await api('GET', `/groups/${w.acme.id}/epics/${num(epic, 'iid')}`, 'owner');
    expect(after.json).toMatchObject({ start_date: '2031-01-01', due_date: '2031-02-01' });
  });
});

describe('L6 — moving an issue between epics needs rights on the epic it leaves', () => {
  it('a subgroup Planner cannot pull an issue out of a parent-group epic', async () => {
    const parentEpic = await epicIn(w.acme.id, { title: 'Parent group epic' });
    const subEpic = await epicIn(w.sub.id, { title: 'Subgroup epic' });
    const issue = await issueIn(w.app.id, { title: 'Owned by acme&x', epic_id: num(parentEpic, 'id') });
    expect(await epicOf(issue.id)).toBe(num(parentEpic, 'id'));
    const post = await api('POST', `/groups/${w.sub.id}/epics/${num(subEpic, 'iid')}/issues/${issue.id}`, 'subPlanner');
    expect(post.status).toBe(403);
    const put = await api(
      'PUT',
      `/projects/${w.app.id}/issues/${issue.iid}?epic_id=${num(subEpic, 'id')}`,
      'subPlanner',
    );
    expect(put.status).toBe(403);
    const remove = await api('PUT', `/projects/${w.app.id}/issues/${issue.iid}?epic_id=0`, 'subPlanner');
    expect(remove.status).toBe(403);
    expect(await epicOf(issue.id)).toBe(num(parentEpic, 'id'));
    // The owner of both may move it; both epics' dates are recomputed by the same path.
    const moved = await api('POST', `/groups/${w.sub.id}/epics/${num(subEpic, 'iid')}/issues/${issue.id}`, 'owner');
    expect(moved.status).toBe(201);
    expect(await epicOf(issue.id)).toBe(num(subEpic, 'id'));
  });
});

describe('L6 for child epics — moving an epic to another parent needs rights on the parent it leaves', () => {
  const parentOf = async (epicId: number) =>
    (await s.db.selectFrom('epics').select('parent_id').where('id', '=', epicId).executeTakeFirst())?.parent_id;

  it('a subgroup Planner cannot pull a child epic out of a parent-group epic; the owner of both can', async () => {
    const oldParent = await epicIn(w.acme.id, { title: 'Parent group parent epic' });
    const child = await epicIn(w.sub.id, { title: 'Subgroup child epic', parent_id: num(oldParent, 'id') });
    const newParent = await epicIn(w.sub.id, { title: 'Subgroup new parent epic' });
    expect(await parentOf(num(child, 'id'))).toBe(num(oldParent, 'id'));
    const url = `/groups/${w.sub.id}/epics/${num(newParent, 'iid')}/epics/${num(child, 'id')}`;
    const post = await api('POST', url, 'subPlanner');
    expect(post.status).toBe(403);
    expect(await parentOf(num(child, 'id'))).toBe(num(oldParent, 'id'));
    const moved = await api('POST', url, 'owner');
    expect(moved.status, JSON.stringify(moved.json)).toBe(201);
    expect(await parentOf(num(child, 'id'))).toBe(num(newParent, 'id'));
  });
});

describe('L14 — epic dates follow milestones and issues', () => {
  it('editing a milestone, changing an issue milestone and deleting the issue recompute the epic', async () => {
    const ms = await milestoneIn(w.acme.id, { title: 'L14', start_date: '2032-03-01', due_date: '2032-04-01' });
    const epic = await epicIn(w.acme.id, { title: 'L14 epic' });
    const issue = await issueIn(w.web.id, { title: 'L14 issue', epic_id: num(epic, 'id') });
    const dates = async () => {
      const e = await api('GET', `/groups/${w.acme.id}/epics/${num(epic, 'iid')}`, 'owner');
      const j = e.json as { start_date: string | null; due_date: string | null };
      return [j.start_date, j.due_date];
    };
    expect(await dates()).toEqual([null, null]);
    await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}`, 'owner', { milestone_id: num(ms, 'id') });
    expect(await dates()).toEqual(['2032-03-01', '2032-04-01']);
    await api('PUT', `/groups/${w.acme.id}/milestones/${num(ms, 'id')}`, 'owner', { due_date: '2032-05-01' });
    expect(await dates()).toEqual(['2032-03-01', '2032-05-01']);
    await api('DELETE', `/projects/${w.web.id}/issues/${issue.iid}`, 'owner');
    expect(await dates()).toEqual([null, null]);
  });

  it('deleting a milestone recomputes the epic', async () => {
    const ms = await milestoneIn(w.acme.id, { title: 'L14 delete', start_date: '2033-03-01', due_date: '2033-04-01' });
    const epic = await epicIn(w.acme.id, { title: 'L14 epic 2' });
    await issueIn(w.web.id, { title: 'L14 issue 2', epic_id: num(epic, 'id'), milestone_id: num(ms, 'id') });
    const before = await api('GET', `/groups/${w.acme.id}/epics/${num(epic, 'iid')}`, 'owner');
    expect(before.json).toMatchObject({ due_date: '2033-04-01' });
    expect((await api('DELETE', `/groups/${w.acme.id}/milestones/${num(ms, 'id')}`, 'owner')).status).toBe(204);
    const after = await api('GET', `/groups/${w.acme.id}/epics/${num(epic, 'iid')}`, 'owner');
    expect(after.json).toMatchObject({ start_date: null, due_date: null });
  });
});

describe('L5 — issue links need admin_issue_relation on both ends', () => {
  it('a Guest of their own project cannot link onto a public victim issue (403), an unreadable one is 404', async () => {
    const created = await api('POST', `/projects/${w.own.id}/issues`, 'attacker', { title: 'mine' });
    const mineIssue = { id: num(created, 'id'), iid: num(created, 'iid') };
    const victimIssue = await issueIn(w.pub.id, { title: 'victim' }, 'victimOwner');
    const link = await api('POST', `/projects/${w.own.id}/issues/${mineIssue.iid}/links`, 'attacker', {
      target_project_id: String(w.pub.id),
      target_issue_iid: victimIssue.iid,
      link_type: 'is_blocked_by',
    });
    expect(link.status).toBe(403);
    const hidden = await issueIn(w.pub.id, { title: 'hidden', confidential: true }, 'victimOwner');
    const toHidden = await api('POST', `/projects/${w.own.id}/issues/${mineIssue.iid}/links`, 'attacker', {
      target_project_id: String(w.pub.id),
      target_issue_iid: hidden.iid,
    });
    expect(toHidden.status).toBe(404);
    const count = await s.db.selectFrom('issue_links').select('id').where('target_id', '=', mineIssue.id).execute();
    expect(count).toHaveLength(0);
  });

  it('an undecodable target_project_id is a 400 naming it (was a URIError 500)', async () => {
    const a = await issueIn(w.web.id, { title: 'uri' });
    const r = await api('POST', `/projects/${w.web.id}/issues/${a.iid}/links`, 'owner', {
      target_project_id: '%E0%A4%A',
      target_issue_iid: 1,
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ field: 'target_project_id' });
  });
});

describe('L15 — reverse duplicate links under concurrency', () => {
  it('A→B and B→A at once: one 201 and one 409, one row, never a 500 (issue links)', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await issueIn(w.web.id, { title: `race a${round}` });
      const b = await issueIn(w.web.id, { title: `race b${round}` });
      const results = await Promise.all([
        api('POST', `/projects/${w.web.id}/issues/${a.iid}/links`, 'owner', {
          target_project_id: String(w.web.id),
          target_issue_iid: b.iid,
        }),
        api('POST', `/projects/${w.web.id}/issues/${b.iid}/links`, 'owner', {
          target_project_id: String(w.web.id),
          target_issue_iid: a.iid,
        }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const rows = await s.db
        .selectFrom('issue_links')
        .select('id')
        .where('source_id', 'in', [a.id, b.id])
        .where('target_id', 'in', [a.id, b.id])
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('the same for related epics', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await epicIn(w.acme.id, { title: `race ea${round}` });
      const b = await epicIn(w.acme.id, { title: `race eb${round}` });
      const link = (from: Answer, to: Answer) =>
        api('POST', `/groups/${w.acme.id}/epics/${num(from, 'iid')}/related_epics`, 'owner', {
          target_group_id: String(w.acme.id),
          target_epic_iid: num(to, 'iid'),
        });
      const results = await Promise.all([link(a, b), link(b, a)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    }
  });
});

describe('L7 — assignees must be active users who can read the issue', () => {
  it('refuses blocked users and outsiders of a private project (400 naming assignee_ids)', async () => {
    const issue = await issueIn(w.web.id, { title: 'assignable', confidential: true });
    const blocked = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}`, 'owner', {
      assignee_ids: [w.uid.blocked],
    });
    expect(blocked.status).toBe(400);
    expect(blocked.json).toMatchObject({ field: 'assignee_ids' });
    // An outsider can read the internal project but not this confidential issue.
    const outsider = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}`, 'owner', {
      assignee_ids: [w.uid.outsider],
    });
    expect(outsider.status).toBe(400);
    const rows = await s.db.selectFrom('issue_assignees').select('user_id').where('issue_id', '=', issue.id).execute();
    expect(rows).toHaveLength(0);
    // A member who can read it is fine.
    const ok = await api('PUT', `/projects/${w.web.id}/issues/${issue.iid}`, 'owner', {
      assignee_ids: [w.uid.groupReporter],
    });
    expect(ok.status).toBe(200);
  });
});
