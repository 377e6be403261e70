import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { apiClient } from '../../../test/api-client';
import { addGroupMembers, addProjectMember, createGroup, createProject } from '../../../test/factories';
import { useRestTestApp } from '../../../test/rest-test-app';
import { EPIC_TOO_DEEP, NO_MATCHING_EPIC, NO_MATCHING_ISSUE } from './epic-tree-links.service';

const t = useRestTestApp({ prefix: 'tl_', users: ['owner', 'guest', 'outsider', 'projectPlanner'] });
const { api, uid } = t;
/** The page endpoints live beside the pages, outside /api/v4. */
const page = apiClient(
  () => t.app,
  () => t.tok,
  '',
);

type Json = Record<string, unknown> & { id: number; iid: number };
let g: { id: number };
let sub: { id: number };
let hidden: { id: number };
let webId: number;

const newEpic = async (groupId: number, body: object = {}): Promise<Json> => {
  const res = await api('POST', `/groups/${groupId}/epics`, 'owner', { title: 'Epic', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const newIssue = async (projectId: number, iid: number, confidential = false) => {
  await t.db
    .insertInto('issues')
    .values({ project_id: projectId, iid, title: `Issue ${iid}`, confidential })
    .execute();
};
const addIssues = (epic: Json, refs: string[], who = 'owner') =>
  page('POST', `/groups/tl/-/epics/${epic.iid}/issues`, who, { issuable_references: refs });
const addEpics = (epic: Json, refs: string[], who = 'owner', groupPath = 'tl') =>
  page('POST', `/groups/${groupPath}/-/epics/${epic.iid}/links`, who, { issuable_references: refs });
const issuableIds = (res: { json: () => unknown }) =>
  ((res.json() as { issuables: Json[] }).issuables ?? []).map((i) => i.iid);

beforeAll(async () => {
  g = await createGroup(t.db, { path: 'tl' });
  sub = await createGroup(t.db, { path: 'sub', parentId: g.id });
  hidden = await createGroup(t.db, { path: 'tlhidden' });
  await t.db
    .updateTable('namespaces')
    .set({ traversal_ids: [g.id, sub.id] })
    .where('id', '=', sub.id)
    .execute();
  webId = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
  await createProject(t.db, { namespaceId: sub.id, path: 'api' });
  const hiddenProject = (await createProject(t.db, { namespaceId: hidden.id, path: 'secret' })).id;
  await addGroupMembers(t.db, g.id, [
    [uid.owner ?? 0, AccessLevel.OWNER],
    [uid.guest ?? 0, AccessLevel.GUEST],
  ]);
  // Planner of the project only (security review M2): may write its issues, not the group's epics.
  await addProjectMember(t.db, webId, uid.projectPlanner ?? 0, AccessLevel.PLANNER);
  for (const iid of [1, 2, 3, 4, 5, 6]) await newIssue(webId, iid);
  await newIssue(webId, 7, true);
  await newIssue(hiddenProject, 1);
});

describe('POST /groups/:group/-/epics/:iid/issues (IE-10)', () => {
  it('adds several issues by reference and URL, answering GitLab’s { message, issuables }', async () => {
    const epic = await newEpic(g.id);
    const res = await addIssues(epic, ['tl/web#1', 'http://localhost/tl/web/-/issues/2  web#1']);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string | null; issuables: Json[] };
    expect(body.message).toBeNull();
    expect(issuableIds(res)).toEqual([1, 2]);
    expect(body.issuables[0]).toMatchObject({
      epic_issue_id: expect.any(Number),
      can_admin: true,
      relation_path: expect.stringMatching(/^\/groups\/tl\/-\/epics\/\d+\/issues\/\d+$/),
    });
    const listed = await api('GET', `/groups/${g.id}/epics/${epic.iid}/issues`, 'owner');
    expect((listed.json() as Json[]).map((i) => i.iid)).toEqual([1, 2]);
    // Adding them again: nothing new, 409 as GitLab.
    expect((await addIssues(epic, ['tl/web#1'])).statusCode).toBe(409);
  });

  it('adds the good references when others fail, naming the failures', async () => {
    const epic = await newEpic(g.id);
    const res = await addIssues(epic, ['tl/web#3 tl/web#999 bogus']);
    expect(res.statusCode, res.body).toBe(200);
    expect(issuableIds(res)).toEqual([3]);
    expect((res.json() as { message: string }).message).toBe(
      '2 of 3 could not be added: tl/web#999 (not found), bogus (not found)',
    );
  });

  it('404 when nothing is found; a hidden issue answers exactly as a missing one', async () => {
    const epic = await newEpic(g.id);
    const missing = await addIssues(epic, ['tl/web#999']);
    const hiddenOne = await addIssues(epic, ['tlhidden/secret#1']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: NO_MATCHING_ISSUE });
    expect(hiddenOne.statusCode).toBe(404);
    expect(hiddenOne.body).toBe(missing.body);
  });

  it('403 without admin_epic_relation, 404 on an unreadable epic, 401 anonymous', async () => {
    const epic = await newEpic(g.id);
    expect((await addIssues(epic, ['tl/web#4'], 'guest')).statusCode).toBe(403);
    expect((await addIssues(epic, ['tl/web#4'], 'outsider')).statusCode).toBe(404);
    const anonymous = await page('POST', `/groups/tl/-/epics/${epic.iid}/issues`, undefined, {
      issuable_references: ['tl/web#4'],
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await api('GET', `/groups/${g.id}/epics/${epic.iid}/issues`, 'owner')).json()).toEqual([]);
  });

  it('a confidential epic takes only confidential issues', async () => {
    const epic = await newEpic(g.id, { confidential: true });
    const refused = await addIssues(epic, ['tl/web#5']);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toContain('confidential');
    const ok = await addIssues(epic, ['tl/web#7 tl/web#5']);
    expect(ok.statusCode).toBe(200);
    expect(issuableIds(ok)).toEqual([7]);
  });

  it('400 naming issuable_references when there is nothing to add', async () => {
    const epic = await newEpic(g.id);
    const res = await addIssues(epic, ['  ']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'issuable_references' });
  });
});

describe('POST /groups/:group/-/epics/:iid/links (IE-10)', () => {
  it('adds epics by &iid, group&iid and URL (subgroup path too)', async () => {
    const parent = await newEpic(g.id);
    const a = await newEpic(g.id);
    const b = await newEpic(sub.id);
    const c = await newEpic(g.id);
    const res = await addEpics(parent, [`&${a.iid}`, `tl/sub&${b.iid} http://localhost/groups/tl/-/epics/${c.iid}`]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { issuables: Json[] }).issuables.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect((res.json() as { issuables: Json[] }).issuables[0]).toMatchObject({ can_admin: true });
    const children = await api('GET', `/groups/${g.id}/epics/${parent.iid}/epics`, 'owner');
    expect((children.json() as Json[]).map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    // The subgroup's page path works as well.
    const inSub = await newEpic(sub.id);
    const d = await newEpic(sub.id);
    expect((await addEpics(inSub, [`&${d.iid}`], 'owner', 'tl/sub')).statusCode).toBe(200);
  });

  it('409 "Epic hierarchy level too deep" past seven levels', async () => {
    let top = await newEpic(g.id);
    const root = top;
    for (let level = 2; level <= 7; level++) {
      const child = await newEpic(g.id, { parent_id: top.id });
      top = child;
    }
    const extra = await newEpic(g.id);
    const res = await addEpics(top, [`&${extra.iid}`]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: EPIC_TOO_DEEP });
    expect(root.id).toBeGreaterThan(0);
  });

  it('404 for missing and hidden epics alike, 403 for a Guest, 400 for a public child of a confidential parent', async () => {
    const parent = await newEpic(g.id);
    const hiddenEpic = await newEpic(hidden.id).catch(() => null);
    const missing = await addEpics(parent, ['&9999']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: NO_MATCHING_EPIC });
    expect(hiddenEpic).toBeNull(); // the owner of tl may not even create one there
    const secret = await t.db
      .insertInto('epics')
      .values({ group_id: hidden.id, iid: 1, title: 'Secret', author_id: uid.owner as number })
      .returning('iid')
      .executeTakeFirstOrThrow();
    expect((await addEpics(parent, [`tlhidden&${secret.iid}`])).body).toBe(missing.body);
    const child = await newEpic(g.id);
    expect((await addEpics(parent, [`&${child.iid}`], 'guest')).statusCode).toBe(403);
    const confidential = await newEpic(g.id, { confidential: true });
    const refused = await addEpics(confidential, [`&${child.iid}`]);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toContain('confidential');
  });
});

describe('POST /projects/:id/issues with epic_id (IE-12, security review M2)', () => {
  it('creates the issue in the epic through the relation service; a project-only Planner gets 403', async () => {
    const epic = await newEpic(g.id);
    const created = await api('POST', `/projects/${webId}/issues`, 'owner', {
      title: 'From the tree',
      epic_id: epic.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await api('GET', `/groups/${g.id}/epics/${epic.iid}/issues`, 'owner');
    expect((listed.json() as Json[]).map((i) => i.title)).toEqual(['From the tree']);
    const denied = await api('POST', `/projects/${webId}/issues`, 'projectPlanner', { title: 'x', epic_id: epic.id });
    expect(denied.statusCode).toBe(403);
    const count = await t.db
      .selectFrom('issues')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('GET /groups/:id/projects with the create-issue form’s parameters (IE-16)', () => {
  it('accepts with_shared and matches namespaces with search_namespaces', async () => {
    const q = 'include_subgroups=true&order_by=last_activity_at&with_issues_enabled=true&with_shared=false';
    const byNamespace = await api('GET', `/groups/${g.id}/projects?${q}&search_namespaces=true&search=sub`, 'owner');
    expect(byNamespace.statusCode, byNamespace.body).toBe(200);
    expect((byNamespace.json() as Array<{ path_with_namespace: string }>).map((p) => p.path_with_namespace)).toEqual([
      'tl/sub/api',
    ]);
    const byName = await api('GET', `/groups/${g.id}/projects?${q}&search=sub`, 'owner');
    expect(byName.json()).toEqual([]);
    const all = await api('GET', `/groups/${g.id}/projects?${q}&search_namespaces=true`, 'owner');
    expect((all.json() as unknown[]).length).toBe(2);
  });
});
