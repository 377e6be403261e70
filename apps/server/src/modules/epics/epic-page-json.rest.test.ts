import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { apiClient } from '../../test/api-client';
import { addGroupMembers, createCookieSession, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'epj_',
  users: ['owner', 'planner', 'reporter', 'guest', 'outsider'],
});
const { api, uid } = t;
/** The page-JSON routes sit beside the pages, outside /api/v4. */
const page = apiClient(() => t.app, t.tok, '');
let g: { id: number };
let hidden: { id: number };
let projectId: number;

interface PageEpic {
  iid: number;
  title: string;
  description: string;
  state: string;
  confidential: boolean;
  color: string;
  labels: Array<{ name: string }>;
  start_date_fixed: string | null;
  due_date: string | null;
  lock_version: number;
  subscribed: boolean;
  user_permissions: Record<string, boolean>;
  rollup_drift: { latest_child_due_date: string | null; children_after_due: number; drifting: boolean };
}

const newEpic = async (body: object = {}) => {
  const res = await api('POST', `/groups/${g.id}/epics`, 'owner', { title: 'Epic', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; iid: number };
};
const url = (iid: number, query = '') => `/groups/epjg/-/epics/${iid}.json${query}`;

beforeAll(async () => {
  g = await createGroup(t.db, { path: 'epjg', visibility: 10 });
  hidden = await createGroup(t.db, { path: 'epjhidden', visibility: 0 });
  projectId = (await createProject(t.db, { namespaceId: g.id, path: 'epjproj' })).id;
  await addGroupMembers(t.db, g.id, [
    [uid.owner ?? 0, AccessLevel.OWNER],
    [uid.planner ?? 0, AccessLevel.PLANNER],
    [uid.reporter ?? 0, AccessLevel.REPORTER],
    [uid.guest ?? 0, AccessLevel.GUEST],
  ]);
  await addGroupMembers(t.db, hidden.id, [[uid.owner ?? 0, AccessLevel.OWNER]]);
});

describe('GET /groups/:group/-/epics/:iid.json', () => {
  it('answers the epic with lock_version, the viewer’s permissions and subscription', async () => {
    const e = await newEpic({ title: 'Shown', confidential: false });
    const owner = await page('GET', url(e.iid), 'owner');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({
      iid: e.iid,
      title: 'Shown',
      state: 'opened',
      lock_version: 0,
      subscribed: false,
      user_permissions: { update_epic: true, destroy_epic: true, create_epic: true },
    });
    // GitLab: Reporters (20) are above Planners (15) and edit epics, but only Planners and Owners delete them.
    const reporter = (await page('GET', url(e.iid), 'reporter')).json() as PageEpic;
    expect(reporter.user_permissions).toMatchObject({ update_epic: true, destroy_epic: false, create_epic: true });
    const guest = (await page('GET', url(e.iid), 'guest')).json() as PageEpic;
    expect(guest.user_permissions).toMatchObject({ update_epic: false, destroy_epic: false, create_epic: false });
    const anonymous = await page('GET', url(e.iid));
    expect(anonymous.statusCode).toBe(404);
    const planner = (await page('GET', url(e.iid), 'planner')).json() as PageEpic;
    expect(planner.user_permissions).toMatchObject({ update_epic: true, destroy_epic: true, create_epic: true });
  });

  it('carries every flag the page needs (header, sidebar, add menu, comments), as GraphQL’s userPermissions answers them', async () => {
    const e = await newEpic({ title: 'Flags' });
    const flags = {
      readEpic: 'read_epic',
      updateEpic: 'update_epic',
      adminEpic: 'admin_epic',
      destroyEpic: 'destroy_epic',
      createEpic: 'create_epic',
      adminEpicRelation: 'admin_epic_relation',
      createNote: 'create_note',
      markNoteAsInternal: 'mark_note_as_internal',
      adminNote: 'admin_note',
    } as const;
    const query = `{ group(fullPath: "epjg") { userPermissions { adminLabel } epic(iid: "${e.iid}") { userPermissions { ${Object.keys(flags).join(' ')} } } } }`;
    for (const user of ['owner', 'reporter', 'guest'] as const) {
      const json = (await page('GET', url(e.iid), user)).json() as PageEpic;
      const gql = (await page('POST', '/api/graphql', user, { query })).json() as { data: unknown };
      const group = (
        gql.data as {
          group: { userPermissions: { adminLabel: boolean }; epic: { userPermissions: Record<string, boolean> } };
        }
      ).group;
      for (const [field, flag] of Object.entries(flags)) {
        expect(json.user_permissions[flag], `${user} ${flag}`).toBe(group.epic.userPermissions[field]);
      }
      expect(json.user_permissions.admin_label, `${user} admin_label`).toBe(group.userPermissions.adminLabel);
      expect(json.user_permissions.award_emoji, `${user} award_emoji`).toBe(true);
    }
    const guest = (await page('GET', url(e.iid), 'guest')).json() as PageEpic;
    expect(guest.user_permissions).toMatchObject({ read_epic: true, admin_epic_relation: false, create_note: true });
    const owner = (await page('GET', url(e.iid), 'owner')).json() as PageEpic;
    expect(owner.user_permissions).toMatchObject({ admin_epic_relation: true, admin_note: true, admin_label: true });
  });

  it('is 404 for a hidden group, a confidential epic below Planner, and a missing epic', async () => {
    const res = await api('POST', `/groups/${hidden.id}/epics`, 'owner', { title: 'Secret' });
    const secret = res.json() as { iid: number };
    expect((await page('GET', `/groups/epjhidden/-/epics/${secret.iid}.json`, 'outsider')).statusCode).toBe(404);
    expect((await page('GET', `/groups/epjhidden/-/epics/${secret.iid}.json`)).statusCode).toBe(404);
    const confidential = await newEpic({ confidential: true });
    expect((await page('GET', url(confidential.iid), 'guest')).statusCode).toBe(404);
    expect((await page('PUT', url(confidential.iid, '?epic[title]=x'), 'guest')).statusCode).toBe(404);
    expect((await page('GET', url(confidential.iid), 'planner')).statusCode).toBe(200);
    expect((await page('GET', url(9999), 'owner')).statusCode).toBe(404);
  });

  it('computes the rollup drift over the open children the viewer may read', async () => {
    const parent = await newEpic({ due_date_is_fixed: true, due_date_fixed: '2026-03-31' });
    const child = await newEpic({ parent_id: parent.id, due_date_is_fixed: true, due_date_fixed: '2026-04-12' });
    expect(child.iid).toBeGreaterThan(0);
    const issue = (
      await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Late', due_date: '2026-04-01' })
    ).json() as { id: number };
    const link = await api('POST', `/groups/${g.id}/epics/${parent.iid}/issues/${issue.id}`, 'owner');
    expect(link.statusCode, link.body).toBe(201);
    const confidential = (
      await api('POST', `/projects/${projectId}/issues`, 'owner', {
        title: 'Secret late',
        due_date: '2026-06-01',
        confidential: true,
      })
    ).json() as { id: number };
    await api('POST', `/groups/${g.id}/epics/${parent.iid}/issues/${confidential.id}`, 'owner');
    const early = (
      await api('POST', `/projects/${projectId}/issues`, 'owner', { title: 'Early', due_date: '2026-01-01' })
    ).json() as { id: number };
    await api('POST', `/groups/${g.id}/epics/${parent.iid}/issues/${early.id}`, 'owner');

    const owner = (await page('GET', url(parent.iid), 'owner')).json() as PageEpic;
    expect(owner.rollup_drift).toEqual({ latest_child_due_date: '2026-06-01', children_after_due: 3, drifting: true });
    // The guest may not read the confidential issue: it counts for nothing.
    const guest = (await page('GET', url(parent.iid), 'guest')).json() as PageEpic;
    expect(guest.rollup_drift).toEqual({ latest_child_due_date: '2026-04-12', children_after_due: 2, drifting: true });
    // Closed children no longer drift.
    await api('PUT', `/groups/${g.id}/epics/${child.iid}`, 'owner', { state_event: 'close' });
    const after = (await page('GET', url(parent.iid), 'guest')).json() as PageEpic;
    expect(after.rollup_drift).toEqual({ latest_child_due_date: '2026-04-01', children_after_due: 1, drifting: true });
  });
});

describe('PUT /groups/:group/-/epics/:iid.json', () => {
  it('closes and reopens with epic[state_event] in the query string (IE-8)', async () => {
    const e = await newEpic();
    const closed = await page('PUT', url(e.iid, '?epic[state_event]=close'), 'planner');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'closed' });
    const reopened = await page('PUT', url(e.iid, '?epic[state_event]=reopen'), 'planner');
    expect(reopened.json()).toMatchObject({ state: 'opened' });
  });

  it('updates the bracketed fields from a form body, labels by id', async () => {
    const e = await newEpic();
    const label = await api('POST', `/groups/${g.id}/labels`, 'owner', { name: 'epj-label', color: '#ff0000' });
    const labelId = (label.json() as { id: number }).id;
    const form = [
      'epic[title]=Renamed',
      'epic[description]=New%20text',
      'epic[confidential]=true',
      'epic[color]=%23217645',
      'epic[start_date_is_fixed]=true',
      'epic[start_date_fixed]=2026-01-01',
      'epic[due_date_is_fixed]=1',
      'epic[due_date_fixed]=2026-03-31',
      `epic[label_ids][]=${labelId}`,
      'lock_version=0',
    ].join('&');
    const res = await t.app.inject({
      method: 'PUT',
      url: url(e.iid),
      headers: { 'private-token': t.tok.owner ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed',
      description: 'New text',
      confidential: true,
      color: '#217645',
      start_date_fixed: '2026-01-01',
      due_date: '2026-03-31',
      labels: [{ name: 'epj-label' }],
      lock_version: 1,
    });
    const cleared = await page('PUT', url(e.iid), 'owner', { epic: { label_ids: [] } });
    expect((cleared.json() as PageEpic).labels).toEqual([]);
  });

  it('takes a JSON body {"epic": {...}} with a lock_version; 409 when stale', async () => {
    const e = await newEpic();
    const first = await page('PUT', url(e.iid), 'owner', { epic: { title: 'Mine', lock_version: 0 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Mine', lock_version: 1 });
    const stale = await page('PUT', url(e.iid), 'planner', { epic: { description: 'Theirs' }, lock_version: 0 });
    expect(stale.statusCode).toBe(409);
    const fresh = await page('PUT', url(e.iid), 'planner', { epic: { description: 'Theirs' }, lock_version: 1 });
    expect(fresh.json()).toMatchObject({ description: 'Theirs', lock_version: 2 });
  });

  it('is a 400 naming the bracketed field for unknown fields and bad values', async () => {
    const e = await newEpic();
    const cases: Array<[string, object | undefined, string]> = [
      ['?epic[state_event]=archive', undefined, 'epic[state_event]'],
      ['?epic[nonsense]=1', undefined, 'epic[nonsense]'],
      ['', { epic: { title: 'x'.repeat(256) } }, 'epic[title]'],
      ['', { epic: { confidential: 'maybe' } }, 'epic[confidential]'],
      ['', { epic: { due_date_fixed: '2026-13-45' } }, 'epic[due_date_fixed]'],
      ['', { epic: { color: 'red' } }, 'epic[color]'],
      ['', { epic: { label_ids: ['abc'] } }, 'epic[label_ids]'],
      ['', { epic: { label_ids: [2_000_000_000] } }, 'epic[label_ids]'],
      ['', { epic: 'title' }, 'epic'],
    ];
    for (const [query, body, field] of cases) {
      const res = await page('PUT', url(e.iid, query), 'owner', body);
      expect(res.statusCode, `${query} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), `${query} ${JSON.stringify(body)}`).toMatchObject({ field });
      expect((res.json() as { message: string }).message).toContain(field);
      // GitLab's page endpoints answer `errors` (IE-2), which GitLab's own page shows.
      expect(res.json().errors).toEqual([res.json().message]);
    }
    expect(((await page('GET', url(e.iid), 'owner')).json() as PageEpic).title).toBe('Epic');
  });

  it('takes PATCH as PUT (Rails routes both to update)', async () => {
    const e = await newEpic();
    const res = await t.app.inject({
      method: 'PATCH',
      url: url(e.iid),
      headers: { 'private-token': t.tok.owner ?? '' },
      payload: { epic: { title: 'Patched' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PageEpic).title).toBe('Patched');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: url(e.iid),
      headers: { 'private-token': t.tok.outsider ?? '' },
      payload: { epic: { title: 'Nope' } },
    });
    // The group is internal: a non-member reads it but may not edit (as for PUT).
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toHaveLength(1);
  });

  it('is 403 for a reader without update_epic (Guest, non-member), 401 anonymous', async () => {
    const e = await newEpic();
    expect((await page('PUT', url(e.iid, '?epic[title]=x'), 'guest')).statusCode).toBe(403);
    expect((await page('PUT', url(e.iid, '?epic[state_event]=close'), 'guest')).statusCode).toBe(403);
    expect((await page('PUT', url(e.iid, '?epic[title]=x'), 'outsider')).statusCode).toBe(403);
    expect((await page('PUT', url(e.iid, '?epic[title]=x'))).statusCode).toBe(401);
  });

  it('needs the CSRF header from a cookie session', async () => {
    const e = await newEpic();
    const { cookies, csrfToken } = await createCookieSession(t.db, uid.owner ?? 0);
    const payload = { epic: { title: 'From the page' } };
    const noCsrf = await t.app.inject({ method: 'PUT', url: url(e.iid), cookies, payload });
    expect(noCsrf.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PUT',
      url: url(e.iid),
      cookies,
      payload,
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'From the page' });
  });
});

describe('DELETE /groups/:group/-/epics/:iid.json', () => {
  it('deletes for Owners and Planners, answering the epics list; 403 below, 404 hidden', async () => {
    const parent = await newEpic();
    const child = await newEpic({ parent_id: parent.id });
    expect((await page('DELETE', url(parent.iid), 'reporter')).statusCode).toBe(403);
    expect((await page('DELETE', url(parent.iid), 'outsider')).statusCode).toBe(403);
    // As GitLab's IssuableActions: without destroy_confirm nothing is deleted, 422 with its message.
    const unconfirmed = await page('DELETE', url(parent.iid), 'owner');
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toMatchObject({ errors: ['Destroy confirmation not provided for epic'] });
    expect((await page('GET', url(parent.iid), 'owner')).statusCode).toBe(200);
    const res = await page('DELETE', `${url(parent.iid)}?destroy_confirm=true`, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { web_url: string }).web_url).toMatch(/\/groups\/epjg\/-\/epics$/);
    expect((await page('GET', url(parent.iid), 'owner')).statusCode).toBe(404);
    // Its children are released, not deleted.
    const released = (await api('GET', `/groups/${g.id}/epics/${child.iid}`, 'owner')).json() as {
      parent_id: number | null;
    };
    expect(released.parent_id).toBeNull();
    const secret = (await api('POST', `/groups/${hidden.id}/epics`, 'owner', { title: 'S' })).json() as { iid: number };
    expect(
      (await page('DELETE', `/groups/epjhidden/-/epics/${secret.iid}.json?destroy_confirm=true`, 'outsider'))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v4/groups/:id/epics/:epic_iid/subscribe', () => {
  it('toggles the viewer’s subscription, 304 when unchanged', async () => {
    const e = await newEpic();
    const on = await api('POST', `/groups/${g.id}/epics/${e.iid}/subscribe`, 'guest');
    expect(on.statusCode, on.body).toBe(201);
    expect(on.json()).toMatchObject({ subscribed: true });
    expect((await api('POST', `/groups/${g.id}/epics/${e.iid}/subscribe`, 'guest')).statusCode).toBe(304);
    expect(((await page('GET', url(e.iid), 'guest')).json() as PageEpic).subscribed).toBe(true);
    const off = await api('POST', `/groups/${g.id}/epics/${e.iid}/unsubscribe`, 'guest');
    expect(off.json()).toMatchObject({ subscribed: false });
    const secret = (await api('POST', `/groups/${hidden.id}/epics`, 'owner', { title: 'S' })).json() as { iid: number };
    expect((await api('POST', `/groups/${hidden.id}/epics/${secret.iid}/subscribe`, 'outsider')).statusCode).toBe(404);
    expect((await api('POST', `/groups/${g.id}/epics/${e.iid}/subscribe`)).statusCode).toBe(401);
  });
});
