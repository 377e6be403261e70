import { describe, expect, it } from 'vitest';
import { createProject } from '../../test/factories';
import { useIssuesRestWorld } from '../../test/issues-rest-world';

/** Writing issues over REST: create, update, delete, incidents, epics, reordering, hostile input. */
const { t, world } = useIssuesRestWorld();
const { api, uid } = t;

describe('issue writes', () => {
  it('400 without title, 401 anonymous, 404 on private project', async () => {
    const res = await api('POST', `/projects/${world.p1}/issues`, 'planner', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'title is missing' });
    expect((await api('POST', `/projects/${world.pub}/issues`, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await api('POST', `/projects/${world.p1}/issues`, 'outsider', { title: 'x' })).statusCode).toBe(404);
    expect(
      (await api('POST', `/projects/${world.p1}/issues`, 'planner', { title: 'x', due_date: 'soon' })).statusCode,
    ).toBe(400);
  });

  it('hides a confidential parent epic from readers who may not see it', async () => {
    const conf = await t.db
      .insertInto('epics')
      .values({ group_id: world.groupId, iid: 2, title: 'Hush', confidential: true, author_id: uid.owner as number })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A confidential epic only takes confidential issues (security review M2).
    const publicIssue = await api('POST', `/projects/${world.p1}/issues`, 'owner', {
      title: 'Public',
      epic_id: conf.id,
    });
    expect(publicIssue.statusCode).toBe(400);
    expect(publicIssue.json()).toMatchObject({ field: 'epic_id' });
    const created = await api('POST', `/projects/${world.p1}/issues`, 'owner', {
      title: 'In secret epic',
      confidential: true,
      epic_id: conf.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ epic: { id: conf.id, title: 'Hush' } });
    const iid = (created.json() as { iid: number }).iid;
    // Its author, a Guest, reads the confidential issue but not the confidential epic (Planner+).
    await t.db
      .updateTable('issues')
      .set({ author_id: uid.guest as number })
      .where('id', '=', (created.json() as { id: number }).id)
      .execute();
    expect((await api('GET', `/projects/${world.p1}/issues/${iid}`, 'guest')).json()).toMatchObject({
      epic: null,
      epic_iid: null,
    });
    // A Guest may not set the epic at all: as GitLab, the admin-only field is ignored on create.
    const denied = await api('POST', `/projects/${world.p1}/issues`, 'guest', { title: 'x', epic_id: conf.id });
    expect(denied.statusCode).toBe(201);
    expect(denied.json()).toMatchObject({ epic: null, epic_iid: null });
    await api('DELETE', `/projects/${world.p1}/issues/${iid}`, 'owner');
  });

  it('guest admin-only fields were ignored on create', async () => {
    const five = (await api('GET', `/projects/${world.p1}/issues/5`, 'planner')).json() as Record<string, unknown>;
    expect(five).toMatchObject({ labels: [], milestone: null, weight: null });
  });

  it('renders hostile descriptions inert', async () => {
    const created = await api('POST', `/projects/${world.pub}/issues`, 'admin', {
      title: 'xss',
      description: '<script>alert(1)</script><img src=x onerror=alert(1)> [a](javascript:alert(1))',
    });
    expect(created.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('issues')
      .select('description_html')
      .where('id', '=', (created.json() as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(row.description_html).not.toMatch(/<script|onerror|javascript:/i);
    // The single-issue JSON carries the stored, sanitized rendering; lists do not.
    const json = created.json() as { iid: number; description_html: string };
    expect(json.description_html).toBe(row.description_html);
    const shown = (await api('GET', `/projects/${world.pub}/issues/${json.iid}`, 'admin')).json() as Record<
      string,
      unknown
    >;
    expect(shown.description_html).toBe(row.description_html);
    const listed = (await api('GET', `/projects/${world.pub}/issues`, 'admin')).json() as Record<string, unknown>[];
    expect(listed[0]).not.toHaveProperty('description_html');
  });

  // Their system notes and other effects: modules/changes/issue-changes.rest.test.ts.
  it('updates with labels, lock_version and state events', async () => {
    const created = (await api('POST', `/projects/${world.p1}/issues`, 'planner', { title: 'Edit me' })).json() as {
      iid: number;
      lock_version: number;
    };
    const url = `/projects/${world.p1}/issues/${created.iid}`;
    const upd = await api('PUT', url, 'planner', {
      labels: 'a,b',
      add_labels: 'c',
      remove_labels: 'a',
      milestone_id: world.m1,
      state_event: 'close',
      lock_version: created.lock_version,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ labels: ['b', 'c'], state: 'closed', milestone: { id: world.m1 } });
    const stale = await api('PUT', url, 'planner', { title: 'y', lock_version: created.lock_version });
    expect(stale.statusCode).toBe(409);
    const reopened = await api('PUT', url, 'planner', { state_event: 'reopen' });
    expect(reopened.json()).toMatchObject({ state: 'opened', closed_at: null });
  });

  it('403 for a guest editing or deleting another author issue; 204 delete for planner', async () => {
    expect((await api('PUT', `/projects/${world.p1}/issues/1`, 'guest', { title: 'hack' })).statusCode).toBe(403);
    expect((await api('PUT', `/projects/${world.p1}/issues/3`, 'guest', { title: 'hack' })).statusCode).toBe(404);
    expect((await api('PUT', `/projects/${world.p1}/issues/5`, 'guest', { title: 'mine' })).statusCode).toBe(200);
    const created = (await api('POST', `/projects/${world.p1}/issues`, 'planner', { title: 'Doomed' })).json() as {
      iid: number;
    };
    expect((await api('DELETE', `/projects/${world.p1}/issues/${created.iid}`, 'guest')).statusCode).toBe(403);
    expect((await api('DELETE', `/projects/${world.p1}/issues/${created.iid}`, 'planner')).statusCode).toBe(204);
    expect((await api('GET', `/projects/${world.p1}/issues/${created.iid}`, 'planner')).statusCode).toBe(404);
  });

  it('makes an issue an incident only for Reporter and up; an incident stays one for its editors', async () => {
    const refused = await api('POST', `/projects/${world.p1}/issues`, 'planner', {
      title: 'Outage',
      issue_type: 'incident',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^issue_type is invalid/);
    const created = (await api('POST', `/projects/${world.p1}/issues`, 'planner', { title: 'Outage' })).json() as {
      iid: number;
    };
    const url = `/projects/${world.p1}/issues/${created.iid}`;
    expect((await api('PUT', url, 'planner', { issue_type: 'incident' })).statusCode).toBe(403);
    const retyped = await api('PUT', url, 'owner', { issue_type: 'incident' });
    expect(retyped.json()).toMatchObject({ issue_type: 'incident', type: 'INCIDENT' });
    // Already an incident: a Planner's edit may keep the type, or turn it back into an issue.
    expect((await api('PUT', url, 'planner', { title: 'Outage!', issue_type: 'incident' })).statusCode).toBe(200);
    expect((await api('PUT', url, 'planner', { issue_type: 'issue' })).json()).toMatchObject({ issue_type: 'issue' });
    expect(
      (await api('POST', `/projects/${world.p1}/issues`, 'owner', { title: 'Real', issue_type: 'incident' }))
        .statusCode,
    ).toBe(201);
  });

  it('reorders with relative positions, rebalancing when neighbours touch', async () => {
    const project = await createProject(t.db, { namespaceId: world.groupId, path: 'board' });
    const made: Array<{ id: number; iid: number }> = [];
    for (const title of ['A', 'B', 'C']) {
      made.push(
        (await api('POST', `/projects/${project.id}/issues`, 'planner', { title })).json() as {
          id: number;
          iid: number;
        },
      );
    }
    const [a, b, c] = made as [{ id: number; iid: number }, { id: number; iid: number }, { id: number; iid: number }];
    const order = async () =>
      (
        (
          await api('GET', `/projects/${project.id}/issues?order_by=relative_position&sort=asc`, 'planner')
        ).json() as Array<{
          title: string;
        }>
      ).map((i) => i.title);
    expect(await order()).toEqual(['A', 'B', 'C']);
    const url = `/projects/${project.id}/issues/${c.iid}/reorder`;
    const moved = await api('PUT', url, 'planner', { move_before_id: a.id, move_after_id: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await order()).toEqual(['A', 'C', 'B']);
    await t.db.updateTable('issues').set({ relative_position: 100 }).where('id', '=', a.id).execute();
    await t.db.updateTable('issues').set({ relative_position: 101 }).where('id', '=', b.id).execute();
    await t.db.updateTable('issues').set({ relative_position: 5000 }).where('id', '=', c.id).execute();
    expect(await order()).toEqual(['A', 'B', 'C']);
    expect((await api('PUT', url, 'planner', { move_before_id: a.id, move_after_id: b.id })).statusCode).toBe(200);
    expect(await order()).toEqual(['A', 'C', 'B']);
    expect((await api('PUT', url, 'planner', {})).statusCode).toBe(400);
    expect((await api('PUT', url, 'planner', { move_after_id: 999999 })).statusCode).toBe(400);
    expect((await api('PUT', url, 'outsider', { move_after_id: a.id })).statusCode).toBe(404);
    const top = await api('PUT', `/projects/${project.id}/issues/${b.iid}/reorder`, 'planner', { move_after_id: a.id });
    expect(top.statusCode).toBe(200);
    expect(await order()).toEqual(['B', 'A', 'C']);
  });
});
